import { FORECAST_WORDS } from '#shared/flights/forecast.ts'
import { forecastFeatures, type ForecastInput } from './forecast-features.ts'
import { outcomeProbabilities, SIGNALS, type ForecastModel } from './forecast-model.ts'
import { HORIZON_DAYS, type ForecastSignal } from './forecast-outcome.ts'
import { LEARNED_FORECAST_MODEL } from './learned-forecast-model.ts'

/**
 * The buy-or-wait forecast of one trip (issue 17, decision 052): "likely to rise", "likely to drop"
 * or "no clear signal" over the next 7 days, with the confidence the model's counts give it. Pure:
 * prices FareDrop observed in, a forecast out; it never asks a provider, nor knows how the
 * simulated market makes its prices.
 */

export interface Forecast {
  signal: ForecastSignal
  /** 0..1: how often this outcome followed in the learned counts (0 when nothing could be said). */
  confidence: number
  horizon_days: typeof HORIZON_DAYS
  /** Short words for the UI: the signal's words (FORECAST_WORDS, shared with the web app), then why after a colon. */
  reason: string
}

const LOW = -0.015
const HIGH = 0.015

export function predictForecast(input: ForecastInput, model: ForecastModel = LEARNED_FORECAST_MODEL): Forecast {
  const features = forecastFeatures(input)
  if (!features) return { signal: 'none', confidence: 0, horizon_days: HORIZON_DAYS, reason: `${FORECAST_WORDS.none}: not enough prices seen yet` }
  const { signal, probability } = mostLikelyOutcome(model, features.daysBucket, features.positionBucket)
  return { signal, confidence: round(probability), horizon_days: HORIZON_DAYS, reason: reasonFor(signal, features.position, input.daysToDeparture, features.basis) }
}

/** The bucket's most likely outcome and its probability; ties go to "no clear signal", then to "rise" (the cautious advice: buy). */
export function mostLikelyOutcome(model: ForecastModel, daysBucket: number, positionBucket: number): { signal: ForecastSignal; probability: number } {
  const probabilities = outcomeProbabilities(model, daysBucket, positionBucket)
  const order = [2, 0, 1]
  const best = order.reduce((a, b) => (probabilities[b]! > probabilities[a]! ? b : a))
  return { signal: SIGNALS[best]!, probability: probabilities[best]! }
}

const round = (x: number) => Math.round(x * 100) / 100

function reasonFor(signal: ForecastSignal, position: number, daysToDeparture: number, basis: 'trip' | 'neighbours'): string {
  const seen = basis === 'trip' ? 'its recent prices' : 'recent prices on nearby dates'
  if (signal === 'rise') {
    if (position < LOW) return `${FORECAST_WORDS.rise}: below ${seen}`
    if (daysToDeparture <= 28) return `${FORECAST_WORDS.rise}: fares climb as departure nears`
    return FORECAST_WORDS.rise
  }
  if (signal === 'drop') return position > HIGH ? `${FORECAST_WORDS.drop}: above ${seen}` : FORECAST_WORDS.drop
  return FORECAST_WORDS.none
}
