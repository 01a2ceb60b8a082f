import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, Clock, Lock, MailCheck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate, useSearchParams } from 'react-router'
import { MagicLinkSchema, MESSAGES, SignInSchema, type SignInInput } from '#shared/auth.ts'
import { attemptsLeft, formatCountdown, lockRemainingMs, retryDelayMs, shouldWarn } from '#shared/sign-in-lockout.ts'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { useNow } from '../../hooks/use-now.ts'
import { ApiError, errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { requestPasswordReset, sendMagicLink, signInWithPassword } from './api.ts'
import { refreshSession } from '../../lib/session.ts'
import { CaptchaField } from './captcha-field.tsx'
import { useLockoutStore } from './lockout-store.ts'
import { postSignInPath } from './post-sign-in-path.ts'
import { Notice } from '../../components/notice.tsx'
import { TwoFactorStep } from './two-factor-step.tsx'

type Banner = { tone: 'success' | 'error'; text: string } | null

export type SignInStep = 'password' | 'two-factor'

/**
 * A magic link or an outside provider for an account with two-factor on lands on
 * `/auth?step=two-factor` holding a pending sign-in (server: second-factor-everywhere.ts).
 */
const STEP_PARAM = 'step'

/** `onStepChange` lets the page hide what doesn't apply while the second factor is asked. */
export function SignInForm({ onStepChange }: { onStepChange?: (step: SignInStep) => void }) {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const queryClient = useQueryClient()
  const lockout = useLockoutStore()
  const [captchaKey, setCaptchaKey] = useState(0)
  const [banner, setBanner] = useState<Banner>(null)
  const [sending, setSending] = useState<'magic' | 'reset' | null>(null)
  /** 'two-factor' once the first factor was right for an account that also needs a code. */
  const [step, setStepState] = useState<SignInStep>(() => (params.get(STEP_PARAM) === 'two-factor' ? 'two-factor' : 'password'))
  const setStep = (next: SignInStep) => {
    setStepState(next)
    onStepChange?.(next)
  }
  // The page starts out expecting the password step; tell it when we opened on the code.
  const openedOnCode = useRef(step === 'two-factor')
  useEffect(() => {
    if (openedOnCode.current) onStepChange?.('two-factor')
  }, [onStepChange])
  const form = useForm<SignInInput>({ resolver: zodResolver(SignInSchema), defaultValues: { email: '', password: '', captchaToken: '' } })
  const { errors, isSubmitting } = form.formState

  const now = useNow(lockout.count > 0 || lockout.pausedUntil !== null)
  const lockMs = lockRemainingMs(lockout, now)
  const retryWaitMs = lockMs === 0 && lockout.count > 0 ? Math.max(0, lockout.lastAttemptTime + retryDelayMs(lockout.count) - now) : 0
  const waitMs = Math.max(retryWaitMs, lockout.pausedUntil === null ? 0 : lockout.pausedUntil - now)
  const blocked = lockMs > 0 || waitMs > 0

  const freshChallenge = () => {
    form.setValue('captchaToken', '')
    setCaptchaKey((k) => k + 1)
  }

  const finishSignIn = async () => {
    toast.success(MESSAGES.signedIn)
    await refreshSession(queryClient)
    await navigate(postSignInPath())
  }

  const onSubmit = form.handleSubmit(async (values) => {
    lockout.expire()
    if (blocked) return
    setBanner(null)
    try {
      const result = await signInWithPassword(values)
      // The password was right either way: the lockout counter starts over.
      lockout.reset()
      if (result?.twoFactorRedirect) {
        setStep('two-factor')
        return
      }
      await finishSignIn()
    } catch (error) {
      freshChallenge()
      if (error instanceof ApiError && error.status === 429) {
        // Only the account lock is the 15-minute lock; any other 429 is a pause of the length the
        // server gives (its rate limit: seconds), shown as a wait (issue 12, finding 7).
        if (error.message === MESSAGES.lockedOut) lockout.lockFor(error.retryAfter ?? 900)
        else lockout.pauseFor(error.retryAfter ?? 10)
        return
      }
      if (error instanceof ApiError && error.status === 401) lockout.fail()
      // A 403 is an unverified address (the library sent a new link), or an account an admin
      // disabled, whose message the server gives.
      if (error instanceof ApiError && error.status === 403 && error.details?.reason === 'EMAIL_NOT_VERIFIED') {
        setBanner({ tone: 'error', text: 'Please verify your email address first. We have sent you a new verification link.' })
        return
      }
      setBanner({ tone: 'error', text: errorMessage(error) })
    }
  })

  /** Magic link and password reset both need a valid email and a solved challenge. */
  const sendLink = async (kind: 'magic' | 'reset') => {
    const parsed = MagicLinkSchema.safeParse({ email: form.getValues('email') })
    if (!parsed.success) {
      form.setError('email', { message: parsed.error.issues[0]!.message })
      return
    }
    const captchaToken = form.getValues('captchaToken')
    if (!captchaToken) {
      form.setError('captchaToken', { message: MESSAGES.captchaRequired })
      return
    }
    setSending(kind)
    setBanner(null)
    try {
      if (kind === 'magic') {
        await sendMagicLink({ email: parsed.data.email, captchaToken })
        setBanner({ tone: 'success', text: MESSAGES.magicLinkSent })
      } else {
        await requestPasswordReset({ email: parsed.data.email, captchaToken })
        setBanner({ tone: 'success', text: 'If an account exists for that address, we have sent a link to reset the password.' })
      }
    } catch (error) {
      setBanner({ tone: 'error', text: kind === 'magic' ? MESSAGES.magicLinkFailed : errorMessage(error) })
    } finally {
      setSending(null)
      freshChallenge()
    }
  }

  if (step === 'two-factor') {
    return (
      <TwoFactorStep
        onVerified={finishSignIn}
        onRestart={(reason) => {
          setStep('password')
          if (params.has(STEP_PARAM)) {
            setParams(
              (current) => {
                current.delete(STEP_PARAM)
                return current
              },
              { replace: true },
            )
          }
          form.resetField('password')
          freshChallenge()
          setBanner(reason ? { tone: 'error', text: reason } : null)
        }}
      />
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      {banner && (
        <Notice tone={banner.tone} icon={banner.tone === 'success' ? MailCheck : AlertTriangle}>
          {banner.text}
        </Notice>
      )}
      {lockMs > 0 && (
        <Notice tone="error" icon={Lock}>
          <p className="font-medium">{MESSAGES.lockedOut}</p>
          <p>
            Try again in <span className="font-mono tabular-nums">{formatCountdown(lockMs)}</span>, or reset your password by email
            below.
          </p>
        </Notice>
      )}
      {lockMs === 0 && shouldWarn(lockout) && (
        <Notice tone="warning" icon={AlertTriangle}>
          {attemptsLeft(lockout) === 1 ? '1 attempt left' : `${attemptsLeft(lockout)} attempts left`} before sign-in is locked for 15
          minutes.
        </Notice>
      )}
      {waitMs > 0 && (
        <Notice tone="info" icon={Clock}>
          Please wait {waitMs > 60_000 ? formatCountdown(waitMs) : `${Math.ceil(waitMs / 1000)} s`} before trying again.
        </Notice>
      )}
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="username" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <CaptchaField
        key={captchaKey}
        error={errors.captchaToken?.message}
        onToken={(token) => form.setValue('captchaToken', token ?? '', { shouldValidate: form.formState.isSubmitted })}
      />
      <Button type="submit" loading={isSubmitting} disabled={blocked}>
        Sign In
      </Button>
      <div className="grid gap-1 text-sm text-muted-foreground">
        <p>
          Forgot your password?{' '}
          <Button type="button" variant="link" className="h-auto p-0" loading={sending === 'magic'} onClick={() => void sendLink('magic')}>
            Send magic link
          </Button>
        </p>
        <p>
          Or{' '}
          <Button type="button" variant="link" className="h-auto p-0" loading={sending === 'reset'} onClick={() => void sendLink('reset')}>
            reset your password by email
          </Button>
        </p>
      </div>
    </form>
  )
}
