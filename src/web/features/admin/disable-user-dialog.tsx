import { useId, useState } from 'react'
import type { AdminUserRow } from '#shared/admin.ts'
import { Label } from '../../components/ui/label.tsx'
import { Textarea } from '../../components/ui/textarea.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'

/** Disables an account after a confirmation, with an optional reason for the audit log. */
export function DisableUserDialog({
  user,
  onOpenChange,
  onConfirm,
}: {
  user: AdminUserRow
  onOpenChange: (open: boolean) => void
  onConfirm: (reason: string) => Promise<unknown>
}) {
  const [reason, setReason] = useState('')
  const id = useId()
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={`Disable ${user.email}?`}
      description="They are signed out on every device, can't sign in again, and their alerts stop being checked until the account is enabled."
      confirmLabel="Disable account"
      destructive
      onConfirm={() => onConfirm(reason)}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Reason (optional)</Label>
        <Textarea id={id} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} placeholder="Kept in the audit log" />
      </div>
    </ConfirmDialog>
  )
}
