import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query'
import { format } from 'date-fns'
import { Grid3x3 } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { DateGrid, DateGridCell, DateGridQuery } from '#shared/flights/fare-calendar.ts'
import { decodeSearch, searchUrl } from '#shared/flights/search-url.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx'
import { useNow } from '../../../hooks/use-now.ts'
import { cn } from '../../../lib/cn.ts'
import { fetchDateGrid } from '../api.ts'
import { toDate } from '../form/price-calendar/calendar-dates.ts'
import { fareText, LEVEL_SWATCH_CLASS, LEVEL_TEXT_CLASS, LEVEL_WORDS, pricesAgeText } from '../form/price-calendar/fare-text.ts'

/**
 * The date grid of a round trip's results (issue 16, Google Flights' "Date grid"): departures ±3
 * days down, returns ±3 days across, the cheapest round trip in each cell. A cell searches that
 * pair the way the form does: the search goes into the URL, and the URL runs it.
 */

export function dateGridQueryOptions(query: DateGridQuery | null) {
  return queryOptions({
    queryKey: ['flights', 'date-grid', query] as const,
    queryFn: query ? ({ signal }) => fetchDateGrid(query, signal) : skipToken,
    staleTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  })
}

/** The URL's search, if it is a round trip with both dates (the grid's subject). */
function useRoundTripSearch() {
  const location = useLocation()
  return useMemo(() => {
    const search = decodeSearch(location.search)
    const { params, filters } = search
    if (params.tripType !== 'round-trip' || !params.from || !params.to || !params.departureDate || !params.returnDate) return null
    const query: DateGridQuery = {
      from: params.from,
      to: params.to,
      departureDate: params.departureDate,
      returnDate: params.returnDate,
      travelClass: params.travelClass,
      adults: params.adults,
      currency: filters.currency,
    }
    return { search, query }
  }, [location.search])
}

const shortDay = (iso: string) => format(toDate(iso), 'EEE MMM d')
const longDay = (iso: string) => format(toDate(iso), 'EEEE, MMMM d')

/** "Date grid": the button beside the price insights, and its dialog. Nothing for other trips. */
export function DateGridButton() {
  const roundTrip = useRoundTripSearch()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  if (!roundTrip) return null
  const { search, query } = roundTrip

  const choose = (cell: DateGridCell) => {
    setOpen(false)
    void navigate(searchUrl({ ...search.params, departureDate: cell.departureDate, returnDate: cell.returnDate }, search.filters))
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onPointerEnter={() => void queryClient.prefetchQuery(dateGridQueryOptions(query))}
          onFocus={() => void queryClient.prefetchQuery(dateGridQueryOptions(query))}
        >
          <Grid3x3 aria-hidden="true" />
          Date grid
        </Button>
      </DialogTrigger>
      <DialogContent className="gap-3 p-4 sm:max-w-3xl sm:p-6">
        <div className="grid gap-1 pr-8">
          <DialogTitle>Date grid</DialogTitle>
          <DialogDescription>Cheapest round trip for each pair of dates. Choose one to search it.</DialogDescription>
        </div>
        <DateGridTable query={query} onChoose={choose} />
      </DialogContent>
    </Dialog>
  )
}

function cellName(cell: DateGridCell, currency: string, cheapest: boolean, current: boolean): string {
  const dates = `Leave ${longDay(cell.departureDate)}, return ${longDay(cell.returnDate)}`
  const price = cell.price === null ? 'no price yet' : `${fareText(cell.price, currency)}${cell.level ? `, ${LEVEL_WORDS[cell.level]}` : ''}`
  return [dates, price, cheapest && 'cheapest', current && 'your dates'].filter(Boolean).join(', ')
}

/** The 7 × 7 table: rows are departures, columns returns; the first column stays put when it scrolls sideways. */
export function DateGridTable({ query, onChoose }: { query: DateGridQuery; onChoose: (cell: DateGridCell) => void }) {
  const grid = useQuery(dateGridQueryOptions(query))
  if (grid.isPending) return <p role="status" className="py-10 text-center text-sm text-muted-foreground">Finding prices…</p>
  if (grid.isError) return <p role="status" className="py-10 text-center text-sm text-muted-foreground">Prices could not be loaded. Try again later.</p>
  return <GridTable grid={grid.data} query={query} onChoose={onChoose} />
}

