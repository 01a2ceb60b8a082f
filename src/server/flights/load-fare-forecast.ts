import { and, between, desc, eq, gte, isNull, isNotNull, lte } from 'drizzle-orm'
import { TRAVEL_CLASS_CODES } from '#shared/flights/flight-query.ts'
import type { FareForecast, FareForecastQuery } from '#shared/flights/forecast.ts'
import type { Db } from '../db/client.ts'
import { fareObservations } from '../db/schema.ts'
import { NEIGHBOUR_DAYS } from '../forecast/forecast-features.ts'
import { forecastGate } from '../forecast/forecast-gate.ts'
import { daysBand, haulKind } from '../forecast/forecast-kind.ts'
import { predictForecast } from '../forecast/predict-forecast.ts'
import { distanceKm, findAirport } from '../reference-data/airports.ts'
import { routeCodes } from './record-fare-observations.ts'
import { fareRoute } from './validate-fare-route.ts'

/**
 * GET /api/flights/forecast (decision 052): the buy-or-wait forecast of one trip from the fares
 * FareDrop observed (decision 047) for it and for its route's departure dates up to 3 days either
 * side, with whether it is shown on this kind of trip and the accuracy measured there.
 */

const DAY_MS = 86_400_000
/** The forecast reads two weeks of history and the last day's price: older rows change nothing. */
const LOOKBACK_MS = 15 * DAY_MS
/** Seven dates' rows of two weeks: an alert checked every hour and many searches still fit. */
const MAX_ROWS = 5_000

/** The date at the origin airport now: "days to departure" counts from the traveller's today there. */
function localToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

export async function loadFareForecast(deps: { db: Db; now: () => Date }, q: FareForecastQuery): Promise<FareForecast> {
  const route = fareRoute(q)
  const now = deps.now()
  // The first airport of each list stands for the route's distance and the origin's time zone.
  const from = findAirport(route.from.split(',')[0]!)!
  const to = findAirport(route.to.split(',')[0]!)!
  const daysToDeparture = Math.round((Date.parse(`${q.departureDate}T00:00:00Z`) - Date.parse(`${localToday(now, from.timeZone)}T00:00:00Z`)) / DAY_MS)
  const km = distanceKm(from, to)

  const rows = await deps.db
    .select({ departureDate: fareObservations.departureDate, returnDate: fareObservations.returnDate, price: fareObservations.lowestPrice, observedAt: fareObservations.observedAt, source: fareObservations.source })
    .from(fareObservations)
    .where(
      and(
        eq(fareObservations.origin, routeCodes(route.from)),
        eq(fareObservations.destination, routeCodes(route.to)),
        eq(fareObservations.cabin, TRAVEL_CLASS_CODES[route.travelClass]),
        eq(fareObservations.adults, route.adults),
        eq(fareObservations.currency, route.currency),
        between(fareObservations.departureDate, addDays(q.departureDate, -NEIGHBOUR_DAYS), addDays(q.departureDate, NEIGHBOUR_DAYS)),
        q.returnDate === undefined ? isNull(fareObservations.returnDate) : isNotNull(fareObservations.returnDate),
        gte(fareObservations.observedAt, new Date(now.getTime() - LOOKBACK_MS)),
        lte(fareObservations.observedAt, now),
      ),
    )
    .orderBy(desc(fareObservations.observedAt))
    .limit(MAX_ROWS)

  const forecast = predictForecast({ departureDate: q.departureDate, returnDate: q.returnDate ?? null, now, daysToDeparture, observations: rows })
  const gate = daysToDeparture >= 0 ? forecastGate(haulKind(km), daysBand(daysToDeparture)) : null
  // Too few prices seen to say anything (confidence 0): not shown, even on a kind of trip the model
  // serves; "no clear signal" with an accuracy beside it would read as a measured answer.
  return { ...forecast, shown: (gate?.shown ?? false) && forecast.confidence > 0, accuracy: gate?.accuracy ?? null }
}
