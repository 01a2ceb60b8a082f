import { useId } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { DEFAULT_DIGEST_HOUR, digestHourText, type DailyDigest } from '#shared/alerts/daily-digest.ts'
import { NativeSelect } from '../../components/ui/native-select.tsx'
import type { AlertSettings, AlertSettingsInput } from './alert-settings-schema.ts'
import { browserTimeZone } from './quiet-hours-field.tsx'

const HOURS = Array.from({ length: 24 }, (_, hour) => hour)

/**
 * The daily digest (decision 054): one message a day at the traveller's hour instead of a notice
 * per price drop. Off by default; turning it on offers 08:00 in the browser's time zone (or the
 * zone of the alert's quiet hours) and turns quiet hours off (a digest already waits for its hour).
 */
export function DailyDigestField({ form }: { form: UseFormReturn<AlertSettingsInput, unknown, AlertSettings> }) {
  const id = useId()
  const digest = form.watch('digest') as DailyDigest | null | undefined
  const errors = form.formState.errors.digest
  const message = errors?.hour?.message ?? errors?.time_zone?.message ?? errors?.message
  const toggle = (on: boolean) => {
    // The zone the alert's quiet hours were set in, if any: the traveller's, wherever this browser is.
    const zone = digest?.time_zone ?? form.getValues('quiet_hours')?.time_zone ?? browserTimeZone()
    form.setValue('digest', on ? { hour: digest?.hour ?? DEFAULT_DIGEST_HOUR, time_zone: zone } : null, { shouldDirty: true })
    if (on) form.setValue('quiet_hours', null, { shouldDirty: true })
  }
  return (
    <fieldset className="grid gap-2 text-sm">
      <legend className="sr-only">Daily digest</legend>
      <label className="flex min-h-7 cursor-pointer items-center gap-2 font-medium">
        <input type="checkbox" checked={Boolean(digest)} onChange={(event) => toggle(event.target.checked)} className="size-4 accent-primary" />
        Send one daily digest instead
      </label>
      {digest && (
        <div className="grid gap-1 pl-6">
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={`${id}-hour`} className="text-muted-foreground">
              Every day at
            </label>
            <NativeSelect id={`${id}-hour`} className="w-28" {...form.register('digest.hour', { valueAsNumber: true })}>
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {digestHourText(hour)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <p className="text-xs text-muted-foreground">{`Your time (${digest.time_zone.replace(/_/g, ' ')}). One message a day lists every drop this alert found since the last.`}</p>
          {message && (
            <p role="alert" className="text-xs text-destructive">
              {message}
            </p>
          )}
        </div>
      )}
    </fieldset>
  )
}
