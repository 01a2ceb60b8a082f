import { zodResolver } from '@hookform/resolvers/zod'
import { AlertTriangle } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { ApiError, errorMessage } from '../../lib/api-client.ts'
import { Notice } from '../../components/notice.tsx'
import { PasswordConfirmSchema, type PasswordConfirmInput } from './schemas.ts'

/**
 * Asks for the account password before a sensitive change. `onConfirm` does the change; a wrong
 * password shows the server's message under the field, anything else above the form.
 */
export function PasswordConfirmDialog({
  open,
  onOpenChange,
  email,
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  email: string
  title: string
  description: ReactNode
  confirmLabel: string
  destructive?: boolean
  onConfirm: (password: string) => Promise<void>
}) {
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<PasswordConfirmInput>({ resolver: zodResolver(PasswordConfirmSchema), defaultValues: { password: '' } })
  const { errors, isSubmitting } = form.formState

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
      await onConfirm(password)
      form.reset()
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
        form.setError('password', { message: error.message }, { shouldFocus: true })
        return
      }
      setFailure(errorMessage(error))
    }
  })

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={title}>
          {failure && (
            <Notice tone="error" icon={AlertTriangle}>
              {failure}
            </Notice>
          )}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <FormField label="Password" error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" autoFocus {...form.register('password')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => change(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} loading={isSubmitting}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
