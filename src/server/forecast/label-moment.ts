/**
 * One moment FareDrop could have forecast at, labelled from its own observations (decision 052):
 * the features from the prices seen up to then (the trip's and its neighbouring dates'), and what
 * the trip's later observations showed over the horizon. The replay benchmark and the live job
 * (live-forecast.ts) both label moments here, so what the model learns from is defined once.
 */
import { forecastFeatures, type ForecastFeatures, type ForecastInput } from './forecast-features.ts'
import type { LabelledSample } from './forecast-model.ts'
import { dropDepth, forecastOutcome, horizonEnd, kayakOutcome, type ForecastSignal, type KayakOutcome, type PricePoint } from './forecast-outcome.ts'

export interface MomentLabel {
  features: ForecastFeatures | null
  /** Epoch ms the horizon ends (7 days on, or the departure date's start). */
  end: number
  /** What the trip's later observations showed (3-way); null: unknown, never learned from nor scored. */
  observed: ForecastSignal | null
  /** How deep the observed prices went below the price within the horizon (what drops' depth is learned from). */
  observedDepth: number
  /** KAYAK's question by the same later observations. */
  observedKayak: KayakOutcome | null
}

/**
 * Labels a moment: `input` holds the observations up to it (later ones are ignored by the features
 * anyway), `price` the trip's price then, `later` the trip's own prices seen after it (any order;
 * those past the horizon are ignored).
 */
export function labelMoment(input: ForecastInput, price: number, later: readonly PricePoint[]): MomentLabel {
  const at = input.now.getTime()
  const end = horizonEnd(at, input.departureDate)
  const horizon = { price, at, end, later }
  return {
    features: forecastFeatures(input),
    end,
    observed: forecastOutcome(horizon),
    observedDepth: dropDepth(horizon),
    observedKayak: kayakOutcome(horizon),
  }
}

/** What the model counts from a labelled moment: null without features or a known outcome. */
export function labelledSample(label: { features: Pick<ForecastFeatures, 'daysBucket' | 'positionBucket'> | null; observed: ForecastSignal | null; observedDepth: number }): LabelledSample | null {
  return label.features && label.observed ? { daysBucket: label.features.daysBucket, positionBucket: label.features.positionBucket, outcome: label.observed, depth: label.observedDepth } : null
}
