import { DAYS_BUCKETS, POSITION_BUCKETS } from './forecast-features.ts'
import type { ForecastSignal } from './forecast-outcome.ts'

/**
 * The forecast's model (decision 052): for each days-to-departure bucket and price-position bucket,
 * how often each outcome followed in FareDrop's own observations. A table, not a fitted curve: it
 * is learned by counting (learn-forecast-model.ts), read by anyone, and its confidence is a plain
 * frequency.
 */

export const SIGNALS = ['rise', 'drop', 'none'] as const satisfies readonly ForecastSignal[]

export interface ForecastModel {
  /** counts[daysBucket][positionBucket] = [rise, drop, none] outcomes seen. */
  counts: number[][][]
  /** The median depth of the drops seen (0.12: the lowest price of the week was 12 % under the price at the forecast). */
  dropDepth: number
}

export type LabelledSample = {
  daysBucket: number
  positionBucket: number
  outcome: ForecastSignal
  /** For a drop: how deep the lowest later price went (dropDepth of forecast-outcome.ts). */
  depth: number
}

/** A model with no counts yet: every bucket of DAYS_BUCKETS × POSITION_BUCKETS at zero. */
export function emptyForecastModel(): ForecastModel {
  return { counts: DAYS_BUCKETS.map(() => POSITION_BUCKETS.map(() => [0, 0, 0])), dropDepth: 0 }
}

/** Counts the outcomes of labelled samples (features from observations, outcomes from later observations). */
export function learnForecastModel(samples: Iterable<LabelledSample>): ForecastModel {
  const model = emptyForecastModel()
  const depths: number[] = []
  for (const s of samples) {
    model.counts[s.daysBucket]![s.positionBucket]![SIGNALS.indexOf(s.outcome)]! += 1
    if (s.outcome === 'drop') depths.push(s.depth)
  }
  depths.sort((a, b) => a - b)
  // Rounded: the committed model is text, and a thousandth of a price is no signal.
  model.dropDepth = depths.length === 0 ? 0 : Math.round(depths[depths.length >> 1]! * 1000) / 1000
  return model
}

/** A sparse bucket leans on its whole days-to-departure row, worth this many samples. */
const PRIOR_WEIGHT = 10

/** The outcome probabilities of one bucket: its counts, pulled towards its row's when they are few. */
export function outcomeProbabilities(model: ForecastModel, daysBucket: number, positionBucket: number): [number, number, number] {
  const row = model.counts[daysBucket] ?? []
  const rowTotals = [0, 1, 2].map((k) => row.reduce((sum, cell) => sum + (cell[k] ?? 0), 0))
  const rowN = rowTotals.reduce((a, b) => a + b, 0)
  const prior = rowN > 0 ? rowTotals.map((c) => c / rowN) : [0, 0, 1]
  const cell = row[positionBucket] ?? [0, 0, 0]
  const n = cell[0]! + cell[1]! + cell[2]!
  return [0, 1, 2].map((k) => (cell[k]! + PRIOR_WEIGHT * prior[k]!) / (n + PRIOR_WEIGHT)) as [number, number, number]
}
