import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { MagicLinkSchema, MESSAGES } from '#shared/auth.ts'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { resendVerification } from './api.ts'
import { CaptchaField } from './captcha-field.tsx'

const ResendFormSchema = MagicLinkSchema.extend({ captchaToken: z.string().min(1, MESSAGES.captchaRequired) })
type ResendFormInput = z.infer<typeof ResendFormSchema>

export const RESEND_SENT = 'If that address has an account waiting for confirmation, a new link is on its way.'

/** "Send a new link" for a verification link that expired or was used: the email and the challenge. */
export function ResendVerificationForm() {
  const [sent, setSent] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [captchaKey, setCaptchaKey] = useState(0)
  const form = useForm<ResendFormInput>({ resolver: zodResolver(ResendFormSchema), defaultValues: { email: '', captchaToken: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ email, captchaToken }) => {
    setFailure(null)
    try {
      await resendVerification({ email, captchaToken })
      setSent(true)
    } catch (error) {
      setFailure(errorMessage(error))
      // A challenge is good for one answer: a new one for the next try.
      setCaptchaKey((key) => key + 1)
      form.setValue('captchaToken', '')
    }
  })

  if (sent) {
    return (
      <p role="status" className="font-medium">
        {RESEND_SENT}
      </p>
    )
  }
  return (
    <form className="grid w-full max-w-sm gap-3 text-left" noValidate aria-label="Send a new link" onSubmit={(event) => void onSubmit(event)}>
      <FormField label="Email" error={errors.email?.message ?? failure ?? undefined}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <CaptchaField
        key={captchaKey}
        error={errors.captchaToken?.message}
        onToken={(token) => form.setValue('captchaToken', token ?? '', { shouldValidate: form.formState.isSubmitted })}
      />
      <Button type="submit" loading={isSubmitting}>
        Send a new link
      </Button>
    </form>
  )
}
