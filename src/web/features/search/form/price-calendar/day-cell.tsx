import type { FareDay } from '#shared/flights/fare-calendar.ts'
import { fareText, LEVEL_TEXT_CLASS, LEVEL_WORDS, longDayText } from './fare-text.ts'

/** Class names joined without tailwind-merge: ~80 cells render on each opening, and none of these conflict. */
const classes = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ')

export type DayPrice =
  /** Nothing priced (no route, multi-city) or the answer not in yet: the date alone. */
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'fare'; fare: FareDay | undefined; currency: string }

/** "Wednesday, December 23, 2026, $412, low price" or "…, no price yet". */
export function dayName(date: string, price: DayPrice): string {
  const day = longDayText(date)
  if (price.kind !== 'fare') return day
  const fare = price.fare
  if (!fare || fare.price === null) return `${day}, no price yet`
  return `${day}, ${fareText(fare.price, price.currency)}${fare.level ? `, ${LEVEL_WORDS[fare.level]}` : ''}`
}

/**
 * One day of the price calendar: its number and cheapest fare ("—" when none is known), coloured
 * by level. Focus is roving (one cell in the tab order); the grid handles keys, the cell clicks.
 * Two elements a day (the cell and its fare), the fewest that show it.
 */
export function DayCell({
  date,
  price,
  disabled,
  selected,
  inRange,
  rangeEdge,
  focusable,
  onPick,
}: {
  date: string
  price: DayPrice
  disabled: boolean
  selected: boolean
  /** Between the round trip's departure and return. */
  inRange: boolean
  /** The other end of the round trip (the departure when picking the return, and the other way). */
  rangeEdge: boolean
  focusable: boolean
  onPick: (date: string) => void
}) {
  const fare = price.kind === 'fare' ? price.fare : undefined
  const amount = fare?.price ?? null
  return (
    <div
      role="gridcell"
      data-date={date}
      tabIndex={focusable ? 0 : -1}
      aria-selected={selected}
      aria-disabled={disabled || undefined}
      aria-label={dayName(date, price)}
      onClick={() => {
        if (!disabled) onPick(date)
      }}
      className={classes(
        'flex h-11 flex-col items-center justify-center text-sm leading-none font-medium tabular-nums transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        // The round trip's days are one band; a chosen day or the pointer's is a rounded tile.
        selected ? 'rounded-md bg-primary text-primary-foreground' : inRange ? 'bg-primary/10' : 'rounded-md',
        !disabled && !selected && 'hover:rounded-md hover:bg-accent',
        rangeEdge && !selected && 'rounded-md ring-1 ring-primary ring-inset',
        disabled ? 'cursor-not-allowed' : 'cursor-pointer',
        disabled && !selected && 'text-muted-foreground opacity-60',
      )}
    >
      {Number(date.slice(8))}
      {price.kind !== 'none' && !disabled && (
        <span
          aria-hidden="true"
          className={classes(
            'mt-1 max-w-full truncate text-[11px]',
            price.kind === 'loading' && 'h-2 w-6 animate-pulse rounded bg-muted',
            selected ? 'text-primary-foreground' : fare?.price != null && fare.level ? LEVEL_TEXT_CLASS[fare.level] : 'text-muted-foreground',
            fare?.level === 'low' ? 'font-semibold' : 'font-normal',
          )}
        >
          {price.kind === 'fare' ? (amount === null ? '—' : fareText(amount, price.currency)) : null}
        </span>
      )}
    </div>
  )
}
