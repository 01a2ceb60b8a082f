import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { formatRoute } from '#shared/format.ts'
import { airportCodesSchema, isoDateSchema } from '#shared/flights/search-params.ts'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { ApiError, errorMessage } from '../../lib/api-client.ts'
import { formatDateTime } from '../../lib/format.ts'
import { adminDebugKeys, applyShock, type ShockInput } from './api.ts'
import { formatFactor, percentToFactor } from './debug-format.ts'

/** A number typed into a text field: required, then within bounds. */
const typedNumber = (missing: string, min: number, max: number, range: string) =>
  z.string().trim().min(1, missing).transform(Number).pipe(z.number({ error: 'Enter a number' }).min(min, range).max(max, range))

/** The form speaks in percent (−30 = 30 % cheaper); the API takes the factor (0.7), 0.05 to 20. */
const shockFormSchema = z.object({
  from: airportCodesSchema,
  to: airportCodesSchema,
  departureDate: z.union([z.literal(''), isoDateSchema]),
  change: typedNumber('Enter the change in percent', -95, 1900, 'Between −95 and +1900').refine((n) => n !== 0, 'A change of 0 % does nothing'),
  hours: typedNumber('Enter how many hours', 0.01, 24 * 60, 'Between 0.01 and 1440 hours (60 days)'),
})
type ShockFormInput = z.input<typeof shockFormSchema>
type ShockFormValues = z.output<typeof shockFormSchema>

/** The server's field names, as the form calls them. */
const FORM_FIELD: Record<string, keyof ShockFormInput> = { from: 'from', to: 'to', departureDate: 'departureDate', factor: 'change', hours: 'hours' }

function toBody(values: ShockFormValues): ShockInput {
  return {
    from: values.from,
    to: values.to,
    ...(values.departureDate ? { departureDate: values.departureDate } : {}),
    factor: percentToFactor(values.change),
    hours: values.hours,
  }
}

/** Moves the simulated market's fares on a route by a factor, for a while. */
export function ShockForm() {
  const queryClient = useQueryClient()
  const form = useForm<ShockFormInput, unknown, ShockFormValues>({
    resolver: zodResolver(shockFormSchema),
    defaultValues: { from: '', to: '', departureDate: '', change: '', hours: '24' },
  })
  const apply = useMutation({
    mutationFn: applyShock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminDebugKeys.info() }),
    onError: (error) => {
      if (!(error instanceof ApiError)) return
      for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
        const name = FORM_FIELD[field]
        if (name && messages[0]) form.setError(name, { message: messages[0] })
      }
    },
  })
  const { errors } = form.formState
  const change = Number(useWatch({ control: form.control, name: 'change' }))
  const factorHint =
    Number.isFinite(change) && change !== 0 && change >= -95 && change <= 1900
      ? `Fares × ${percentToFactor(change)} (${formatFactor(percentToFactor(change))})`
      : '−30 makes fares 30 % cheaper, 50 makes them 50 % dearer'
  const shock = apply.data?.shock

  return (
    <form onSubmit={form.handleSubmit((values) => apply.mutate(toBody(values)))} noValidate aria-label="Apply a price shock" className="grid gap-4">
      <div className="grid grid-cols-2 items-start gap-4">
        <FormField label="From" error={errors.from?.message} hint="e.g. JFK, or JFK,EWR">
          <Input autoComplete="off" className="uppercase" {...form.register('from')} />
        </FormField>
        <FormField label="To" error={errors.to?.message} hint="e.g. LHR">
          <Input autoComplete="off" className="uppercase" {...form.register('to')} />
        </FormField>
      </div>
      <FormField label="Departure date (optional)" error={errors.departureDate?.message} hint="Empty for every date">
        <Input type="date" {...form.register('departureDate')} />
      </FormField>
      <div className="grid grid-cols-2 items-start gap-4">
        <FormField label="Price change (%)" error={errors.change?.message} hint={factorHint}>
          <Input inputMode="decimal" autoComplete="off" placeholder="e.g. -30" {...form.register('change')} />
        </FormField>
        <FormField label="For (hours)" error={errors.hours?.message}>
          <Input inputMode="decimal" autoComplete="off" {...form.register('hours')} />
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={apply.isPending}>
          Apply shock
        </Button>
        <p role="status" className="text-sm">
          {apply.isSuccess &&
            shock &&
            `Applied ${formatFactor(shock.factor)} on ${formatRoute(shock.from, shock.to)} until ${formatDateTime(shock.until)}.`}
        </p>
      </div>
      {apply.isError && (
        <p role="alert" className="text-sm text-destructive">
          Could not apply the shock: {errorMessage(apply.error)}
        </p>
      )}
    </form>
  )
}
