import { format } from 'date-fns'
import { CalendarSearch } from 'lucide-react'
import { Link } from 'react-router'
import type { FareLevel, FlexibleDatePair, FlexibleResults as FlexibleAnswer } from '#shared/flights/fare-calendar.ts'
import { monthLabel, nightsBetween, nightsText, usesNights, type FlexibleDates } from '#shared/flights/flexible-search.ts'
import { TRAVEL_CLASS_LABELS, type SearchParams } from '#shared/flights/search-params.ts'
import { searchUrl } from '#shared/flights/search-url.ts'
import { formatPrice } from '#shared/format.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useNow } from '../../../hooks/use-now.ts'
import { cn } from '../../../lib/cn.ts'
import { useFlexibleSearch, type CurrentFlexibleSearch } from '../use-flexible-search.ts'
import { toDate } from '../form/price-calendar/calendar-dates.ts'
import { ageText } from '../form/price-calendar/fare-text.ts'
import { LEVEL_ICON, LEVEL_STYLE } from './price-level-style.ts'
import { SearchErrorState, SearchingState, StateBox } from './results-states.tsx'

/**
 * The results of a flexible-date search (issue 16): the month's cheapest date pairs, cheapest
 * first, each with its trip length, price and level (in words, not colour only), and "See flights",
 * which opens the exact-date search for that pair (a new history entry, so Back returns here).
 */


/** "Fri, Mar 5". */
export function pairDay(iso: string): string {
  return format(toDate(iso), 'EEE, MMM d')
}

/** "Cheapest dates in March 2027 · JFK → LHR · 5–9 nights" (weekends: "Cheapest weekends in …"; one way says so). */
export function flexibleHeading(params: Pick<SearchParams, 'from' | 'to' | 'tripType'>, flexible: FlexibleDates): string {
  const what = flexible.kind === 'weekend' ? 'weekends' : 'dates'
  const length = usesNights(params.tripType, flexible.kind) ? nightsText(flexible.minNights, flexible.maxNights) : params.tripType === 'one-way' ? 'one way' : ''
  return [`Cheapest ${what} in ${monthLabel(flexible.month)}`, `${params.from} → ${params.to}`, length].filter(Boolean).join(' · ')
}

const LEVEL_LABEL: Record<FareLevel, string> = { low: 'Low price', typical: 'Typical price', high: 'High price' }

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

/** Below the form when the URL holds a flexible-date search. */
export function FlexibleResults() {
  const { search, status, results, errorMessage, rerun } = useFlexibleSearch()
  if (status === 'searching') return <SearchingState label="Finding the cheapest dates…" />
  if (status === 'error') return <SearchErrorState message={errorMessage} onRetry={rerun} />
  if (!search || !results) return null
  return <DatePairs search={search} results={results} />
}

function DatePairs({ search, results }: { search: CurrentFlexibleSearch; results: FlexibleAnswer }) {
  const { params, filters } = search.request
  const { flexible } = search
  const now = useNow(true, 60_000)
  const heading = flexibleHeading(params, flexible)
  const party = [plural(params.adults, 'adult', 'adults'), TRAVEL_CLASS_LABELS[params.travelClass].toLowerCase(), params.tripType === 'one-way' ? 'one way' : 'round trip'].join(', ')
  const noPrice =
    results.source === 'observed'
      ? `Prices come from recent FareDrop searches, so they may have moved since; ${plural(results.unknown, 'date pair has', 'date pairs have')} no price yet.`
      : results.unknown > 0
        ? `${plural(results.unknown, 'date pair has', 'date pairs have')} no price yet.`
        : null

  if (results.pairs.length === 0) {
    return (
      <StateBox role="status" icon={<CalendarSearch aria-hidden="true" />} title={`No prices yet for ${monthLabel(flexible.month)}`}>
        <p className="max-w-md text-sm text-muted-foreground">
          {results.considered > 0
            ? `None of the ${plural(results.considered, 'date pair', 'date pairs')} compared has a price yet.`
            : 'No date pairs of that month are left to compare.'}{' '}
          {results.source === 'observed' ? 'Prices here come from recent FareDrop searches: search exact dates to see live fares.' : 'Try another month or trip length.'}
        </p>
      </StateBox>
    )
  }

  return (
    <section aria-labelledby="flexible-results-heading" className="grid gap-4">
      <header className="grid gap-1">
        <h2 id="flexible-results-heading" className="text-lg font-semibold text-balance">
          {heading}
        </h2>
        <p className="text-sm text-muted-foreground">
          {`Compared ${plural(results.considered, 'date pair', 'date pairs')}, cheapest first. Prices for ${party}.`}
        </p>
        {noPrice && <p className="text-sm text-muted-foreground">{noPrice}</p>}
      </header>
      <ol aria-label="Date pairs, cheapest first" className="grid gap-2">
        {results.pairs.map((pair) => (
          <PairRow
            key={`${pair.departureDate}_${pair.returnDate ?? ''}`}
            pair={pair}
            currency={results.currency}
            href={searchUrl({ ...params, departureDate: pair.departureDate, returnDate: pair.returnDate ?? '' }, filters)}
            seen={results.source === 'observed' ? ageText(pair.observedAt, now) : null}
          />
        ))}
      </ol>
    </section>
  )
}

function PairRow({ pair, currency, href, seen }: { pair: FlexibleDatePair; currency: string; href: string; seen: string | null }) {
  const dates = pair.returnDate ? `${pairDay(pair.departureDate)} → ${pairDay(pair.returnDate)}` : pairDay(pair.departureDate)
  const spoken = pair.returnDate ? `${pairDay(pair.departureDate)} to ${pairDay(pair.returnDate)}` : pairDay(pair.departureDate)
  const nights = pair.returnDate ? nightsText(nightsBetween(pair.departureDate, pair.returnDate)) : 'One way'
  const Icon = pair.level ? LEVEL_ICON[pair.level] : null
  return (
    // One row where it fits; on phones the price and "See flights" wrap under the dates, to the right.
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 rounded-xl border bg-card p-3 text-card-foreground sm:p-4">
      <div className="grid min-w-0 gap-1.5">
        <p className="font-semibold">{dates}</p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span>{nights}</span>
          {pair.level && Icon && (
            <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', LEVEL_STYLE[pair.level])}>
              <Icon className="size-3.5" aria-hidden="true" />
              {LEVEL_LABEL[pair.level]}
            </span>
          )}
          {seen && <span>{`seen ${seen}`}</span>}
        </p>
      </div>
      <div className="ml-auto flex items-center gap-3">
        <p className="text-lg font-bold tabular-nums">{formatPrice(pair.price, currency)}</p>
        <Button asChild variant="outline">
          <Link to={href} aria-label={`See flights for ${spoken}`}>
            See flights
          </Link>
        </Button>
      </div>
    </li>
  )
}
