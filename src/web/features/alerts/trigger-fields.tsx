import { useId, type ReactNode } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { dropTarget, DROP_PERCENT_MAX, DROP_PERCENT_MIN, type AlertTrigger } from '#shared/alerts/alert-trigger.ts'
import { formatPrice } from '#shared/format.ts'
import { Input } from '../../components/ui/input.tsx'
import { NativeSelect } from '../../components/ui/native-select.tsx'
import { cn } from '../../lib/cn.ts'
import type { AlertSettings, AlertSettingsInput } from './alert-settings-schema.ts'

/**
 * When the alert notifies (decision 051): at or below the target (its field stays above), a drop
 * of some percent from the price when set, or each new lowest price; and the step a further drop
 * must make before it notifies again. Rules measured from the price when set need that price: an
 * alert without one (set before these rules, never checked) offers only the target.
 */
export function TriggerFields({ form, currency }: { form: UseFormReturn<AlertSettingsInput, unknown, AlertSettings>; currency: string }) {
  const id = useId()
  const trigger = form.watch('trigger') as AlertTrigger
  const baseline = form.watch('baseline_price') as number | null | undefined
  const percent = Number(form.watch('drop_percent'))
  const stepUnit = form.watch('renotify_step.unit')
  const { errors } = form.formState
  const price = (amount: number) => formatPrice(amount, currency)
  const hasBaseline = typeof baseline === 'number' && baseline > 0
  const dropFigure = hasBaseline && Number.isInteger(percent) && percent >= DROP_PERCENT_MIN && percent <= DROP_PERCENT_MAX ? dropTarget(baseline, percent) : null

  const option = (value: AlertTrigger, label: string, extra?: ReactNode, disabled = false) => (
    <div
      className={cn(
        'grid gap-2 rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        trigger === value && 'border-primary bg-primary/5',
        disabled && 'opacity-60',
      )}
    >
      <label className={cn('flex min-h-7 items-center gap-2', disabled ? 'cursor-not-allowed' : 'cursor-pointer')}>
        <input type="radio" value={value} disabled={disabled} {...form.register('trigger')} className="size-4 accent-primary" />
        {label}
      </label>
      {extra}
    </div>
  )

  return (
    <fieldset className="grid gap-3" aria-describedby={errors.trigger?.message ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">When to notify</legend>
      {option('below', 'When the price is at or below my target')}
      {option(
        'drop',
        hasBaseline ? `When it drops from today’s ${price(baseline)}` : 'When it drops from today’s price',
        trigger === 'drop' && (
          <div className="grid gap-1 pl-6">
            <div className="flex items-center gap-2">
              <span className="text-muted-foreground">By</span>
              <Input
                aria-label="Drop in percent"
                aria-invalid={errors.drop_percent ? true : undefined}
                inputMode="numeric"
                className="w-20"
                {...form.register('drop_percent')}
              />
              <span className="text-muted-foreground">%</span>
              {dropFigure !== null && <span className="font-medium">{`${price(dropFigure)} or less`}</span>}
            </div>
            {errors.drop_percent?.message && (
              <p role="alert" className="text-xs text-destructive">
                {errors.drop_percent.message}
              </p>
            )}
          </div>
        ),
        !hasBaseline,
      )}
      {option('new_low', hasBaseline ? `At each new lowest price under ${price(baseline)}` : 'At each new lowest price', null, !hasBaseline)}
      {!hasBaseline && <p className="text-xs text-muted-foreground">Drops and new lows are measured from today’s price: set one from a search.</p>}
      {errors.trigger?.message && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {errors.trigger.message}
        </p>
      )}

      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>Notify again after a further drop of</span>
          <Input
            aria-label="Further drop before notifying again"
            aria-invalid={errors.renotify_step?.value ? true : undefined}
            inputMode="decimal"
            className="w-20"
            {...form.register('renotify_step.value')}
          />
          <NativeSelect aria-label="Step unit" className="w-24" {...form.register('renotify_step.unit')}>
            <option value="percent">%</option>
            <option value="amount">{currency}</option>
          </NativeSelect>
        </div>
        <p className="text-xs text-muted-foreground">
          {stepUnit === 'percent' ? 'From 1 to 50 %, and at least one unit of the currency.' : 'Any amount, in the alert’s currency.'}
        </p>
        {errors.renotify_step?.value?.message && (
          <p role="alert" className="text-xs text-destructive">
            {errors.renotify_step.value.message}
          </p>
        )}
      </div>
    </fieldset>
  )
}
