import type { AdminRoleChoice, AdminUserRow } from '#shared/admin.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'

/** Gives or takes away the admin role, after a confirmation. */
export function RoleDialog({
  user,
  onOpenChange,
  onConfirm,
}: {
  user: AdminUserRow
  onOpenChange: (open: boolean) => void
  onConfirm: (user: AdminUserRow, role: AdminRoleChoice) => Promise<unknown>
}) {
  const isAdmin = user.role === 'admin'
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={isAdmin ? `Remove admin from ${user.email}?` : `Make ${user.email} an admin?`}
      description={
        isAdmin
          ? 'They lose the admin dashboard and every admin action; their tier is what they pay for or were granted.'
          : 'Admins see every user, alert and payment here and can act on them. Every action they take is audited.'
      }
      confirmLabel={isAdmin ? 'Remove admin' : 'Make admin'}
      destructive={isAdmin}
      onConfirm={() => onConfirm(user, isAdmin ? 'member' : 'admin')}
    />
  )
}
