import { AlertCircle, FilterX, PlaneTakeoff, RotateCw, SearchX } from 'lucide-react'
import { addDays, format } from 'date-fns'
import { useEffect, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { cn } from '../../../lib/cn.ts'
import { useSearchStore } from '../../../stores/search-store.ts'
import { searchUrl } from '#shared/flights/search-url.ts'

/** Long-wait threshold: past ~10 s people want to know it is still working (Nielsen). */
export const SLOW_SEARCH_MS = 10_000

const POPULAR_ROUTES = [
  ['New York', 'London', 'JFK', 'LHR'],
  ['Los Angeles', 'Tokyo', 'LAX', 'HND'],
  ['London', 'Barcelona', 'LHR', 'BCN'],
  ['San Francisco', 'Honolulu', 'SFO', 'HNL'],
  ['Paris', 'New York', 'CDG', 'JFK'],
  ['Singapore', 'Sydney', 'SIN', 'SYD'],
] as const

/** Popular-route ideas search a week-long round trip about a month out, the cheapest window to book. */
const IDEA_DEPARTURE_DAYS = 30
const IDEA_TRIP_DAYS = 7

export function StateBox({ icon, title, children, role }: { icon: ReactNode; title: string; children?: ReactNode; role?: 'alert' | 'status' }) {
  return (
    <div role={role} className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6">{icon}</span>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </div>
  )
}

/** Before the first search: what to do, and a few routes for ideas. */
export function IdleState() {
  const params = useSearchStore((state) => state.params)
  const filters = useSearchStore((state) => state.filters)
  const departure = addDays(new Date(), IDEA_DEPARTURE_DAYS)
  const ideaUrl = (from: string, to: string) =>
    searchUrl(
      {
        ...params,
        tripType: 'round-trip',
        from,
        to,
        departureDate: format(departure, 'yyyy-MM-dd'),
        returnDate: format(addDays(departure, IDEA_TRIP_DAYS), 'yyyy-MM-dd'),
      },
      filters,
    )
  return (
    <StateBox icon={<PlaneTakeoff aria-hidden="true" />} title="Where to next?">
      <p className="max-w-md text-sm text-muted-foreground">
        Pick where you're flying from and to, choose your dates and search. You'll see the best options first, with prices, stops and emissions, then filter
        them any way you like.
      </p>
      <div className="mt-2 grid gap-2">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Popular routes</p>
        <ul className="flex max-w-xl flex-wrap justify-center gap-2" aria-label="Popular routes">
          {POPULAR_ROUTES.map(([from, to, fromCode, toCode]) => (
            <li key={`${fromCode}-${toCode}`}>
              <Link
                to={ideaUrl(fromCode, toCode)}
                className="inline-block rounded-full border bg-card px-3 py-1 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {from} → {to} <span className="text-xs text-muted-foreground">{`${fromCode}–${toCode}`}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </StateBox>
  )
}

export function SkeletonCards({ count = 5 }: { count?: number }) {
  return (
    <div className="grid gap-2" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex items-center gap-4 rounded-xl border bg-card p-4">
          <Skeleton className="size-8 shrink-0" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40 max-w-full" />
            <Skeleton className="h-3 w-24" />
          </div>
          <Skeleton className="hidden h-4 w-16 md:block" />
          <Skeleton className="hidden h-4 w-20 md:block" />
          <div className="grid justify-items-end gap-2">
            <Skeleton className="h-5 w-16" />
            <Skeleton className="h-3 w-12" />
          </div>
        </div>
      ))}
    </div>
  )
}

/** Skeleton cards under an indeterminate progress bar; past 10 s, a reassuring note. */
export function SearchingState({ label = 'Searching flights…' }: { label?: string }) {
  const [slow, setSlow] = useState(false)
  const [started, setStarted] = useState(false)
  useEffect(() => {
    // The bar eases towards 90% over ~20 s (a CSS transition), so a quick answer looks quick and a slow one keeps moving.
    const frame = window.requestAnimationFrame(() => setStarted(true))
    const timer = window.setTimeout(() => setSlow(true), SLOW_SEARCH_MS)
    return () => {
      window.cancelAnimationFrame(frame)
      window.clearTimeout(timer)
    }
  }, [])
  return (
    <div className="grid gap-3" aria-busy="true">
      <div role="status" aria-live="polite" className="grid gap-2">
        <p className="text-sm font-medium">{label}</p>
        <div role="progressbar" aria-label="Search progress" className="relative h-1 overflow-hidden rounded-full bg-muted">
          <div
            className={cn(
              'absolute inset-y-0 left-0 rounded-full bg-primary transition-[width] duration-[20s] ease-out motion-reduce:transition-none',
              started ? 'w-[90%]' : 'w-[6%]',
            )}
          />
        </div>
        {slow && <p className="text-sm text-muted-foreground">This is taking longer than usual: some airlines answer slowly. We'll show the flights as soon as they arrive.</p>}
      </div>
      <SkeletonCards />
    </div>
  )
}

export function SearchErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <StateBox role="alert" icon={<AlertCircle aria-hidden="true" />} title={message}>
      <p className="max-w-md text-sm text-muted-foreground">Please try again in a moment. If it keeps happening, try other dates or nearby airports.</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      )}
    </StateBox>
  )
}

/** The provider found nothing for this leg. */
export function EmptyResults({ children }: { children?: ReactNode }) {
  return (
    <StateBox role="status" icon={<SearchX aria-hidden="true" />} title="No flights found">
      <ul className="grid max-w-md list-disc gap-1 pl-5 text-left text-sm text-muted-foreground">
        <li>Try other dates: a day earlier or later often has flights.</li>
        <li>Search a whole city ("London (all airports)") or a nearby airport.</li>
        <li>Loosen the search filters: stops, airlines, price or time windows.</li>
      </ul>
      {children}
    </StateBox>
  )
}

/** Filters hide every flight: say so, say which, and offer the way back. */
export function NoMatches({ total, active, onClear }: { total: number; active: string[]; onClear: () => void }) {
  return (
    <StateBox role="status" icon={<FilterX aria-hidden="true" />} title="No flights match your filters">
      <p className="max-w-md text-sm text-muted-foreground">
        {`All ${total} ${total === 1 ? 'flight is' : 'flights are'} hidden`}
        {active.length > 0 ? ` by: ${active.join(', ')}.` : '.'} The numbers next to each filter show how many flights it would bring back.
      </p>
      <Button onClick={onClear}>Clear filters</Button>
    </StateBox>
  )
}
