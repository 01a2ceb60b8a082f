import { LockKeyhole, ShieldAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { hasRole, requiredRoleText, type Role } from '#shared/roles.ts'
import { PATHS } from '#shared/routes.ts'
import { useAuth } from '../hooks/use-auth.ts'
import { PageSkeleton } from './page-skeleton.tsx'
import { Button } from './ui/button.tsx'

export const SIGN_IN_REQUIRED = 'Please sign in to access this content.'
export const PERMISSION_DENIED = "You don't have permission to access this content."

/**
 * Shows its children only to signed-in users whose role reaches `roles` (any one of them).
 * The server checks the same rule on every API call; this gate is for the screen.
 */
export function RoleGate({ roles = 'free', children }: { roles?: Role | readonly Role[]; children: ReactNode }) {
  const auth = useAuth()
  if (auth.status === 'loading') return <PageSkeleton />
  if (auth.status === 'signed-out') {
    return (
      <GateMessage icon={<LockKeyhole className="size-7 text-muted-foreground" aria-hidden="true" />} title={SIGN_IN_REQUIRED}>
        <Button asChild>
          <Link to={PATHS.auth}>Sign In</Link>
        </Button>
      </GateMessage>
    )
  }
  if (!hasRole(auth.role, roles)) {
    return (
      <GateMessage icon={<ShieldAlert className="size-7 text-muted-foreground" aria-hidden="true" />} title={PERMISSION_DENIED}>
        <p className="text-muted-foreground">{requiredRoleText(roles)}</p>
      </GateMessage>
    )
  }
  return children
}

export function AdminGate({ children }: { children: ReactNode }) {
  return <RoleGate roles="admin">{children}</RoleGate>
}

function GateMessage({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-muted">{icon}</div>
      <h1 className="text-xl font-semibold">{title}</h1>
      {children}
    </section>
  )
}
