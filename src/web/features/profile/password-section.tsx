import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { MESSAGES } from '#shared/auth.ts'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { ApiError, errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { changePassword } from '../auth/index.ts'
import { refreshSession } from '../../lib/session.ts'
import { Notice } from '../../components/notice.tsx'
import { ChangePasswordSchema, type ChangePasswordInput } from './schemas.ts'
import { SectionCard } from '../../components/section-card.tsx'

export function PasswordSection({ email }: { email: string }) {
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null)
    try {
      await changePassword({ currentPassword, newPassword })
      form.reset()
      toast.success(MESSAGES.passwordUpdated, 'You have been signed out on your other devices.')
      // The server replaced this session and ended the others.
      await refreshSession(queryClient)
    } catch (error) {
      // A wrong current password comes back as 400 with the server's message ("Invalid password").
      if (error instanceof ApiError && error.status === 400 && error.code === 'INVALID_PASSWORD') {
        form.setError('currentPassword', { message: error.message }, { shouldFocus: true })
        return
      }
      setFailure(errorMessage(error))
    }
  })

  return (
    <SectionCard
      id="password"
      icon={KeyRound}
      title="Password"
      description="Use at least 6 characters. Changing it signs you out everywhere else."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Change password" className="grid gap-4">
        {failure && (
          <Notice tone="error" icon={AlertTriangle}>
            {failure}
          </Notice>
        )}
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField label="Current password" error={errors.currentPassword?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="New password" error={errors.newPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
            Update password
          </Button>
        </div>
      </form>
    </SectionCard>
  )
}
