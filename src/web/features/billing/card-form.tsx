import { zodResolver } from '@hookform/resolvers/zod'
import { AlertCircle, Lock } from 'lucide-react'
import { useMemo, useState, type ReactNode } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { FieldErrors } from '#shared/errors.ts'
import { testCardSchema, type TestCard, type TestCardInput } from '#shared/test-cards.ts'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { Notice } from '../../components/notice.tsx'
import { formatCardNumber, formatExpiry } from './billing-format.ts'
import { TestCardList } from './test-card-list.tsx'
import { TestModeNote } from './test-mode-note.tsx'

const EMPTY: TestCardInput = { number: '', expiry: '', cvc: '', name: '' }
const FIELDS = ['number', 'expiry', 'cvc', 'name'] as const

/** A test card's expiry: December, a few years on (any future month works). */
function testExpiry(now: Date): string {
  return `12 / ${String((now.getFullYear() + 3) % 100).padStart(2, '0')}`
}

/**
 * The test mode's card form (checkout and "Update card" in the portal). Checked in the browser with
 * the server's own schema, so the messages match Stripe's; the server's answer decides the rest:
 * field errors go under their field, a decline into the alert above the button. `onSubmit` throws
 * the ApiError it got.
 */
export function CardForm({
  email,
  submitLabel,
  fallbackError,
  onSubmit,
  onCancel,
  children,
}: {
  /** Shown read-only at the top (checkout): the account the subscription is for. */
  email?: string
  submitLabel: string
  /** What a failure without a server message says. */
  fallbackError: string
  onSubmit: (card: TestCardInput) => Promise<void>
  onCancel?: () => void
  /** Between the test cards and the fields (the checkout's "Pay with card" heading). */
  children?: ReactNode
}) {
  // The expiry rule needs today's date; one per form is precise enough.
  const schema = useMemo(() => testCardSchema(new Date()), [])
  const form = useForm<TestCardInput>({ resolver: zodResolver(schema), defaultValues: EMPTY, mode: 'onTouched' })
  const { errors, isSubmitting } = form.formState
  const [failure, setFailure] = useState<string | null>(null)

  const submit = form.handleSubmit(async (card) => {
    setFailure(null)
    try {
      await onSubmit(card)
    } catch (error) {
      const fieldErrors: FieldErrors | undefined = error instanceof ApiError ? error.fieldErrors : undefined
      // A decline (402) names the number too; it reads better once, in the alert.
      if (error instanceof ApiError && error.status === 400 && fieldErrors) {
        for (const field of FIELDS) {
          const message = fieldErrors[field]?.[0]
          if (message) form.setError(field, { message })
        }
        if (FIELDS.some((field) => fieldErrors[field])) return
      }
      setFailure(error instanceof ApiError && error.status > 0 ? error.message : fallbackError)
    }
  })

  const fillTestCard = (card: TestCard) => {
    setFailure(null)
    const options = { shouldValidate: form.formState.isSubmitted, shouldDirty: true }
    form.setValue('number', formatCardNumber(card.number), options)
    form.setValue('expiry', testExpiry(new Date()), options)
    form.setValue('cvc', '123', options)
    if (!form.getValues('name').trim()) form.setValue('name', 'Test Traveller', options)
    form.clearErrors()
  }

  return (
    <div className="grid gap-5">
      <TestModeNote detail="Nothing is charged and no real card is accepted. Pay with a test card:">
        <TestCardList onUse={fillTestCard} />
      </TestModeNote>
      {children}
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Card details">
        {email && (
          <FormField label="Email">
            <Input type="email" value={email} readOnly className="bg-muted/50 text-muted-foreground" autoComplete="email" />
          </FormField>
        )}
        <div className="grid gap-3">
          <Controller
            control={form.control}
            name="number"
            render={({ field }) => (
              <FormField label="Card number" error={errors.number?.message}>
                <Input
                  {...field}
                  onChange={(e) => field.onChange(formatCardNumber(e.target.value))}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="1234 1234 1234 1234"
                  className="font-mono tabular-nums"
                />
              </FormField>
            )}
          />
          <div className="grid grid-cols-2 gap-3">
            <Controller
              control={form.control}
              name="expiry"
              render={({ field }) => (
                <FormField label="Expiry" error={errors.expiry?.message}>
                  <Input
                    {...field}
                    onChange={(e) => field.onChange(formatExpiry(e.target.value, field.value))}
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    placeholder="MM / YY"
                    className="font-mono tabular-nums"
                  />
                </FormField>
              )}
            />
            <Controller
              control={form.control}
              name="cvc"
              render={({ field }) => (
                <FormField label="CVC" error={errors.cvc?.message}>
                  <Input
                    {...field}
                    onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, 4))}
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    placeholder="CVC"
                    className="font-mono tabular-nums"
                  />
                </FormField>
              )}
            />
          </div>
        </div>
        <FormField label="Name on card" error={errors.name?.message}>
          <Input autoComplete="cc-name" {...form.register('name')} />
        </FormField>
        {failure && (
          <Notice tone="error" icon={AlertCircle}>
            {failure}
          </Notice>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {onCancel && (
            <Button type="button" variant="ghost" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="lg" className="flex-1" loading={isSubmitting}>
            {!isSubmitting && <Lock aria-hidden="true" />}
            {submitLabel}
          </Button>
        </div>
      </form>
    </div>
  )
}
