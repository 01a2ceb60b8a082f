import { useId } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { DEFAULT_QUIET_WINDOW, type QuietHours } from '#shared/alerts/quiet-hours.ts'
import { Input } from '../../components/ui/input.tsx'
import type { AlertSettings, AlertSettingsInput } from './alert-settings-schema.ts'

/** The browser's own time zone: quiet hours mean the traveller's night (decision 051). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/**
 * Quiet hours: notices raised in the window wait until it ends. Off by default; turning it on
 * offers 22:00 to 07:00 in the browser's time zone (an alert set elsewhere keeps its own zone).
 */
export function QuietHoursField({ form }: { form: UseFormReturn<AlertSettingsInput, unknown, AlertSettings> }) {
  const id = useId()
  const quiet = form.watch('quiet_hours') as QuietHours | null | undefined
  const errors = form.formState.errors.quiet_hours
  const message = errors?.start?.message ?? errors?.end?.message ?? errors?.time_zone?.message ?? errors?.message
  const toggle = (on: boolean) => {
    form.setValue('quiet_hours', on ? { ...DEFAULT_QUIET_WINDOW, time_zone: quiet?.time_zone ?? browserTimeZone() } : null, { shouldDirty: true })
    // A daily digest already waits for its hour (decision 054): one or the other.
    if (on) form.setValue('digest', null, { shouldDirty: true })
  }
  return (
    <fieldset className="grid gap-2 text-sm">
      <legend className="sr-only">Quiet hours</legend>
      <label className="flex min-h-7 cursor-pointer items-center gap-2 font-medium">
        <input type="checkbox" checked={Boolean(quiet)} onChange={(event) => toggle(event.target.checked)} className="size-4 accent-primary" />
        Hold notices at night
      </label>
      {quiet && (
        <div className="grid gap-1 pl-6">
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={`${id}-start`} className="text-muted-foreground">
              From
            </label>
            <Input id={`${id}-start`} type="time" className="w-32" {...form.register('quiet_hours.start')} />
            <label htmlFor={`${id}-end`} className="text-muted-foreground">
              to
            </label>
            <Input id={`${id}-end`} type="time" className="w-32" {...form.register('quiet_hours.end')} />
          </div>
          <p className="text-xs text-muted-foreground">{`Your time (${quiet.time_zone.replace(/_/g, ' ')}). Notices found then arrive when it ends.`}</p>
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
