import { LockKeyhole, ShieldAlert, WifiOff } from 'lucide-react'
import { useSyncExternalStore, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { hasRole, requiredRoleText, type Role } from '#shared/roles.ts'
import { PATHS } from '#shared/routes.ts'
import { useAuth } from '../hooks/use-auth.ts'
import { PageSkeleton } from './page-skeleton.tsx'
import { Button } from './ui/button.tsx'

// The gates a page passes before its content: the network, and the viewer's role. One module, so
// the pages share one chunk for them (a chunk more costs the landing page's first load a file name
// in the preload list, decision 019).

export const SIGN_IN_REQUIRED = 'Please sign in to access this content.'
export const PERMISSION_DENIED = "You don't have permission to access this content."
export const OFFLINE_TITLE = "You're offline"

function subscribeToNetwork(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/** Whether the browser has a network connection (navigator.onLine: false is reliable, true may not reach FareDrop). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeToNetwork, () => navigator.onLine, () => true)
}

/**
 * Shows its children only to signed-in users whose role reaches `roles` (any one of them).
 * The server checks the same rule on every API call; this gate is for the screen. Offline, a page
 * shows "You're offline" instead, unless it `worksOffline` and the viewer is known (decision 035).
 */
export function RoleGate({ roles = 'free', worksOffline = false, children }: { roles?: Role | readonly Role[]; worksOffline?: boolean; children: ReactNode }) {
  const auth = useAuth()
  const online = useOnline()
  if (!online && (!worksOffline || auth.status !== 'signed-in')) return <OfflineScreen />
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

/** For public pages that need the server (the search): "You're offline" until the network is back. */
export function NeedsNetwork({ children }: { children: ReactNode }) {
  return useOnline() ? children : <OfflineScreen />
}

/** A page that needs the network, opened without one; it shows itself once the network is back. */
export function OfflineScreen() {
  const { pathname } = useLocation()
  return (
    <GateMessage icon={<WifiOff className="size-7 text-muted-foreground" aria-hidden="true" />} title={OFFLINE_TITLE}>
      <p className="text-muted-foreground">This page needs a connection to FareDrop. It will load as soon as you're back online.</p>
      {pathname !== PATHS.alerts && (
        <Button asChild variant="outline">
          <Link to={PATHS.alerts}>See your saved alerts</Link>
        </Button>
      )}
    </GateMessage>
  )
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
