import type { AdminUserRow } from '#shared/admin.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { DataTable, type Column } from './data-table.tsx'
import { EmailText } from './email-text.tsx'
import { priceText, statusText, tierLabel } from './labels.ts'
import { TimeText } from './time-text.tsx'
import { UserActionsMenu, type UserDialog } from './user-actions-menu.tsx'

/** The users found, with their row actions. */
export function UserTable({
  users,
  onDialog,
  onEnable,
  onResend,
}: {
  users: readonly AdminUserRow[]
  onDialog: (user: AdminUserRow, dialog: UserDialog) => void
  onEnable: (user: AdminUserRow) => void
  onResend: (user: AdminUserRow) => void
}) {
  const columns: Column<AdminUserRow>[] = [
    {
      key: 'user',
      header: 'User',
      primary: true,
      cell: (user) => (
        <div className="grid min-w-0 justify-items-start gap-1 md:min-w-48 md:max-w-64">
          <EmailText email={user.email} className="font-medium" />
          {user.name && <span className="text-muted-foreground">{user.name}</span>}
          {user.emailVerified ? <Badge variant="success">Verified</Badge> : <Badge variant="warning">Unverified</Badge>}
        </div>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      cell: (user) =>
        user.role === 'admin' ? (
          <Badge variant="default" title={user.adminByConfig ? 'Listed in ADMIN_EMAILS' : undefined}>
            {user.adminByConfig ? 'Admin (config)' : 'Admin'}
          </Badge>
        ) : (
          <span className="text-muted-foreground">Member</span>
        ),
    },
    {
      key: 'tier',
      header: 'Tier',
      cell: (user) => (
        <div className="grid gap-0.5">
          <span className="font-medium">{tierLabel(user.tier)}</span>
          {user.grantedTier && <span className="text-xs whitespace-nowrap text-muted-foreground">granted {tierLabel(user.grantedTier)}</span>}
        </div>
      ),
    },
    {
      key: 'account',
      header: 'Account',
      cell: (user) =>
        user.disabledAt ? (
          <div className="grid justify-items-end gap-0.5 md:justify-items-start">
            <Badge variant="destructive">Disabled</Badge>
            <span className="text-xs text-muted-foreground">
              <TimeText value={user.disabledAt} />
            </span>
          </div>
        ) : (
          <span className="text-muted-foreground">Active</span>
        ),
    },
    {
      key: 'alerts',
      header: 'Alerts',
      label: 'Alerts (live / total)',
      cell: (user) => (
        <span className="tabular-nums" title={`${user.liveAlertCount} live of ${user.alertCount}`}>
          {user.liveAlertCount} / {user.alertCount}
        </span>
      ),
    },
    {
      key: 'subscription',
      header: 'Subscription',
      cell: (user) =>
        user.subscription ? (
          <div className="grid gap-0.5">
            <span className="whitespace-nowrap">{priceText(user.subscription.priceId)}</span>
            <span className="text-xs text-muted-foreground">
              {statusText(user.subscription.status)}
              {user.subscription.currentPeriodEnd && (
                <>
                  {' · period ends '}
                  <TimeText value={user.subscription.currentPeriodEnd} />
                </>
              )}
            </span>
          </div>
        ) : (
          <span className="text-muted-foreground">None</span>
        ),
    },
    {
      key: 'activity',
      header: 'Activity',
      cell: (user) => (
        <div className="grid gap-0.5 whitespace-nowrap">
          <span>
            {user.lastSignInAt ? 'Signed in ' : ''}
            <TimeText value={user.lastSignInAt} empty="Never signed in" />
          </span>
          <span className="text-xs text-muted-foreground">
            Joined <TimeText value={user.createdAt} />
          </span>
        </div>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      bare: true,
      className: 'text-right',
      cell: (user) => <UserActionsMenu user={user} onDialog={(dialog) => onDialog(user, dialog)} onEnable={() => onEnable(user)} onResend={() => onResend(user)} />,
    },
  ]
  return <DataTable label="Users" columns={columns} rows={users} rowKey={(user) => user.id} rowClassName={(user) => (user.disabledAt ? 'bg-destructive/5' : undefined)} />
}
