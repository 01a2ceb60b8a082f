import { and, between, desc, eq, gte, isNull, isNotNull, lte } from 'drizzle-orm'
import { TRAVEL_CLASS_CODES } from '#shared/flights/flight-query.ts'
import type { AccuracySource, FareForecast, FareForecastQuery } from '#shared/flights/forecast.ts'
import type { Db } from '../db/client.ts'
import { fareObservations } from '../db/schema.ts'
import { NEIGHBOUR_DAYS } from '../forecast/forecast-features.ts'
import { forecastGate, GATE_MIN_PREDICTIONS, type GateRow } from '../forecast/forecast-gate.ts'
import { daysBand, daysToDeparture as daysToDepartureAt, haulKind, type DaysBand, type HaulKind } from '../forecast/forecast-kind.ts'
import type { ForecastModel } from '../forecast/forecast-model.ts'
import { LEARNED_FORECAST_MODEL } from '../forecast/learned-forecast-model.ts'
import { readLiveForecast, type LiveForecast } from '../forecast/live/live-forecast-store.ts'
import { predictForecast } from '../forecast/predict-forecast.ts'
import { SIMULATED_ID } from './providers/simulator/read-query.ts'
import { distanceKm, findAirport } from '../reference-data/airports.ts'
import { routeCodes } from './record-fare-observations.ts'
import { fareObservationsOf } from '../db/fare-observations-of.ts'
import { fareRoute } from './validate-fare-route.ts'

/**
 * GET /api/flights/forecast (decision 052): the buy-or-wait forecast of one trip from the fares
 * FareDrop observed (decision 047) for it and for its route's departure dates up to 3 days either
 * side, with whether it is shown on this kind of trip and the accuracy measured there: by the
 * worker's live measurement on this provider's own observations where it judged this kind of trip
 * (at least 100 hold-out forecasts), else, on the simulated market only, by the committed replay
 * (its benchmark measured that market); on any other provider (SerpApi) it is not shown until then.
 */

const DAY_MS = 86_400_000
/** The forecast reads two weeks of history and the last day's price: older rows change nothing. */
const LOOKBACK_MS = 15 * DAY_MS
/** Seven dates' rows of two weeks: an alert checked every hour and many searches still fit. */
const MAX_ROWS = 5_000

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

export interface FareForecastDeps {
  db: Db
  now: () => Date
  /** The running flight provider's id ("simulated", "serpapi"): whose live measurement applies. */
  providerId: string
}

type Source = { model: ForecastModel; gate: GateRow | null; accuracySource: AccuracySource | null }

/**
 * The model and gate row for this kind of trip: the live measurement where it judged it (enough
 * hold-out forecasts to say), else the committed replay on the simulated market; on a real provider
 * without a live verdict, nothing is shown (its own model if counted, the committed one otherwise).
 */
export function forecastSource(providerId: string, live: LiveForecast | null, kind: { haul: HaulKind; days: DaysBand } | null): Source {
  const liveRow = kind && live ? (live.gate.find((row) => row.haul === kind.haul && row.days === kind.days) ?? null) : null
  if (live && liveRow && liveRow.predictions >= GATE_MIN_PREDICTIONS) return { model: live.model, gate: liveRow, accuracySource: 'live' }
  if (providerId === SIMULATED_ID) return { model: LEARNED_FORECAST_MODEL, gate: kind ? forecastGate(kind.haul, kind.days) : null, accuracySource: kind ? 'replay' : null }
  return { model: live?.model ?? LEARNED_FORECAST_MODEL, gate: null, accuracySource: null }
}

export async function loadFareForecast(deps: FareForecastDeps, q: FareForecastQuery): Promise<FareForecast> {
  const route = fareRoute(q)
  const now = deps.now()
  // The first airport of each list stands for the route's distance and the origin's time zone.
  const from = findAirport(route.from.split(',')[0]!)!
  const to = findAirport(route.to.split(',')[0]!)!
  const daysToDeparture = daysToDepartureAt(now, q.departureDate, from.timeZone)
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
        fareObservationsOf(deps.providerId),
        lte(fareObservations.observedAt, now),
      ),
    )
    .orderBy(desc(fareObservations.observedAt))
    .limit(MAX_ROWS)

  const kind = daysToDeparture >= 0 ? { haul: haulKind(km), days: daysBand(daysToDeparture) } : null
  const { model, gate, accuracySource } = forecastSource(deps.providerId, await readLiveForecast(deps.db, deps.providerId, now), kind)
  const forecast = predictForecast({ departureDate: q.departureDate, returnDate: q.returnDate ?? null, now, daysToDeparture, observations: rows }, model)
  const accuracy = gate && gate.predictions > 0 ? gate.accuracy : null
  // Too few prices seen to say anything (confidence 0): not shown, even on a kind of trip the model
  // serves; "no clear signal" with an accuracy beside it would read as a measured answer.
  return { ...forecast, shown: (gate?.shown ?? false) && forecast.confidence > 0, accuracy, accuracy_source: accuracy === null ? null : accuracySource }
}
