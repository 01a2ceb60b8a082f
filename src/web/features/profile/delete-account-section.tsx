import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, Trash2 } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { ApiError, errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { deleteAccount } from '../auth/index.ts'
import { Notice } from '../../components/notice.tsx'
import { deleteAccountSchema, type DeleteAccountInput } from './schemas.ts'
import { SectionCard } from '../../components/section-card.tsx'

export const ACCOUNT_DELETED = 'Your account has been deleted'

export function DeleteAccountSection({ email }: { email: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <SectionCard
        id="delete-account"
        icon={Trash2}
        tone="danger"
        title="Delete account"
        description="Permanently delete your FareDrop account, your price alerts and everything stored with them. This cannot be undone."
        actions={
          <Button variant="destructive" size="sm" onClick={() => setOpen(true)}>
            <Trash2 aria-hidden="true" />
            Delete account
          </Button>
        }
      />
      <DeleteAccountDialog open={open} onOpenChange={setOpen} email={email} />
    </>
  )
}

function DeleteAccountDialog({ open, onOpenChange, email }: { open: boolean; onOpenChange: (open: boolean) => void; email: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [failure, setFailure] = useState<string | null>(null)
  const schema = useMemo(() => deleteAccountSchema(email), [email])
  const form = useForm<DeleteAccountInput>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } })
  const { errors, isSubmitting } = form.formState
  const typed = useWatch({ control: form.control, name: 'email' })
  const matches = typed.trim().toLowerCase() === email.toLowerCase()

  const change = (next: boolean) => {
    if (isSubmitting) return
    if (!next) {
      form.reset()
      setFailure(null)
    }
    onOpenChange(next)
  }

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null)
    try {
      await deleteAccount(password)
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
        form.setError('password', { message: error.message }, { shouldFocus: true })
      } else {
        setFailure(errorMessage(error))
      }
      return
    }
    // Like signing out: nothing of the old account stays on this browser.
    queryClient.clear()
    queryClient.setQueryData(['me'], null)
    sessionStorage.clear()
    toast.success(ACCOUNT_DELETED, 'Thanks for flying with FareDrop.')
    await navigate(PATHS.landing)
  })

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This permanently deletes your account, price alerts, email addresses and sessions. You will be signed out everywhere.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Delete account">
          {failure && (
            <Notice tone="error" icon={AlertTriangle}>
              {failure}
            </Notice>
          )}
          <FormField label={`Type ${email} to confirm`} error={errors.email?.message}>
            <Input type="email" autoComplete="off" spellCheck={false} {...form.register('email')} />
          </FormField>
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <FormField label="Password" error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => change(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" loading={isSubmitting} disabled={!matches}>
              Delete my account
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
