import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { MessageSquareText } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { PHONE_CODE_RULES, verifyPhoneSchema, type PhoneState } from '#shared/phone-verification.ts'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { useSecondsLeft } from '../../hooks/use-seconds-left.ts'
import { ApiError, errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { TotpCodeInput } from '../auth/index.ts'
import { phoneQueryOptions, sendPhoneCode, verifyPhoneCode } from '../notifications/index.ts'

/**
 * The saved number is not verified yet: the code texted to it, "Resend code" with the wait the
 * server imposes, and the errors it gives (wrong code with the tries left, expired, too many).
 * `receivedAt` is when the state arrived: the countdown runs from it on this device's clock, so a
 * skewed clock doesn't matter.
 */
export function PhoneVerification({ state, receivedAt }: { state: PhoneState & { phone: string }; receivedAt: number }) {
  const queryClient = useQueryClient()
  const titleId = useId()
  // What went wrong with the typed code, and with sending one: each shown where it belongs.
  const [codeProblem, setCodeProblem] = useState<string | null>(null)
  const [sendProblem, setSendProblem] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const wait = useSecondsLeft(receivedAt + state.resendInSeconds * 1000, receivedAt)

  const stored = (next: PhoneState) => queryClient.setQueryData(phoneQueryOptions.queryKey, next)
  // After a refusal the code's tries, expiry or the resend wait may have moved.
  const reread = () => void queryClient.invalidateQueries({ queryKey: phoneQueryOptions.queryKey })

  const resend = async () => {
    setSending(true)
    setSendProblem(null)
    try {
      stored(await sendPhoneCode())
      setCodeProblem(null)
      toast.success('Code sent', `Check the text messages on ${state.phone}.`)
    } catch (error) {
      setSendProblem(errorMessage(error))
      reread()
    } finally {
      setSending(false)
    }
  }

  const verify = async (code: string): Promise<string | null> => {
    try {
      stored(await verifyPhoneCode(code))
      toast.success('Phone number verified', 'SMS and WhatsApp notices can reach you now.')
      return null
    } catch (error) {
      reread()
      return error instanceof ApiError ? (error.fieldErrors?.code?.[0] ?? error.message) : errorMessage(error)
    }
  }

  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-lg border border-warning/60 bg-warning/10 p-4">
      <div className="flex items-start gap-3">
        <MessageSquareText className="mt-0.5 size-5 shrink-0 text-warning-foreground dark:text-warning" aria-hidden="true" />
        <div className="grid gap-1">
          <h4 id={titleId} className="text-sm font-semibold">
            {state.pendingCode ? `We sent a code to ${state.phone}` : `Verify ${state.phone}`}
          </h4>
          <p className="text-sm text-muted-foreground">
            {state.pendingCode
              ? `Enter the ${PHONE_CODE_RULES.digits}-digit code from the text message. It expires in ${PHONE_CODE_RULES.ttlMinutes} minutes.`
              : 'SMS and WhatsApp notices start once you enter the code we text to this number.'}
          </p>
        </div>
      </div>
      {/* A fresh form per code: an empty field and no error left from the last one. */}
      {state.pendingCode && <CodeForm key={state.pendingCode.sentAt} problem={codeProblem} onProblem={setCodeProblem} verify={verify} />}
      {/* The code ran out (expired, too many tries) with the last answer: say so next to "Send code". */}
      {!state.pendingCode && codeProblem && <Problem text={codeProblem} />}
      <div>
        <Button
          type="button"
          variant={state.pendingCode ? 'outline' : 'default'}
          size="sm"
          loading={sending}
          disabled={wait > 0}
          onClick={() => void resend()}
        >
          {`${state.pendingCode ? 'Resend code' : 'Send code'}${wait > 0 ? ` in ${wait}s` : ''}`}
        </Button>
      </div>
      {sendProblem && <Problem text={sendProblem} />}
    </section>
  )
}

function Problem({ text }: { text: string }) {
  return (
    <p role="alert" className="text-sm text-destructive">
      {text}
    </p>
  )
}

function CodeForm({
  problem,
  onProblem,
  verify,
}: {
  problem: string | null
  onProblem: (message: string | null) => void
  verify: (code: string) => Promise<string | null>
}) {
  const form = useForm({ resolver: zodResolver(verifyPhoneSchema), defaultValues: { code: '' } })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async ({ code }) => {
    onProblem(null)
    onProblem(await verify(code))
  })
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-3">
      <div className="sm:w-72">
        <FormField label="Verification code" error={errors.code?.message ?? problem ?? undefined}>
          <TotpCodeInput placeholder="000000" {...form.register('code')} />
        </FormField>
      </div>
      {/* Lined up with the input, below the label. */}
      <Button type="submit" loading={isSubmitting} className="sm:mt-[1.625rem]">
        Verify
      </Button>
    </form>
  )
}
