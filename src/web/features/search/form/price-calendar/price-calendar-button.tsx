import { CalendarDays } from 'lucide-react'
import { useState } from 'react'
import { Dialog, DialogTrigger } from '../../../../components/ui/dialog.tsx'
import { cn } from '../../../../lib/cn.ts'
import { useSearchStore } from '../../../../stores/search-store.ts'
import { format } from 'date-fns'
import { initialFocus, monthOf, toDate } from './calendar-dates.ts'
import { PriceCalendarContent } from './price-calendar-dialog.tsx'
import { calendarFieldOf, useCalendarPricing, usePrefetchCalendar } from './use-fare-calendar.ts'

/**
 * The calendar button inside a date field: opens the price calendar for that field (its path says
 * which: "departureDate", "returnDate" or a multi-city flight's date). Its name is its text, not
 * an aria-label, so a lookup by the field's label ("Departure") finds only the field.
 */
export function PriceCalendarButton({
  path,
  name,
  title,
  value,
  min,
  onPick,
  className,
}: {
  path: string
  /** "Choose departure date" */
  name: string
  /** "Departure date" */
  title: string
  value: string
  min: string
  onPick: (date: string) => void
  className?: string
}) {
  const [open, setOpen] = useState(false)
  const field = calendarFieldOf(path)
  const pricing = useCalendarPricing(field)
  const prefetch = usePrefetchCalendar(field)
  const range = useSearchStore((state) =>
    field !== 'multi-city' && state.params.tripType === 'round-trip' && state.params.departureDate && state.params.returnDate
      ? `${state.params.departureDate}/${state.params.returnDate}`
      : null,
  )
  const warm = () => prefetch(monthOf(initialFocus(value, { min })), min)

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          type="button"
          onPointerEnter={warm}
          onFocus={warm}
          className={cn(
            'flex size-9 items-center justify-center rounded-md text-muted-foreground transition-colors',
            'hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            className,
          )}
        >
          <CalendarDays className="size-4" aria-hidden="true" />
          {/* The chosen date in the name too (APG date picker): "Choose departure date, Sunday, January 10, 2027". */}
          <span className="sr-only">{/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${name}, ${format(toDate(value), 'EEEE, MMMM d, yyyy')}` : name}</span>
        </button>
      </DialogTrigger>
      {/* Mounted only while open: it starts from the field's date each time and asks for nothing while closed. */}
      {open && (
        <PriceCalendarContent
          title={title}
          value={value}
          min={min}
          range={range ? (range.split('/') as [string, string]) : null}
          pricing={pricing}
          onPick={(date) => {
            onPick(date)
            setOpen(false)
          }}
        />
      )}
    </Dialog>
  )
}
