import { RadioGroup } from 'radix-ui'
import { useId } from 'react'
import type { FlexKind } from '#shared/flights/fare-calendar.ts'
import { FLEX_MAX_NIGHTS } from '#shared/flights/fare-calendar.ts'
import { addMonths, flexibleMonths, monthLabel, usesNights } from '#shared/flights/flexible-search.ts'
import type { TripType } from '#shared/flights/search-params.ts'
import { NativeSelect } from '../../../components/ui/native-select.tsx'
import { cn } from '../../../lib/cn.ts'
import { useSearchStore } from '../../../stores/search-store.ts'
import { FieldError } from './field-error.tsx'
import { useSearchFormContext } from './form-context.tsx'

const segmentRoot = 'inline-flex h-10 items-center rounded-lg bg-muted p-1'
const segmentItem = cn(
  'inline-flex h-full items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors',
  'hover:text-foreground data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm',
  'dark:data-[state=checked]:bg-input/60',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
)

/** The month a flexible search starts with: the departure's, if one is chosen and offered; else next month. */
export function defaultFlexMonth(departureDate: string, today: string): string {
  const months = flexibleMonths(today)
  const fromDeparture = departureDate.slice(0, 7)
  return months.includes(fromDeparture) ? fromDeparture : addMonths(today.slice(0, 7), 1)
}

/** "Exact dates | Flexible dates": which date fields the form shows (round trip and one way). */
export function DatesModeControl({ today }: { today: string }) {
  const on = useSearchStore((state) => state.flexible.on)
  const setFlexible = useSearchStore((state) => state.setFlexible)
  return (
    <RadioGroup.Root
      aria-label="Dates"
      value={on ? 'flexible' : 'exact'}
      onValueChange={(value) => {
        const { flexible, params } = useSearchStore.getState()
        const turningOn = value === 'flexible'
        setFlexible({ on: turningOn, month: turningOn && !flexible.month ? defaultFlexMonth(params.departureDate, today) : flexible.month })
      }}
      orientation="horizontal"
      className={segmentRoot}
    >
      <RadioGroup.Item value="exact" className={segmentItem}>
        Exact dates
      </RadioGroup.Item>
      <RadioGroup.Item value="flexible" className={segmentItem}>
        Flexible dates
      </RadioGroup.Item>
    </RadioGroup.Root>
  )
}

/**
 * What takes the two date fields' place for a flexible search: the month (this one and the 11
 * after it), any days or weekends, and for a round trip on any days the trip length in nights.
 */
export function FlexibleDateFields({ tripType, today }: { tripType: TripType; today: string }) {
  const id = useId()
  const flexible = useSearchStore((state) => state.flexible)
  const setFlexible = useSearchStore((state) => state.setFlexible)
  const { errorFor, fieldRef } = useSearchFormContext()
  const monthError = errorFor('flexMonth')
  const minError = errorFor('minNights')
  const maxError = errorFor('maxNights')
  const nightsError = minError ?? maxError
  const nights = usesNights(tripType, flexible.kind)
  const months = flexibleMonths(today)
  const weekendHint = tripType === 'round-trip' ? 'Out Friday or Saturday, back Sunday or Monday.' : 'Leaving on a Friday or Saturday.'

  return (
    <div className="grid min-w-0 gap-3">
      <div className="grid min-w-0 gap-1.5">
        <label htmlFor={`${id}-month`} className="text-sm leading-none font-medium">
          Month
        </label>
        <NativeSelect
          ref={fieldRef('flexMonth')}
          id={`${id}-month`}
          value={months.includes(flexible.month) ? flexible.month : ''}
          onChange={(event) => setFlexible({ month: event.target.value })}
          aria-invalid={monthError ? true : undefined}
          aria-describedby={monthError ? `${id}-month-error` : undefined}
        >
          {!months.includes(flexible.month) && (
            <option value="" disabled>
              Choose a month
            </option>
          )}
          {months.map((month) => (
            <option key={month} value={month}>
              {monthLabel(month)}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${id}-month-error`} message={monthError} />
      </div>

      <div className="flex flex-wrap items-start gap-x-3 gap-y-3">
        <div className="grid gap-1.5">
          <span id={`${id}-days`} className="text-sm leading-none font-medium">
            Days
          </span>
          <RadioGroup.Root
            aria-labelledby={`${id}-days`}
            value={flexible.kind}
            onValueChange={(kind) => setFlexible({ kind: kind as FlexKind })}
            orientation="horizontal"
            className={segmentRoot}
          >
            <RadioGroup.Item value="month" className={cn(segmentItem, 'px-2.5')}>
              Any days
            </RadioGroup.Item>
            <RadioGroup.Item value="weekend" className={cn(segmentItem, 'px-2.5')} aria-describedby={`${id}-weekend`}>
              Weekends
            </RadioGroup.Item>
          </RadioGroup.Root>
        </div>

        {nights ? (
          <fieldset className="grid min-w-0 gap-1.5">
            <legend className="mb-1.5 text-sm leading-none font-medium">Trip length</legend>
            <div className="flex items-center gap-1.5">
              <NightsInput
                inputRef={fieldRef('minNights')}
                label="Shortest trip, nights"
                value={flexible.minNights}
                invalid={Boolean(minError)}
                describedBy={nightsError ? `${id}-nights-error` : undefined}
                onChange={(minNights) => setFlexible({ minNights })}
              />
              <span aria-hidden="true">–</span>
              <NightsInput
                inputRef={fieldRef('maxNights')}
                label="Longest trip, nights"
                value={flexible.maxNights}
                invalid={Boolean(maxError)}
                describedBy={nightsError ? `${id}-nights-error` : undefined}
                onChange={(maxNights) => setFlexible({ maxNights })}
              />
              <span className="text-sm text-muted-foreground">nights</span>
            </div>
          </fieldset>
        ) : null}
      </div>
      <p id={`${id}-weekend`} className={cn('-mt-1 text-xs text-muted-foreground', flexible.kind !== 'weekend' && 'sr-only')}>
        {weekendHint}
      </p>
      <FieldError id={`${id}-nights-error`} message={nights ? nightsError : undefined} className="-mt-1" />
    </div>
  )
}

function NightsInput({
  label,
  value,
  invalid,
  describedBy,
  onChange,
  inputRef,
}: {
  label: string
  value: string
  invalid: boolean
  describedBy?: string
  onChange: (value: string) => void
  inputRef: (element: HTMLElement | null) => void
}) {
  return (
    <input
      ref={inputRef}
      type="number"
      inputMode="numeric"
      min={1}
      max={FLEX_MAX_NIGHTS}
      step={1}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={cn(
        'h-10 w-16 rounded-md border border-input bg-background px-2 text-center text-base tabular-nums shadow-xs transition-colors dark:bg-input/30',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'aria-invalid:border-destructive',
      )}
    />
  )
}
