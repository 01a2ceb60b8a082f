import { useMemo } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { dateWindowSchema, type DateWindow } from '#shared/alerts/date-window.ts'
import type { PlanId } from '#shared/plans.ts'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import type { AlertSettings, AlertSettingsInput } from './alert-settings-schema.ts'
import { ChannelSwitches } from './channel-switches.tsx'
import { FrequencyOptions } from './frequency-options.tsx'
import { QuietHoursField } from './quiet-hours-field.tsx'
import { DailyDigestField } from './daily-digest-field.tsx'
import { TriggerFields } from './trigger-fields.tsx'
import { ClientChoice } from '../clients/index.ts'

/** The fields the create and edit forms share: name, target price, channels, check frequency. */
export function AlertSettingsFields({
  form,
  plan,
  currency,
  targetHint,
  currentFrequency,
  countedFrequency,
  countedWindow,
}: {
  form: UseFormReturn<AlertSettingsInput, unknown, AlertSettings>
  plan: PlanId
  currency: string
  targetHint?: string
  /** The frequency the alert has now (edit), listed even when it is a custom one. */
  currentFrequency?: string
  /** The frequency a live alert being edited already adds to the account's checks a day. */
  countedFrequency?: string
  /** The window that live alert is counted with now (a flexible alert's searches, decision 055). */
  countedWindow?: DateWindow | null
}) {
  const { errors } = form.formState
  // Reasonable use counts a flexible alert's searches: the usage line follows the window being edited.
  const windowValue = useWatch({ control: form.control, name: 'date_window' })
  const window = useMemo(() => (windowValue ? (dateWindowSchema.safeParse(windowValue).data ?? null) : null), [windowValue])
  // A drop or new-low rule's target is the rule's own (decision 051): the field is for `below`.
  const ownTarget = form.watch('trigger') === 'below'
  return (
    <div className="grid gap-5">
      <div className={ownTarget ? 'grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]' : 'grid gap-4'}>
        <FormField label="Alert name" error={errors.name?.message}>
          <Input autoComplete="off" maxLength={120} {...form.register('name')} />
        </FormField>
        {ownTarget && (
          <FormField label={`Target price (${currency})`} error={errors.target_price?.message} hint={targetHint}>
            <Input type="number" inputMode="decimal" min={1} step="any" {...form.register('target_price')} />
          </FormField>
        )}
      </div>
      <TriggerFields form={form} currency={currency} />
      <QuietHoursField form={form} />
      <DailyDigestField form={form} />
      {plan === 'unlimited' && <ClientChoice field={form.register('client_id')} error={errors.client_id?.message} />}
      <ChannelSwitches control={form.control} plan={plan} error={errors.notification_channels?.message} />
      <FrequencyOptions
        form={form}
        plan={plan}
        {...(currentFrequency ? { current: currentFrequency } : {})}
        {...(countedFrequency ? { counted: countedFrequency } : {})}
        window={window}
        countedWindow={countedWindow ?? null}
        {...(errors.check_frequency?.message ? { error: errors.check_frequency.message } : {})}
      />
    </div>
  )
}
