import { queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import { Minus, TrendingDown, TrendingUp } from 'lucide-react'
import { FORECAST_WORDS, type FareForecast } from '#shared/flights/forecast.ts'
import type { ObservedHistoryQuery } from '#shared/flights/observed-history.ts'
import { api } from '../lib/api-client.ts'

/** GET /api/flights/forecast (decision 052): the trip asked as its observed history is. */
function fetchFareForecast(trip: ObservedHistoryQuery, signal: AbortSignal): Promise<FareForecast> {
  const query = new URLSearchParams(Object.entries(trip).flatMap(([key, value]) => (value === undefined || value === null ? [] : [[key, String(value)]])))
  return api('GET /api/flights/forecast', { query, signal })
}

/** The forecast query for the trip; null: no trip to ask about. */
export function fareForecastQueryOptions(trip: ObservedHistoryQuery | null) {
  return queryOptions({
    queryKey: ['flights', 'forecast', trip] as const,
    queryFn: trip ? ({ signal }) => fetchFareForecast(trip, signal) : skipToken,
    staleTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  })
}

const ICON = { rise: TrendingUp, drop: TrendingDown, none: Minus } as const
/** Where the forecast is read: on a search (no alert yet) or on an alert that already watches the trip. */
export type ForecastContext = 'search' | 'alert'
const ADVICE: Record<ForecastContext, Record<FareForecast['signal'], string | null>> = {
  search: { rise: 'Book soon.', drop: 'Waiting may pay: set an alert.', none: null },
  alert: { rise: 'Book soon if this fare suits you.', drop: 'Your alert will tell you when it does.', none: null },
}

/** "Likely to rise over the next 7 days". */
export const forecastHeadline = (forecast: FareForecast) => `${FORECAST_WORDS[forecast.signal]} over the next ${forecast.horizon_days} days`

/** The reason's "why" ("below its recent prices" → "Below its recent prices."), without the signal's words it starts with. */
export function forecastWhy(forecast: FareForecast): string | null {
  const lead = `${FORECAST_WORDS[forecast.signal]}: `
  const why = forecast.reason.startsWith(lead) ? forecast.reason.slice(lead.length).trim() : ''
  return why ? `${why.charAt(0).toUpperCase()}${why.slice(1)}.` : null
}

/** Where the accuracy was measured, in words: the replay of past prices, or the fares FareDrop saw (a server without the field measured by replay). */
const MEASURED_ON = { replay: 'in FareDrop’s replay of past prices', live: 'measured on the fares FareDrop saw' } as const

/** "Below its recent prices. Book soon. Right 71 % of the time on trips like this, in FareDrop’s replay of past prices." */
export function forecastDetail(forecast: FareForecast, context: ForecastContext = 'search'): string {
  const accuracy = forecast.accuracy !== null ? `Right ${Math.round(forecast.accuracy * 100)} % of the time on trips like this, ${MEASURED_ON[forecast.accuracy_source ?? 'replay']}.` : null
  return [forecastWhy(forecast), ADVICE[context][forecast.signal], accuracy].filter(Boolean).join(' ')
}

/**
 * The buy-or-wait forecast of the trip (decision 052), shown only where the server says its measured
 * accuracy on this kind of trip beats always saying "no clear signal"; otherwise nothing at all, so a
 * guess never reads as advice. Nothing while it loads or when it fails: the page stands without it.
 * On the search results' price insights and on an alert's detail.
 */
export function FareForecastLine({ trip, context = 'search' }: { trip: ObservedHistoryQuery | null; context?: ForecastContext }) {
  const forecast = useQuery(fareForecastQueryOptions(trip))
  const data = forecast.data
  if (!data?.shown) return null
  const Icon = ICON[data.signal]
  return (
    <p className="flex items-start gap-2 text-sm" data-testid="fare-forecast">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        <span className="font-medium">{`${forecastHeadline(data)}. `}</span>
        <span className="text-muted-foreground">{forecastDetail(data, context)}</span>
      </span>
    </p>
  )
}
