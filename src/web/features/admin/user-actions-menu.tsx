import { Ban, CircleCheck, Crown, LogOut, MailCheck, MoreHorizontal, ShieldMinus, ShieldPlus } from 'lucide-react'
import type { AdminUserRow } from '#shared/admin.ts'
import { Button } from '../../components/ui/button.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx'

export type UserDialog = 'tier' | 'role' | 'disable' | 'sign-out'

/** A user's row actions; those that need a confirmation open a dialog (`onDialog`), the rest run at once. */
export function UserActionsMenu({
  user,
  onDialog,
  onEnable,
  onResend,
}: {
  user: AdminUserRow
  onDialog: (dialog: UserDialog) => void
  onEnable: () => void
  onResend: () => void
}) {
  const isAdmin = user.role === 'admin'
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Actions for ${user.email}`} className="max-md:w-full">
          <MoreHorizontal aria-hidden="true" />
          <span className="md:sr-only">Actions</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="truncate">{user.email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onDialog('tier')}>
          <Crown aria-hidden="true" />
          Change tier…
        </DropdownMenuItem>
        <DropdownMenuItem disabled={user.adminByConfig} onSelect={() => onDialog('role')} className="items-start">
          {isAdmin ? <ShieldMinus aria-hidden="true" className="mt-0.5" /> : <ShieldPlus aria-hidden="true" className="mt-0.5" />}
          <span className="grid gap-0.5">
            {isAdmin ? 'Remove admin…' : 'Make admin…'}
            {user.adminByConfig && <span className="text-xs text-muted-foreground">Admin through ADMIN_EMAILS: change the server's setting instead.</span>}
          </span>
        </DropdownMenuItem>
        {!user.emailVerified && (
          <DropdownMenuItem onSelect={onResend}>
            <MailCheck aria-hidden="true" />
            Resend verification email
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => onDialog('sign-out')}>
          <LogOut aria-hidden="true" />
          Sign out everywhere…
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        {user.disabledAt ? (
          <DropdownMenuItem onSelect={onEnable}>
            <CircleCheck aria-hidden="true" />
            Enable account
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem variant="destructive" onSelect={() => onDialog('disable')}>
            <Ban aria-hidden="true" />
            Disable account…
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
