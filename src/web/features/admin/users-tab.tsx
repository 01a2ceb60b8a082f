import { useQuery } from '@tanstack/react-query'
import { UserSearch } from 'lucide-react'
import { useState } from 'react'
import type { AdminUserRow } from '#shared/admin.ts'
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts'
import { adminUsersQuery } from './api.ts'
import { ChangeTierDialog } from './change-tier-dialog.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { DisableUserDialog } from './disable-user-dialog.tsx'
import { RoleDialog } from './role-dialog.tsx'
import { EmptyState, QueryError, TableSkeleton } from './query-state.tsx'
import { SearchField } from './search-field.tsx'
import { useUserActions } from './use-user-actions.ts'
import type { UserDialog } from './user-actions-menu.tsx'
import { UserTable } from './user-table.tsx'

/** Find users by email and act on one: tier, role, disable/enable, sign out, resend verification. */
export function UsersTab() {
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), 300)
  const query = useQuery(adminUsersQuery(q))
  const actions = useUserActions()
  const [open, setOpen] = useState<{ user: AdminUserRow; dialog: UserDialog } | null>(null)
  const close = (next: boolean) => !next && setOpen(null)

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SearchField label="Search by email" value={search} onChange={setSearch} placeholder="name@example.com" className="w-full sm:w-80" />
        {query.data && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {query.data.users.length === 1 ? '1 user' : `${query.data.users.length} users`}
            {q ? ` matching “${q}”` : ', newest first'}
          </p>
        )}
      </div>
      {query.isError && !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <TableSkeleton label="Loading users" />
      ) : query.data.users.length === 0 ? (
        <EmptyState icon={UserSearch} title={q ? `No user matches “${q}”` : 'No users yet'}>
          {q ? 'Try part of the address, such as the domain.' : 'Accounts appear here as people sign up.'}
        </EmptyState>
      ) : (
        <UserTable
          users={query.data.users}
          onDialog={(user, dialog) => setOpen({ user, dialog })}
          onEnable={(user) => void actions.enable(user)}
          onResend={(user) => void actions.resendVerification(user)}
        />
      )}
      {open?.dialog === 'tier' && <ChangeTierDialog user={open.user} onOpenChange={close} onConfirm={(tier) => actions.setTier(open.user, tier)} />}
      {open?.dialog === 'disable' && <DisableUserDialog user={open.user} onOpenChange={close} onConfirm={(reason) => actions.disable(open.user, reason)} />}
      {open?.dialog === 'sign-out' && (
        <ConfirmDialog
          open
          onOpenChange={close}
          title={`Sign ${open.user.email} out everywhere?`}
          description="Every session of this account ends; they can sign in again at once."
          confirmLabel="Sign out everywhere"
          onConfirm={() => actions.signOut(open.user)}
        />
      )}
      {open?.dialog === 'role' && <RoleDialog user={open.user} onOpenChange={close} onConfirm={actions.setRole} />}
    </div>
  )
}
