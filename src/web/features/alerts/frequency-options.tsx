import { Lock } from 'lucide-react'
import { useId } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { allowedFrequencies, checkFrequencyMinutes } from '#shared/alerts/alert-rules.ts'
import type { DateWindow } from '#shared/alerts/date-window.ts'
import { CHECK_FREQUENCIES, getPlan, type PlanId } from '#shared/plans.ts'
import { Link } from 'react-router'
import { cn } from '../../lib/cn.ts'
import { frequencyLabel } from './alert-labels.ts'
import type { AlertSettings, AlertSettingsInput } from './alert-settings-schema.ts'
import { CustomFrequency, FrequencyUsage } from './custom-frequency.tsx'
import { frequencyLock, UPGRADE_PATH } from './plan-locks.ts'

export const CUSTOM_RANGE_MESSAGE = 'Enter an interval from 15 minutes to 30 days, such as 45 minutes or 3 hours.'

/**
 * The check frequencies as radio cards: the plan's allowed ones (allowedFrequencies), then the
 * faster ones locked with the plan that unlocks them. Unlimited also sets its own interval, with
 * what it costs and where the account stands against reasonable use (decision 040). On other
 * plans a custom interval an alert still has is listed, so editing never silently changes it.
 */
export function FrequencyOptions({
  form,
  plan,
  current,
  counted,
  window,
  countedWindow,
  error,
}: {
  form: UseFormReturn<AlertSettingsInput, unknown, AlertSettings>
  plan: PlanId
  current?: string
  /** The frequency a live alert being edited already adds to the account's checks a day. */
  counted?: string
  /** The form's flexible window (valid), and the one the edited alert is counted with now: reasonable use counts their searches. */
  window?: DateWindow | null
  countedWindow?: DateWindow | null
  error?: string
}) {
  const id = useId()
  const { register } = form
  const custom = getPlan(plan).limits.customFrequency
  const value = form.watch('check_frequency') ?? ''
  const allowed = allowedFrequencies(plan)
  // A custom interval that isn't one gets the range rather than the schema's "Choose how often to check".
  const shownError = error && custom && checkFrequencyMinutes(value) === null && value !== '' ? CUSTOM_RANGE_MESSAGE : error
  const options = [...CHECK_FREQUENCIES, ...(!custom && current && !(CHECK_FREQUENCIES as readonly string[]).includes(current) ? [current] : [])]
  const locked = options.filter((frequency) => !allowed.includes(frequency) && frequency !== current)
  const firstLock = locked[0] ? frequencyLock(plan, locked[0]) : null
  return (
    <fieldset className="grid gap-2" aria-describedby={[firstLock && `${id}-lock`, shownError && `${id}-error`].filter(Boolean).join(' ') || undefined}>
      <legend className="mb-2 text-sm font-medium">Check prices</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((frequency) => {
          const lock = locked.includes(frequency) ? frequencyLock(plan, frequency) : null
          return (
            <label
              key={frequency}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors',
                'has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                lock && 'cursor-not-allowed text-muted-foreground',
              )}
            >
              <input type="radio" value={frequency} disabled={Boolean(lock)} className="size-4 accent-primary" {...register('check_frequency')} />
              <span className="flex flex-1 flex-wrap items-center justify-between gap-x-2">
                {frequencyLabel(frequency)}
                {lock && (
                  <span className="flex items-center gap-1 text-xs">
                    <Lock className="size-3" aria-hidden="true" />
                    {lock.plan.name}
                  </span>
                )}
              </span>
            </label>
          )
        })}
        {custom && <CustomFrequency value={value} onChange={(next) => form.setValue('check_frequency', next, { shouldDirty: true, shouldValidate: true })} />}
      </div>
      {custom && <FrequencyUsage frequency={value} window={window ?? null} countedWindow={countedWindow ?? null} {...(counted ? { counted } : {})} />}
      {firstLock && (
        <p id={`${id}-lock`} className="text-xs text-muted-foreground">
          {`Faster checks need the ${firstLock.plan.name} plan. `}
          <Link to={UPGRADE_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
            Upgrade
          </Link>
        </p>
      )}
      {shownError && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {shownError}
        </p>
      )}
    </fieldset>
  )
}
