import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, ArrowLeft, ShieldCheck } from 'lucide-react'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { TotpCodeInput } from './totp-code-input.tsx'
import { Input } from '../../components/ui/input.tsx'
import { ApiError, errorMessage } from '../../lib/api-client.ts'
import { secondFactorMethods, sendSignInCode, verifyBackupCode, verifySignInCode, verifyTotp } from './api.ts'
import { Notice } from '../../components/notice.tsx'
import { useNow } from '../../hooks/use-now.ts'

export const TWO_FACTOR_MESSAGES = {
  totpPrompt: 'Enter the 6-digit code from your authenticator app',
  phonePrompt: (hint: string | null) => `Enter the 6-digit code we texted to ${hint ?? 'your phone'}`,
  backupPrompt: 'Enter one of the backup codes you saved when you set up two-factor authentication',
  totpInvalid: 'Enter the 6-digit code',
  backupRequired: 'Enter one of your backup codes',
  expired: 'This sign-in has expired. Please sign in again.',
} as const

type Mode = 'totp' | 'backup' | 'phone'

const MODE_LINKS: Record<Mode, string> = {
  totp: 'Use your authenticator app instead',
  phone: 'Text me a code instead',
  backup: 'Use a backup code instead',
}

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
  const methods = useQuery({ queryKey: ['second-factor-methods'], queryFn: secondFactorMethods, retry: false, staleTime: Infinity })
  const [chosen, setChosen] = useState<Mode | null>(null)
  // Before the answer (or if it can't be had), what every account with two-factor has always had.
  const offered: Mode[] = methods.data ? methods.data.methods.map((m) => (m === 'backup_code' ? 'backup' : m)) : ['totp', 'backup']
  const mode = chosen ?? offered[0] ?? 'totp'
  const expired = methods.error instanceof ApiError && methods.error.status === 401
  const { onRestart } = props
  useEffect(() => {
    if (expired) onRestart(TWO_FACTOR_MESSAGES.expired)
  }, [expired, onRestart])
  const prompt = mode === 'totp' ? TWO_FACTOR_MESSAGES.totpPrompt : mode === 'phone' ? TWO_FACTOR_MESSAGES.phonePrompt(methods.data?.phoneHint ?? null) : TWO_FACTOR_MESSAGES.backupPrompt
  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </div>
        <div className="grid gap-1">
          <h2 className="text-base font-semibold">Two-factor authentication</h2>
          <p className="text-sm text-muted-foreground">{prompt}.</p>
        </div>
      </div>
      {/* A fresh form per mode: its own rules, an empty field and no stale error. */}
      <CodeForm key={mode} mode={mode} {...props} />
      <div className="flex flex-col items-start gap-1 text-sm">
        {offered
          .filter((other) => other !== mode)
          .map((other) => (
            <Button key={other} type="button" variant="link" className="h-auto p-0" onClick={() => setChosen(other)}>
              {MODE_LINKS[other]}
            </Button>
          ))}
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
  const form = useForm({ resolver: zodResolver(mode === 'backup' ? BackupSchema : TotpSchema), defaultValues: { code: '' } })
  const { errors, isSubmitting } = form.formState
  const texting = useTextedCode(mode === 'phone', setFailure)

  useEffect(() => {
    form.setFocus('code')
  }, [form])

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null)
    try {
      if (mode === 'totp') await verifyTotp(code)
      else if (mode === 'phone') await verifySignInCode(code)
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
      {mode !== 'backup' ? (
        <FormField label={mode === 'phone' ? 'Texted code' : 'Authentication code'} error={errors.code?.message}>
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
      {mode === 'phone' && (
        <Button type="button" variant="link" className="h-auto justify-self-start p-0" disabled={texting.waitSeconds > 0 || texting.sending} onClick={() => void texting.send()}>
          {texting.waitSeconds > 0 ? `Send a new code in ${texting.waitSeconds} s` : 'Send a new code'}
        </Button>
      )}
    </form>
  )
}

/** How long before another code may be texted (the server texts at most one a minute per number). */
const RESEND_WAIT_SECONDS = 60

/** Texts a code as soon as the phone method is chosen, and again on request after a minute. */
function useTextedCode(active: boolean, onFailure: (message: string | null) => void) {
  const [sentAt, setSentAt] = useState<number | null>(null)
  const [sending, setSending] = useState(false)
  const now = useNow(sentAt !== null)
  const send = async () => {
    setSending(true)
    onFailure(null)
    try {
      await sendSignInCode()
      setSentAt(Date.now())
    } catch (error) {
      onFailure(errorMessage(error))
    } finally {
      setSending(false)
    }
  }
  // Once per step, even where effects run twice (a second code would replace the one texted).
  const started = useRef(false)
  const sendOnce = useEffectEvent(() => void send())
  useEffect(() => {
    if (!active || started.current) return
    started.current = true
    sendOnce()
  }, [active])
  const waitSeconds = sentAt === null ? 0 : Math.max(0, Math.ceil((sentAt + RESEND_WAIT_SECONDS * 1000 - now) / 1000))
  return { send, sending, waitSeconds }
}
