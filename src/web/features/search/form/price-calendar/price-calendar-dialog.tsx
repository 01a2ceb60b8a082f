import { format } from 'date-fns'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { FareDay, FareLevel } from '#shared/flights/fare-calendar.ts'
import { Button } from '../../../../components/ui/button.tsx'
import { useNow } from '../../../../hooks/use-now.ts'
import { DialogContent, DialogDescription, DialogTitle } from '../../../../components/ui/dialog.tsx'
import { cn } from '../../../../lib/cn.ts'
import { initialFocus, monthOf, moveFocus, shiftMonth, toDate, viewFor } from './calendar-dates.ts'
import { LEVEL_SWATCH_CLASS, pricesAgeText } from './fare-text.ts'
import { MonthGrid, type MonthGridProps } from './month-grid.tsx'
import { calendarQuery, useFareCalendar, type CalendarPricing } from './use-fare-calendar.ts'

export interface PriceCalendarProps {
  title: string
  /** The field's date ("" when empty). */
  value: string
  /** First day that can be picked. */
  min: string
  range: [string, string] | null
  pricing: CalendarPricing
  onPick: (date: string) => void
}

const LEGEND: Array<[FareLevel, string]> = [
  ['low', 'Low'],
  ['typical', 'Typical'],
  ['high', 'High'],
]

/**
 * The price calendar's dialog content (WAI-ARIA APG Date Picker Dialog): two months of day
 * grids, previous/next month, the legend and how old the prices are. It renders at once; fares
 * fill in when their query answers. Picking a day (click, Enter or Space) hands it to the field
 * and closes; the Radix dialog returns focus to the button, and Escape closes without a change.
 */
export function PriceCalendarContent({ title, value, min, range, pricing, onPick }: PriceCalendarProps) {
  const bounds = useMemo(() => ({ min }), [min])
  const [focused, setFocused] = useState(() => initialFocus(value, bounds))
  const [view, setView] = useState(() => monthOf(focused))
  const gridsRef = useRef<HTMLDivElement>(null)
  const now = useNow(true, 60_000)
  // The second month is drawn in the frame after the dialog's first: the opening paints sooner
  // (the 100 ms budget on a slow phone), and focus always starts in the first month.
  const [secondShown, setSecondShown] = useState(false)
  useEffect(() => {
    const frame = requestAnimationFrame(() => setSecondShown(true))
    return () => cancelAnimationFrame(frame)
  }, [])
  /** Focus follows `focused` only once the traveller moves it with keys (not on a month button). */
  const moveFocusPending = useRef(false)

  const query = calendarQuery(pricing, view, min)
  const calendar = useFareCalendar(query)
  const prices = useMemo<MonthGridProps['prices']>(() => {
    if (!query) return { kind: 'none' }
    if (!calendar.data) return calendar.isError ? { kind: 'none' } : { kind: 'loading' }
    return { kind: 'fares', byDate: new Map<string, FareDay>(calendar.data.days.map((day) => [day.date, day])), currency: calendar.data.currency }
  }, [query, calendar.data, calendar.isError])

  useEffect(() => {
    if (!moveFocusPending.current) return
    moveFocusPending.current = false
    gridsRef.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus()
  }, [focused, view])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      if (focused >= min) onPick(focused)
      return
    }
    const next = moveFocus(focused, event.key, event.shiftKey, bounds)
    if (next === null) return
    event.preventDefault()
    moveFocusPending.current = true
    setFocused(next)
    setView((current) => viewFor(current, next))
  }

  /** The month buttons move the view; the focusable day moves into it so Tab reaches the grid. */
  const showMonths = (nextView: string) => {
    setView(nextView)
    if (monthOf(focused) !== nextView && monthOf(focused) !== shiftMonth(nextView, 1)) {
      const first = `${nextView}-01`
      setFocused(first < min ? min : first)
    }
  }

  const second = shiftMonth(view, 1)
  const age = calendar.data ? pricesAgeText(calendar.data.source, calendar.data.days.map((day) => day.observedAt), now) : null
  const status = !query ? null : calendar.isError ? 'Prices could not be loaded; you can still choose a date.' : calendar.isPending ? 'Finding prices…' : age

  return (
    <DialogContent
      className="gap-3 p-4 sm:max-w-3xl sm:p-6"
      onOpenAutoFocus={(event) => {
        // Focus starts on the selected day (APG), not the first button.
        event.preventDefault()
        gridsRef.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus()
      }}
    >
      <div className="grid gap-1 pr-8">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{pricing.note}</DialogDescription>
      </div>

      <div className="flex items-center justify-between gap-2">
        <Button type="button" variant="ghost" size="icon" aria-label="Previous month" disabled={view <= monthOf(min)} onClick={() => showMonths(shiftMonth(view, -1))}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {`${format(toDate(`${view}-01`), 'MMMM yyyy')} – ${format(toDate(`${second}-01`), 'MMMM yyyy')}`}
        </p>
        <Button type="button" variant="ghost" size="icon" aria-label="Next month" onClick={() => showMonths(shiftMonth(view, 1))}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>

      <div ref={gridsRef} onKeyDown={onKeyDown} className="grid gap-5 sm:grid-cols-2 sm:gap-8">
        <MonthGrid key={view} month={view} focused={focused} selected={value} min={min} range={range} prices={prices} onPick={onPick} />
        {secondShown ? (
          <MonthGrid key={second} month={second} focused={focused} selected={value} min={min} range={range} prices={prices} onPick={onPick} />
        ) : (
          <div aria-hidden="true" style={{ height: '19.5rem' }} />
        )}
      </div>

      <div className="grid gap-2 border-t pt-3 text-xs text-muted-foreground sm:flex sm:items-center sm:justify-between">
        {query && (
          <ul aria-label="Price levels" className="flex flex-wrap items-center gap-3">
            {LEGEND.map(([level, label]) => (
              <li key={level} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={cn('size-2.5 rounded-full', LEVEL_SWATCH_CLASS[level])} />
                {label}
              </li>
            ))}
          </ul>
        )}
        <p role="status" className="empty:hidden">
          {status}
        </p>
      </div>
    </DialogContent>
  )
}
