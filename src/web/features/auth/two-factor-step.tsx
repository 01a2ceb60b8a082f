import { zodResolver } from '@hookform/resolvers/zod'
import { AlertTriangle, ArrowLeft, ShieldCheck } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { TotpCodeInput } from './totp-code-input.tsx'
import { Input } from '../../components/ui/input.tsx'
import { ApiError, errorMessage } from '../../lib/api-client.ts'
import { verifyBackupCode, verifyTotp } from './api.ts'
import { Notice } from '../../components/notice.tsx'

export const TWO_FACTOR_MESSAGES = {
  totpPrompt: 'Enter the 6-digit code from your authenticator app',
  backupPrompt: 'Enter one of the backup codes you saved when you set up two-factor authentication',
  totpInvalid: 'Enter the 6-digit code',
  backupRequired: 'Enter one of your backup codes',
  expired: 'This sign-in has expired. Please sign in again.',
} as const

type Mode = 'totp' | 'backup'

const TotpSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.totpInvalid)),
})
const BackupSchema = z.object({ code: z.string().trim().min(1, TWO_FACTOR_MESSAGES.backupRequired).max(64) })

/** Error codes after which this second-factor challenge cannot go on: the user starts over. */
const CHALLENGE_OVER = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE'])

interface StepProps {
  onVerified: () => Promise<void>
  /** Back to the password form, with a reason when the challenge ran out. */
  onRestart: (reason?: string) => void
}

/**
 * The second step of a password sign-in for an account with two-factor authentication: a code
 * from the authenticator app, or a one-time backup code.
 */
export function TwoFactorStep(props: StepProps) {
  const [mode, setMode] = useState<Mode>('totp')
  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </div>
        <div className="grid gap-1">
          <h2 className="text-base font-semibold">Two-factor authentication</h2>
          <p className="text-sm text-muted-foreground">
            {mode === 'totp' ? TWO_FACTOR_MESSAGES.totpPrompt : TWO_FACTOR_MESSAGES.backupPrompt}.
          </p>
        </div>
      </div>
      {/* A fresh form per mode: its own rules, an empty field and no stale error. */}
      <CodeForm key={mode} mode={mode} {...props} />
      <div className="flex flex-col items-start gap-1 text-sm">
        <Button type="button" variant="link" className="h-auto p-0" onClick={() => setMode(mode === 'totp' ? 'backup' : 'totp')}>
          {mode === 'totp' ? 'Use a backup code instead' : 'Use your authenticator app instead'}
        </Button>
        <Button type="button" variant="link" className="h-auto p-0 text-muted-foreground" onClick={() => props.onRestart()}>
          <ArrowLeft aria-hidden="true" />
          Back to sign in
        </Button>
      </div>
    </div>
  )
}

function CodeForm({ mode, onVerified, onRestart }: StepProps & { mode: Mode }) {
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm({ resolver: zodResolver(mode === 'totp' ? TotpSchema : BackupSchema), defaultValues: { code: '' } })
  const { errors, isSubmitting } = form.formState

  useEffect(() => {
    form.setFocus('code')
  }, [form])

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null)
    try {
      if (mode === 'totp') await verifyTotp(code)
      else await verifyBackupCode(code)
    } catch (error) {
      if (error instanceof ApiError && CHALLENGE_OVER.has(error.code)) {
        onRestart(error.code === 'INVALID_TWO_FACTOR_COOKIE' ? TWO_FACTOR_MESSAGES.expired : error.message)
        return
      }
      if (error instanceof ApiError && error.status === 401) {
        form.setError('code', { message: error.message }, { shouldFocus: true })
        return
      }
      setFailure(errorMessage(error))
      return
    }
    await onVerified()
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Two-factor verification">
      {failure && (
        <Notice tone="error" icon={AlertTriangle}>
          {failure}
        </Notice>
      )}
      {mode === 'totp' ? (
        <FormField label="Authentication code" error={errors.code?.message}>
          <TotpCodeInput
            {...form.register('code')}
          />
        </FormField>
      ) : (
        <FormField label="Backup code" error={errors.code?.message}>
          <Input autoComplete="off" autoCapitalize="off" spellCheck={false} placeholder="xxxxx-xxxxx" className="font-mono" {...form.register('code')} />
        </FormField>
      )}
      <Button type="submit" loading={isSubmitting}>
        Verify
      </Button>
    </form>
  )
}
