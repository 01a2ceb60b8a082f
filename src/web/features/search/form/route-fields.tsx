import { ArrowLeftRight } from 'lucide-react'
import { useId } from 'react'
import { cn } from '../../../lib/cn.ts'
import { AirportCombobox } from './airport-combobox.tsx'
import { FieldError } from './field-error.tsx'
import { useSearchFormContext } from './form-context.tsx'
import { PriceCalendarButton } from './price-calendar/price-calendar-button.tsx'

/**
 * From ⇄ To: two comboboxes with the swap button between them (beside them on phones). `paths`
 * name the fields for errors and focus ("from"/"to", or "multiCitySegments.1.from"…).
 */
export function RouteFields({
  from,
  to,
  onChange,
  paths,
  labelExtra,
  swapLabel = 'Swap origin and destination',
  formVersion,
}: {
  from: string
  to: string
  onChange: (patch: { from?: string; to?: string }) => void
  paths: { from: string; to: string }
  labelExtra?: string
  swapLabel?: string
  /** Remounts the fields (dropping half-typed text) after Clear all. */
  formVersion: number
}) {
  const { errorFor, fieldRef } = useSearchFormContext()
  return (
    <div className="relative grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:gap-0">
      <AirportCombobox
        key={`from-${formVersion}`}
        label="From"
        labelExtra={labelExtra}
        direction="from"
        value={from}
        onChange={(code) => onChange({ from: code })}
        error={errorFor(paths.from)}
        inputRef={fieldRef(paths.from)}
        placeholder="Where from?"
        inputClassName="pr-12 sm:pr-6"
      />
      <div className="absolute top-[50px] right-2 z-10 sm:relative sm:top-auto sm:right-auto sm:-mx-2.5 sm:mt-6 sm:self-start">
        <SwapButton from={from} to={to} label={swapLabel} onSwap={() => onChange({ from: to, to: from })} />
      </div>
      <AirportCombobox
        key={`to-${formVersion}`}
        label="To"
        labelExtra={labelExtra}
        direction="to"
        value={to}
        onChange={(code) => onChange({ to: code })}
        error={errorFor(paths.to)}
        inputRef={fieldRef(paths.to)}
        placeholder="Where to?"
      />
    </div>
  )
}

function SwapButton({ from, to, label, onSwap }: { from: string; to: string; label: string; onSwap: () => void }) {
  // The fields' labels are cached by code, so they follow the codes across.
  return (
    <button
      type="button"
      aria-label={label}
      disabled={!from && !to}
      onClick={onSwap}
      className={cn(
        'flex size-9 items-center justify-center rounded-full border border-input bg-background text-foreground shadow-sm transition-colors',
        'hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'disabled:cursor-not-allowed disabled:opacity-60',
      )}
    >
      <ArrowLeftRight className="size-4 rotate-90 sm:rotate-0" aria-hidden="true" />
    </button>
  )
}

/**
 * A native date field (typed entry) with the price calendar's button in it (issue 16: the
 * cheapest fare by day, in a dialog); `min` keeps past days out of both.
 */
export function DateField({
  label,
  labelExtra,
  value,
  onChange,
  min,
  disabled,
  path,
  hint,
  className,
}: {
  label: string
  labelExtra?: string
  value: string
  onChange: (value: string) => void
  min: string
  disabled?: boolean
  path: string
  hint?: string
  className?: string
}) {
  const id = useId()
  const { errorFor, fieldRef } = useSearchFormContext()
  const error = disabled ? undefined : errorFor(path)
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined
  const noun = label.toLowerCase() === 'date' ? 'date' : `${label.toLowerCase()} date`
  const calendarName = [`Choose ${noun}`, labelExtra].filter(Boolean).join(' ')
  const calendarTitle = [label.toLowerCase() === 'date' ? 'Date' : `${label} date`, labelExtra].filter(Boolean).join(' ')
  return (
    <div className={cn('grid min-w-0 grid-cols-1 content-start gap-1.5', className)}>
      <label htmlFor={id} className={cn('text-sm leading-none font-medium', disabled && 'opacity-60')}>
        {label}
        {labelExtra && ' '}
        {labelExtra && <span className="sr-only">{labelExtra}</span>}
      </label>
      <div className="relative">
        <input
          ref={fieldRef(path)}
          id={id}
          type="date"
          value={disabled ? '' : value}
          min={min}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'flex h-11 w-full min-w-0 rounded-md border border-input bg-background py-2 pr-1.5 pl-2.5 text-sm shadow-xs transition-colors sm:px-3 dark:bg-input/30',
            'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            'aria-invalid:border-destructive disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60',
            // The price calendar's button takes the place of the browser's own picker icon.
            !disabled && 'pr-10 sm:pr-10 [&::-webkit-calendar-picker-indicator]:hidden',
          )}
        />
        {!disabled && (
          <PriceCalendarButton
            path={path}
            name={calendarName}
            title={calendarTitle}
            value={value}
            min={min}
            onPick={onChange}
            className="absolute top-1 right-1"
          />
        )}
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}
