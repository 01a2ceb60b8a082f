import { zodResolver } from '@hookform/resolvers/zod'
import { MessageSquare, Pencil, Smartphone, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { friendlyNameSchema, type SecondFactor } from '#shared/second-factors.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { removeSecondFactor, renameSecondFactor } from '../auth/index.ts'
import { PasswordConfirmDialog } from './password-confirm-dialog.tsx'

const RenameSchema = z.object({ friendlyName: friendlyNameSchema })

/** The user's second factors with their names, each renamable and removable (removal takes the password). */
export function SecondFactorList({
  factors,
  email,
  onChanged,
  onResumePhone,
}: {
  factors: SecondFactor[]
  email: string
  onChanged: () => Promise<void>
  /** Finish setting up a text-message factor whose first code was never typed. */
  onResumePhone: () => void
}) {
  const [renaming, setRenaming] = useState<SecondFactor | null>(null)
  const [removing, setRemoving] = useState<SecondFactor | null>(null)
  const lastVerified = factors.filter((f) => f.status === 'verified').length === 1

  return (
    <>
      <ul className="divide-y rounded-lg border" aria-label="Second factors">
        {factors.map((factor) => {
          const Icon = factor.factorType === 'totp' ? Smartphone : MessageSquare
          return (
            <li key={factor.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 items-start gap-3">
                <div className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
                  <Icon className="size-4" aria-hidden="true" />
                </div>
                <div className="grid min-w-0 gap-0.5">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    <span className="truncate">{factor.friendlyName}</span>
                    {factor.status === 'unverified' && <Badge variant="warning">Not finished</Badge>}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {factor.factorType === 'totp' ? 'Codes from an authenticator app' : `Codes texted to ${factor.phoneHint}`}
                  </p>
                </div>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                {factor.status === 'unverified' && (
                  <Button size="sm" onClick={onResumePhone}>
                    Finish set-up
                  </Button>
                )}
                <Button variant="outline" size="sm" onClick={() => setRenaming(factor)} aria-label={`Rename ${factor.friendlyName}`}>
                  <Pencil aria-hidden="true" />
                  Rename
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                  onClick={() => setRemoving(factor)}
                  aria-label={`Remove ${factor.friendlyName}`}
                >
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
              </div>
            </li>
          )
        })}
      </ul>

      <RenameDialog factor={renaming} onClose={() => setRenaming(null)} onRenamed={onChanged} />
      <PasswordConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        email={email}
        title={`Remove ${removing?.friendlyName ?? 'this method'}?`}
        description={
          removing?.status === 'verified' && lastVerified
            ? 'It is your only second factor: signing in will need only your password again.'
            : removing?.factorType === 'totp'
              ? 'Codes from this app, and your backup codes, will stop working.'
              : 'Codes will no longer be texted to this number at sign-in.'
        }
        confirmLabel="Remove"
        destructive
        onConfirm={async (password) => {
          await removeSecondFactor(removing!.id, password)
          toast.success(`${removing!.friendlyName} removed`)
          setRemoving(null)
          await onChanged()
        }}
      />
    </>
  )
}

function RenameDialog({ factor, onClose, onRenamed }: { factor: SecondFactor | null; onClose: () => void; onRenamed: () => Promise<void> }) {
  const form = useForm({ resolver: zodResolver(RenameSchema), values: { friendlyName: factor?.friendlyName ?? '' } })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async ({ friendlyName }) => {
    try {
      await renameSecondFactor(factor!.id, friendlyName)
    } catch (error) {
      form.setError('friendlyName', { message: errorMessage(error) }, { shouldFocus: true })
      return
    }
    await onRenamed()
    onClose()
  })
  return (
    <Dialog open={factor !== null} onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename this method</DialogTitle>
          <DialogDescription>A name that tells you which device or number it is.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Rename method" className="grid gap-4">
          <FormField label="Name" error={errors.friendlyName?.message}>
            <Input autoComplete="off" maxLength={50} {...form.register('friendlyName')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