function GridTable({ grid, query, onChoose }: { grid: DateGrid; query: DateGridQuery; onChoose: (cell: DateGridCell) => void }) {
  const now = useNow(true, 60_000)
  const cells = grid.cells.flat()
  const priced = cells.filter((cell): cell is DateGridCell & { price: number } => cell.price !== null)
  const cheapest = priced.length > 0 ? priced.reduce((best, cell) => (cell.price < best.price ? cell : best)) : null
  const age = pricesAgeText(grid.source, cells.map((cell) => cell.observedAt), now)
  return (
    <div className="grid gap-3">
      <div className="overflow-x-auto">
        {/* Inline, not utilities: one-off values that would weigh on every page's stylesheet. */}
        <table className="w-full table-fixed text-sm" style={{ minWidth: '29rem', borderCollapse: 'separate', borderSpacing: 4 }}>
          <caption className="sr-only">Round-trip prices: departure dates down, return dates across</caption>
          <thead>
            <tr>
              <td className="sticky left-0 z-10 w-16 bg-popover p-1 text-left text-[11px] leading-tight text-muted-foreground" style={{ verticalAlign: 'bottom' }}>
                <span aria-hidden="true">Leave ↓ Return →</span>
              </td>
              {grid.returnDates.map((date) => (
                <th key={date} scope="col" className={cn('p-1 text-xs font-medium', date === query.returnDate ? 'text-foreground' : 'text-muted-foreground')}>
                  <DateHeading iso={date} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.cells.map((row, i) => {
              const departure = grid.departureDates[i]!
              return (
                <tr key={departure}>
                  <th
                    scope="row"
                    className={cn('sticky left-0 z-10 bg-popover p-1 text-left text-xs font-medium', departure === query.departureDate ? 'text-foreground' : 'text-muted-foreground')}
                  >
                    <DateHeading iso={departure} />
                  </th>
                  {row.map((cell) => (
                    <GridCell
                      key={cell.returnDate}
                      cell={cell}
                      currency={grid.currency}
                      cheapest={cell === cheapest}
                      current={cell.departureDate === query.departureDate && cell.returnDate === query.returnDate}
                      onChoose={onChoose}
                    />
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <div className="grid gap-2 border-t pt-3 text-xs text-muted-foreground sm:flex sm:items-center sm:justify-between">
        <ul aria-label="Price levels" className="flex flex-wrap items-center gap-3">
          {(['low', 'typical', 'high'] as const).map((level) => (
            <li key={level} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={cn('size-2.5 rounded-full', LEVEL_SWATCH_CLASS[level])} />
              {level === 'low' ? 'Low' : level === 'typical' ? 'Typical' : 'High'}
            </li>
          ))}
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="size-3 rounded-sm ring-2 ring-primary" />
            Your dates
          </li>
        </ul>
        {age && <p>{age}</p>}
      </div>
    </div>
  )
}

function DateHeading({ iso }: { iso: string }) {
  const [weekday, ...rest] = shortDay(iso).split(' ')
  return (
    <>
      <span aria-hidden="true" className="grid leading-tight">
        <span>{weekday}</span>
        <span className="whitespace-nowrap">{rest.join(' ')}</span>
      </span>
      <span className="sr-only">{longDay(iso)}</span>
    </>
  )
}

function GridCell({ cell, currency, cheapest, current, onChoose }: { cell: DateGridCell; currency: string; cheapest: boolean; current: boolean; onChoose: (cell: DateGridCell) => void }) {
  if (cell.returnDate < cell.departureDate) {
    return (
      <td className="rounded-md bg-muted/40 text-center text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not possible: return before departure</span>
      </td>
    )
  }
  return (
    <td className="p-0">
      <button
        type="button"
        aria-label={cellName(cell, currency, cheapest, current)}
        onClick={() => onChoose(cell)}
        className={cn(
          'flex h-12 w-full flex-col items-center justify-center rounded-md border text-sm tabular-nums transition-colors hover:bg-accent',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          current ? 'border-primary ring-2 ring-primary ring-inset' : 'border-border',
          cheapest && 'bg-emerald-50 dark:bg-emerald-950',
        )}
      >
        <span className={cn(cell.price === null ? 'text-muted-foreground' : cell.level ? LEVEL_TEXT_CLASS[cell.level] : '', cell.level === 'low' && 'font-semibold')}>
          {cell.price === null ? '—' : fareText(cell.price, currency)}
        </span>
        {cheapest && <span className="text-[11px] leading-none font-medium text-emerald-700 dark:text-emerald-400">Cheapest</span>}
      </button>
    </td>
  )
}
