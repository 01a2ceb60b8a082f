import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import type { AdminDebugInfo } from '#shared/admin.ts'
import { airportCodesSchema } from '#shared/flights/search-params.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { NativeSelect } from '../../components/ui/native-select.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { adminDebugKeys, FAILURE_MODES, setFailureMode, type FailureInput, type FailureState } from './api.ts'
import { FAILURE_MODE_TEXT, failureDetail, failureModeLabel } from './debug-format.ts'

const optionalAirport = z.union([z.literal(''), airportCodesSchema])

const failureFormSchema = z
  .object({
    mode: z.enum(FAILURE_MODES),
    delayMs: z.union([z.literal(''), z.coerce.number({ error: 'Enter a number' }).int('Whole milliseconds').min(0).max(120_000, 'At most 120000 ms (2 minutes)')]),
    from: optionalAirport,
    to: optionalAirport,
  })
  .refine((input) => input.mode === 'none' || Boolean(input.from) === Boolean(input.to), { message: 'Give both airports, or neither for every route', path: ['to'] })
type FailureFormInput = z.input<typeof failureFormSchema>
type FailureFormValues = z.output<typeof failureFormSchema>

function toBody(values: FailureFormValues): FailureInput {
  return {
    mode: values.mode,
    ...(values.mode === 'slow' && values.delayMs !== '' ? { delayMs: values.delayMs } : {}),
    ...(values.mode !== 'none' && values.from && values.to ? { from: values.from, to: values.to } : {}),
  }
}

function formValues(failures: FailureState): FailureFormInput {
  return {
    mode: (FAILURE_MODES as readonly string[]).includes(failures?.mode ?? '') ? (failures!.mode as FailureFormInput['mode']) : 'none',
    delayMs: failures?.delayMs === undefined ? '' : String(failures.delayMs),
    from: failures?.route?.from ?? '',
    to: failures?.route?.to ?? '',
  }
}

/** Makes the simulated market fail on purpose (every route, or one), to see how FareDrop copes. */
export function FailureModeForm({ failures }: { failures: FailureState }) {
  const queryClient = useQueryClient()
  const form = useForm<FailureFormInput, unknown, FailureFormValues>({ resolver: zodResolver(failureFormSchema), defaultValues: formValues(failures) })
  const save = useMutation({
    mutationFn: setFailureMode,
    onSuccess: ({ failures: next }) => {
      queryClient.setQueryData(adminDebugKeys.info(), (info: AdminDebugInfo | undefined) =>
        info?.simulator ? { ...info, simulator: { ...info.simulator, failures: next } } : info,
      )
      form.reset(formValues(next))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDebugKeys.info() }),
  })
  const { errors } = form.formState
  const mode = useWatch({ control: form.control, name: 'mode' })
  const active = failures && failures.mode !== 'none'

  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(toBody(values)))} noValidate aria-label="Failure injection" className="grid gap-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Now:</span>
        <Badge variant={active ? 'warning' : 'success'}>{failureModeLabel(failures?.mode ?? 'none')}</Badge>
        <span>{failureDetail(failures)}</span>
      </p>
      <FormField label="Mode" hint={FAILURE_MODE_TEXT[mode].description}>
        <NativeSelect {...form.register('mode')}>
          {FAILURE_MODES.map((value) => (
            <option key={value} value={value}>
              {FAILURE_MODE_TEXT[value].label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {mode === 'slow' && (
        <FormField label="Delay (ms, optional)" error={errors.delayMs?.message} hint="Empty for 5000 ms">
          <Input inputMode="numeric" autoComplete="off" placeholder="5000" {...form.register('delayMs')} />
        </FormField>
      )}
      {mode !== 'none' && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Only on one route (optional)</legend>
          <div className="grid grid-cols-2 items-start gap-4">
            <FormField label="Route from" error={errors.from?.message}>
              <Input autoComplete="off" className="uppercase" {...form.register('from')} />
            </FormField>
            <FormField label="Route to" error={errors.to?.message}>
              <Input autoComplete="off" className="uppercase" {...form.register('to')} />
            </FormField>
          </div>
          <p className="text-xs text-muted-foreground">Empty for every route.</p>
        </fieldset>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={save.isPending && save.variables.mode === mode}>
          Set failure mode
        </Button>
        {active && (
          <Button type="button" variant="outline" disabled={save.isPending} onClick={() => save.mutate({ mode: 'none' })}>
            Back to normal
          </Button>
        )}
      </div>
      <p role="status" className="text-sm empty:hidden">
        {save.isSuccess && `Failure mode set to ${failureModeLabel(save.data.failures?.mode ?? 'none')}: ${failureDetail(save.data.failures)}.`}
      </p>
      {save.isError && (
        <p role="alert" className="text-sm text-destructive">
          Could not set the failure mode: {errorMessage(save.error)}
        </p>
      )}
    </form>
  )
}
