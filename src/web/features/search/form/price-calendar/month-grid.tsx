import { format } from 'date-fns'
import { useId } from 'react'
import type { FareDay } from '#shared/flights/fare-calendar.ts'
import { monthWeeks, toDate } from './calendar-dates.ts'
import { DayCell, type DayPrice } from './day-cell.tsx'

const WEEKDAYS = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const

export interface MonthGridProps {
  /** "2026-12" */
  month: string
  focused: string
  selected: string
  min: string
  /** The round trip's dates, for the tint between them (either may be empty). */
  range: [string, string] | null
  /** The day-by-day answer, or why there is none. */
  prices: { kind: 'none' } | { kind: 'loading' } | { kind: 'fares'; byDate: Map<string, FareDay>; currency: string }
  onPick: (date: string) => void
}

/**
 * One month as an APG date grid: weekday column headers and a gridcell per day, in divs laid out
 * by CSS grid rather than a table: half the elements a table needed (the calendar has 100 ms to
 * open on a slow phone, and each element costs style and layout as it opens).
 */
export function MonthGrid({ month, focused, selected, min, range, prices, onPick }: MonthGridProps) {
  const titleId = useId()
  const weeks = monthWeeks(month)
  const [rangeFrom, rangeTo] = range ?? ['', '']
  return (
    <div className="min-w-0">
      <h3 id={titleId} className="mb-2 text-center text-sm font-semibold">
        {format(toDate(`${month}-01`), 'MMMM yyyy')}
      </h3>
      <div role="grid" aria-labelledby={titleId}>
        <div role="row" className="grid grid-cols-7">
          {WEEKDAYS.map(([short, long]) => (
            <div key={long} role="columnheader" aria-label={long} className="pb-1 text-center text-xs font-medium text-muted-foreground">
              {short}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week.find(Boolean)} role="row" className="grid grid-cols-7">
            {week.map((date, i) => {
              if (!date) return <div key={`blank-${i}`} role="gridcell" aria-hidden="true" />
              const price: DayPrice =
                prices.kind === 'fares' ? { kind: 'fare', fare: prices.byDate.get(date), currency: prices.currency } : prices
              const inRange = Boolean(rangeFrom && rangeTo && date >= rangeFrom && date <= rangeTo)
              return (
                <DayCell
                  key={date}
                  date={date}
                  price={price}
                  disabled={date < min}
                  selected={date === selected}
                  inRange={inRange}
                  rangeEdge={date !== selected && (date === rangeFrom || date === rangeTo)}
                  focusable={date === focused}
                  onPick={onPick}
                />
              )
            })}
          </div>
        ))}
      </div>
    </div>
  )
}
