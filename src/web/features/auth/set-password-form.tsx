import { zodResolver } from '@hookform/resolvers/zod'
import { AlertTriangle } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { MESSAGES, SetPasswordSchema, type SetPasswordInput } from '#shared/auth.ts'
import { PATHS } from '#shared/routes.ts'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { ApiError, errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { resetPassword } from './api.ts'
import { useLockoutStore } from './lockout-store.ts'
import { Notice } from '../../components/notice.tsx'

/** The set-new-password form a recovery link opens (/auth?type=recovery&token=…). */
export function SetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate()
  const resetLockout = useLockoutStore((s) => s.reset)
  const [failure, setFailure] = useState<string | null>(token ? null : 'This link has no reset token. Request a new one from the sign-in page.')
  const form = useForm<SetPasswordInput>({ resolver: zodResolver(SetPasswordSchema), defaultValues: { password: '', confirmPassword: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return
    setFailure(null)
    try {
      await resetPassword({ token, password })
      // A new password also ends a sign-in lockout on this browser.
      resetLockout()
      toast.success(MESSAGES.passwordUpdated)
      await navigate(PATHS.landing)
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status === 400
          ? 'This reset link has expired or was already used. Request a new one from the sign-in page.'
          : errorMessage(error),
      )
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Set a new password">
      {failure && (
        <Notice tone="error" icon={AlertTriangle}>
          {failure}
        </Notice>
      )}
      <FormField label="New password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" loading={isSubmitting} disabled={!token}>
        Update Password
      </Button>
    </form>
  )
}
