import { zodResolver } from '@hookform/resolvers/zod'
import { AlertTriangle } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { MIN_PASSWORD_LENGTH, SignUpSchema, type SignUpInput } from '#shared/auth.ts'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { signUp } from './api.ts'
import { CaptchaField } from './captcha-field.tsx'
import { Notice } from '../../components/notice.tsx'

/** Creates an account; on success the page returns to the sign-in tab with the spec's message. */
export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const [captchaKey, setCaptchaKey] = useState(0)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<SignUpInput>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', captchaToken: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      await signUp(values)
      onSignedUp()
    } catch (error) {
      form.setValue('captchaToken', '')
      setCaptchaKey((k) => k + 1)
      setFailure(errorMessage(error))
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      {failure && (
        <Notice tone="error" icon={AlertTriangle}>
          {failure}
        </Notice>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label="Confirm password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <CaptchaField
        key={captchaKey}
        error={errors.captchaToken?.message}
        onToken={(token) => form.setValue('captchaToken', token ?? '', { shouldValidate: form.formState.isSubmitted })}
      />
      <Button type="submit" loading={isSubmitting}>
        Create Account
      </Button>
      <p className="text-xs text-muted-foreground">We&apos;ll email you a link to confirm your address.</p>
    </form>
  )
}
