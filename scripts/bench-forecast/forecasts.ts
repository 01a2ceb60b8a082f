// Asks the forecast each day of a replayed world, as FareDrop would: at the first price check of the
// day of each watched trip, with the observations recorded up to that moment (the trip's and its
// route's neighbouring dates'). Each forecast is kept with what happened over the next 7 days, by
// the market's truth and by what FareDrop itself observed (the labels the model learns from).
import { daysBetween } from '#server/flights/providers/simulator/time-zones.ts'
import type { ForecastFeatures, ObservedFare } from '#server/forecast/forecast-features.ts'
import { forecastOutcome, horizonEnd, kayakOutcome, type ForecastSignal, type KayakOutcome, type PricePoint } from '#server/forecast/forecast-outcome.ts'
import { labelMoment } from '#server/forecast/label-moment.ts'
import { daysBand, type DaysBand, type HaulKind } from '#server/forecast/forecast-kind.ts'
import type { ForecastModel } from '#server/forecast/forecast-model.ts'
import { predictForecast, type Forecast } from '#server/forecast/predict-forecast.ts'
import type { RouteTruth } from './replay.ts'
import { stepTime, type World, type WorldRoute } from './world.ts'

export interface AskedForecast {
  haul: HaulKind
  days: DaysBand
  daysToDeparture: number
  features: ForecastFeatures | null
  forecast: Forecast | null
  price: number
  truth: ForecastSignal | null
  observed: ForecastSignal | null
  /** How deep the observed prices went below the price within the horizon (what the model learns drops' depth from). */
  observedDepth: number
  kayak: KayakOutcome | null
}

export function askForecasts(world: World, route: WorldRoute, truth: RouteTruth, model: ForecastModel | null): AskedForecast[] {
  const at = (step: number) => stepTime(world.options, step)
  // The route's observations as fare_observations would hold them, oldest first.
  const observations: Array<ObservedFare & { step: number }> = route.trips
    .flatMap((trip, i) =>
      trip.observed.flatMap(({ step, source }) => {
        const price = truth[i]![step]
        return price == null ? [] : [{ departureDate: trip.departureDate, returnDate: trip.returnDate, price, observedAt: at(step), source, step }]
      }),
    )
    .sort((a, b) => a.step - b.step)

  const out: AskedForecast[] = []
  route.trips.forEach((trip, i) => {
    for (const step of trip.asked) {
      const price = truth[i]![step]
      if (price == null) continue
      const now = at(step)
      const end = horizonEnd(now.getTime(), trip.departureDate)
      const truthLater: PricePoint[] = []
      for (let s = step + 1; s < world.steps && at(s).getTime() <= end; s++) {
        const p = truth[i]![s]
        if (p != null) truthLater.push({ at: at(s).getTime(), price: p })
      }
      const seenLater = observations
        .filter((o) => o.step > step && o.departureDate === trip.departureDate && o.returnDate === trip.returnDate)
        .map((o) => ({ at: o.observedAt.getTime(), price: o.price }))
      const daysToDeparture = daysBetween(now.toISOString().slice(0, 10), trip.departureDate)
      const input = { departureDate: trip.departureDate, returnDate: trip.returnDate, now, daysToDeparture, observations: observations.filter((o) => o.step <= step) }
      const horizon = { price, at: now.getTime(), end }
      // Features and the observed label as the live job makes them (label-moment.ts).
      const label = labelMoment(input, price, seenLater)
      out.push({
        haul: route.haul,
        days: daysBand(daysToDeparture),
        daysToDeparture,
        features: label.features,
        forecast: model ? predictForecast(input, model) : null,
        price,
        truth: forecastOutcome({ ...horizon, later: truthLater }),
        observed: label.observed,
        observedDepth: label.observedDepth,
        kayak: kayakOutcome({ ...horizon, later: truthLater }),
      })
    }
  })
  return out
}
