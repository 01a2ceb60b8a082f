import type { DaysBand, HaulKind } from './forecast-kind.ts'

/**
 * Where the forecast is shown (issue 17, decision 052): per kind of trip, the 3-way accuracy the
 * replay benchmark measured (`npm run bench:forecast`) against always saying "no clear signal",
 * and whether it beats it. Only where it does is the forecast shown to travellers. The measured
 * rows are written by `npm run bench:forecast -- --write`; `-- --check` fails when a fresh run
 * disagrees with them.
 */

export interface GateRow {
  haul: HaulKind
  days: DaysBand
  /** Forecasts scored. */
  predictions: number
  /** Share whose signal matched what happened over the next 7 days. */
  accuracy: number
  /** The same share for "always no clear signal". */
  baseline: number
  /** The same share for the best constant answer (always the commonest outcome): for reading, not gating. */
  bestConstant: number
  /** KAYAK's question ("rise or stay within $20 over 7 days"): our share right, and "always rise or stay"'s. */
  kayak: number
  kayakBaseline: number
  shown: boolean
}

/** Shown only on enough forecasts and by a clear margin: a tie with silence is not worth a label. */
export const GATE_MIN_PREDICTIONS = 100
export const GATE_MIN_MARGIN = 0.02

export function beatsBaseline(row: Pick<GateRow, 'predictions' | 'accuracy' | 'baseline'>): boolean {
  // Shares are rounded to thousandths: compare in whole thousandths, so 0.42 against 0.40 is 2 points.
  return row.predictions >= GATE_MIN_PREDICTIONS && Math.round((row.accuracy - row.baseline) * 1000) >= GATE_MIN_MARGIN * 1000
}

// BEGIN MEASURED (written by the benchmark)
export const FORECAST_GATE: readonly GateRow[] = [
  { haul: 'short-haul', days: '0-7 days', predictions: 154, accuracy: 0.584, baseline: 0.149, bestConstant: 0.584, kayak: 0.818, kayakBaseline: 0.818, shown: true },
  { haul: 'short-haul', days: '8-21 days', predictions: 428, accuracy: 0.486, baseline: 0.03, bestConstant: 0.488, kayak: 0.68, kayakBaseline: 0.675, shown: true },
  { haul: 'short-haul', days: '22-60 days', predictions: 1315, accuracy: 0.607, baseline: 0.259, bestConstant: 0.633, kayak: 0.666, kayakBaseline: 0.694, shown: true },
  { haul: 'short-haul', days: '61+ days', predictions: 1448, accuracy: 0.697, baseline: 0.261, bestConstant: 0.68, kayak: 0.651, kayakBaseline: 0.649, shown: true },
  { haul: 'medium-haul', days: '0-7 days', predictions: 187, accuracy: 0.561, baseline: 0.182, bestConstant: 0.551, kayak: 0.749, kayakBaseline: 0.749, shown: true },
  { haul: 'medium-haul', days: '8-21 days', predictions: 437, accuracy: 0.542, baseline: 0.037, bestConstant: 0.538, kayak: 0.622, kayakBaseline: 0.627, shown: true },
  { haul: 'medium-haul', days: '22-60 days', predictions: 1156, accuracy: 0.619, baseline: 0.273, bestConstant: 0.615, kayak: 0.588, kayakBaseline: 0.49, shown: true },
  { haul: 'medium-haul', days: '61+ days', predictions: 1538, accuracy: 0.689, baseline: 0.284, bestConstant: 0.66, kayak: 0.599, kayakBaseline: 0.464, shown: true },
  { haul: 'long-haul', days: '0-7 days', predictions: 156, accuracy: 0.583, baseline: 0.154, bestConstant: 0.583, kayak: 0.609, kayakBaseline: 0.609, shown: true },
  { haul: 'long-haul', days: '8-21 days', predictions: 437, accuracy: 0.535, baseline: 0.018, bestConstant: 0.501, kayak: 0.499, kayakBaseline: 0.465, shown: true },
  { haul: 'long-haul', days: '22-60 days', predictions: 1220, accuracy: 0.645, baseline: 0.19, bestConstant: 0.711, kayak: 0.67, kayakBaseline: 0.239, shown: true },
  { haul: 'long-haul', days: '61+ days', predictions: 1841, accuracy: 0.718, baseline: 0.23, bestConstant: 0.713, kayak: 0.771, kayakBaseline: 0.218, shown: true },
]
// END MEASURED

/** The measured row of a kind of trip; none (never measured) means not shown. */
export function forecastGate(haul: HaulKind, days: DaysBand): GateRow | null {
  return FORECAST_GATE.find((row) => row.haul === haul && row.days === days) ?? null
}
