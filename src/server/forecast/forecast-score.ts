/**
 * Scores forecasts against what followed (decision 052): the 3-way accuracy against "always no
 * clear signal", and KAYAK's question ("rise or stay within $20 over 7 days") against "always rise
 * or stay", per kind of trip and in total. One scorer for the replay benchmark (truth: the market
 * every 3 hours) and the live job (truth: FareDrop's later observations of the trip). Forecasts whose
 * outcome is unknown (nothing priced in the horizon's last day) are left out of both.
 */
import { beatsBaseline, type GateRow } from './forecast-gate.ts'
import { DAYS_BANDS, HAUL_KINDS, type DaysBand, type HaulKind } from './forecast-kind.ts'
import { kayakAnswer, type ForecastSignal, type KayakOutcome } from './forecast-outcome.ts'

/** A forecast with what followed it: what the scorer reads. */
export interface ScoredForecast {
  haul: HaulKind
  days: DaysBand
  /** The price at the forecast. */
  price: number
  /** What happened (3-way); null: unknown, not scored. */
  truth: ForecastSignal | null
  /** What happened by KAYAK's question; null: unknown, not scored. */
  kayak: KayakOutcome | null
  /** What was said; null: not asked, not scored. */
  forecast: { signal: ForecastSignal } | null
}

/** The gate's measured figures (forecast-gate.ts GateRow), and the detail behind them. */
export interface Score extends Pick<GateRow, 'predictions' | 'accuracy' | 'baseline' | 'bestConstant' | 'kayak' | 'kayakBaseline'> {
  /** Forecasts saying rise / drop / none, and how often each was right. */
  said: Record<ForecastSignal, { count: number; right: number }>
  /** KAYAK's question, only where we said "likely to rise" (its 73 % came with a "buy" advice). */
  kayakWhenRise: { count: number; right: number }
  /** What happened: rise / drop / none. */
  happened: Record<ForecastSignal, number>
}

const share = (right: number, n: number) => (n === 0 ? 0 : Math.round((right / n) * 1000) / 1000)

export function score(forecasts: readonly ScoredForecast[], dropDepth: number): Score {
  const scored = forecasts.filter((f) => f.truth !== null && f.kayak !== null && f.forecast !== null)
  const said = { rise: { count: 0, right: 0 }, drop: { count: 0, right: 0 }, none: { count: 0, right: 0 } }
  const happened = { rise: 0, drop: 0, none: 0 }
  let right = 0
  let baseline = 0
  let kayak = 0
  let kayakBaseline = 0
  const kayakWhenRise = { count: 0, right: 0 }
  for (const f of scored) {
    const signal = f.forecast!.signal
    const ok = signal === f.truth
    said[signal].count++
    if (ok) said[signal].right++
    happened[f.truth!]++
    if (ok) right++
    if (f.truth === 'none') baseline++
    if (kayakAnswer(signal, f.price, dropDepth) === f.kayak) kayak++
    if (f.kayak === 'rise-or-stay') kayakBaseline++
    if (signal === 'rise') {
      kayakWhenRise.count++
      if (f.kayak === 'rise-or-stay') kayakWhenRise.right++
    }
  }
  const n = scored.length
  const bestConstant = share(Math.max(happened.rise, happened.drop, happened.none), n)
  return { predictions: n, accuracy: share(right, n), baseline: share(baseline, n), bestConstant, kayak: share(kayak, n), kayakBaseline: share(kayakBaseline, n), said, kayakWhenRise, happened }
}

/** One row per haul and days band, in a fixed order: what the gate holds. */
export function gateRows(forecasts: readonly ScoredForecast[], dropDepth: number): GateRow[] {
  return HAUL_KINDS.flatMap((haul: HaulKind) =>
    DAYS_BANDS.map((days: DaysBand) => {
      const s = score(
        forecasts.filter((f) => f.haul === haul && f.days === days),
        dropDepth,
      )
      const row = { haul, days, predictions: s.predictions, accuracy: s.accuracy, baseline: s.baseline, bestConstant: s.bestConstant, kayak: s.kayak, kayakBaseline: s.kayakBaseline }
      return { ...row, shown: beatsBaseline(row) }
    }),
  )
}
