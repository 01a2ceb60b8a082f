/**
 * Alert names, suggested targets and price-drop figures (spec section 9).
 */

export type AlertType = 'route' | 'flight'

export interface AlertNameInput {
  alertType: AlertType
  /** 1 round trip, 2 one way, 3 multi-city. */
  tripType: 1 | 2 | 3
  /** Airports of the trip in order: [from, to] or every multi-city stop ([A, B, C, …]). */
  stops: readonly string[]
  /** Flight alerts: how many flights are tracked (a round trip's outbound and return make two). */
  trackedFlightCount?: number
}

/** The default names of section 9. */
export function defaultAlertName({ alertType, tripType, stops, trackedFlightCount = 0 }: AlertNameInput): string {
  const from = stops[0]
  const to = stops[1]
  const last = stops.at(-1)
  if (alertType === 'flight') {
    if (!from || !last) return 'Flight Alert'
    if (trackedFlightCount > 1 || tripType === 3) return `${from} → ${last} Journey Alert`
    return `${from} → ${to ?? last} Flight Alert`
  }
  if (!from) return 'Route Alert'
  if (tripType === 3) return `${from} Multi-City Route Alert`
  if (!to) return 'Route Alert'
  return tripType === 1 ? `${from} ↔ ${to} Round-Trip Alert` : `${from} → ${to} Route Alert`
}

/** Target share of today's price that the creation form suggests (section 9: 95 % for multi-city). */
export const SUGGESTED_TARGET_SHARE = 0.95

/** 95 % of the price, rounded; decision 012 applies the multi-city rule to every alert. */
export function suggestedTargetPrice(price: number | null | undefined): number | null {
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return null
  return Math.max(1, Math.round(price * SUGGESTED_TARGET_SHARE))
}

/**
 * Section 9: (target − lowest recorded) / target as a whole percentage, when the lowest is below
 * the target; null otherwise.
 */
export function priceDropPercent(targetPrice: number, lowestPrice: number | null | undefined): number | null {
  if (lowestPrice === null || lowestPrice === undefined || !(targetPrice > 0) || lowestPrice >= targetPrice) return null
  return Math.round(((targetPrice - lowestPrice) / targetPrice) * 100)
}
