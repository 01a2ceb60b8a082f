/**
 * What "rise", "drop" and "no clear signal" mean over the forecast's horizon (decision 052): one
 * definition for the labels the model learns from (FareDrop's own observations) and for the truth
 * the benchmark scores against (the market sampled every few hours), so the two cannot drift apart.
 */

export type ForecastSignal = 'rise' | 'drop' | 'none'

/** The forecast looks this many days ahead, as KAYAK's does. */
export const HORIZON_DAYS = 7
/** A move smaller than this share of the price is "no clear signal": travellers do not act on 2 %. */
export const MEANINGFUL_MOVE = 0.05
/** KAYAK's bar: a price that falls by no more than this (in the currency's whole units) "stayed". */
export const KAYAK_BAND = 20

const DAY_MS = 86_400_000

export interface PricePoint {
  /** Epoch milliseconds. */
  at: number
  price: number
}

export interface HorizonPrices {
  /** The price at the moment of the forecast (what the traveller could buy now). */
  price: number
  /** Epoch ms of the forecast. */
  at: number
  /** Epoch ms the horizon ends: 7 days later, or sooner when the trip departs first. */
  end: number
  /** Prices seen afterwards, any order; those outside (at, end] are ignored. */
  later: readonly PricePoint[]
}

/** The end of the horizon: 7 days on, or the start (UTC) of the departure date if that comes first. */
export function horizonEnd(atMs: number, departureDate: string): number {
  return Math.min(atMs + HORIZON_DAYS * DAY_MS, Date.parse(`${departureDate}T00:00:00Z`))
}

/**
 * drop: at some moment within the horizon the price was at least 5 % lower (waiting would have paid).
 * rise: no such dip, and every price of the horizon's last 24 hours is at least 5 % higher (waiting
 * a week costs). none: neither. null when no price was seen in the horizon's last 24 hours, so an
 * unknown outcome is never scored.
 */
export function forecastOutcome(h: HorizonPrices): ForecastSignal | null {
  const within = h.later.filter((p) => p.at > h.at && p.at <= h.end)
  const lastDay = within.filter((p) => p.at > h.end - DAY_MS)
  // Unknown without a price in the last day whatever happened before: sparse sightings must not
  // keep drops (seen any time) and drop rises (seen only at the end).
  if (lastDay.length === 0) return null
  const lowest = Math.min(...within.map((p) => p.price))
  if (lowest <= h.price * (1 - MEANINGFUL_MOVE)) return 'drop'
  return Math.min(...lastDay.map((p) => p.price)) >= h.price * (1 + MEANINGFUL_MOVE) ? 'rise' : 'none'
}

export type KayakOutcome = 'rise-or-stay' | 'fall'

/**
 * KAYAK's published question, "will the price rise or stay within $20 over 7 days": it stayed
 * unless at some moment within the horizon it was more than KAYAK_BAND below the price at the
 * forecast. null when nothing was seen in the horizon.
 */
export function kayakOutcome(h: HorizonPrices): KayakOutcome | null {
  const within = h.later.filter((p) => p.at > h.at && p.at <= h.end)
  if (within.length === 0 || h.end <= h.at) return null
  return Math.min(...within.map((p) => p.price)) < h.price - KAYAK_BAND ? 'fall' : 'rise-or-stay'
}

/**
 * How a 3-way forecast answers KAYAK's question: "fall" only when it says "likely to drop" and a
 * typical drop (`dropDepth`, the median depth of the drops FareDrop observed, learned with the
 * model) is more than $20 of this price. A 12 % drop of a $120 fare is $14, which KAYAK counts as
 * staying.
 */
export function kayakAnswer(signal: ForecastSignal, price: number, dropDepth: number): KayakOutcome {
  return signal === 'drop' && price * dropDepth > KAYAK_BAND ? 'fall' : 'rise-or-stay'
}

/** How deep the lowest price of the horizon went below the price at the forecast (0.12 = 12 % lower; 0 if never lower). */
export function dropDepth(h: HorizonPrices): number {
  const within = h.later.filter((p) => p.at > h.at && p.at <= h.end)
  if (within.length === 0) return 0
  return Math.max(0, 1 - Math.min(...within.map((p) => p.price)) / h.price)
}
