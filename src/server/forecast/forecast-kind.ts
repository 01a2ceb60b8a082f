/**
 * The kinds of trip the forecast is measured and gated on (decision 052): how far the route flies
 * and how soon the trip leaves. Accuracy differs between them, so each is shown or hidden alone.
 */

export const HAUL_KINDS = ['short-haul', 'medium-haul', 'long-haul'] as const
export type HaulKind = (typeof HAUL_KINDS)[number]

export const DAYS_BANDS = ['0-7 days', '8-21 days', '22-60 days', '61+ days'] as const
export type DaysBand = (typeof DAYS_BANDS)[number]

/** Great-circle km between the route's airports: under 1,500 short, under 4,000 medium, else long. */
export function haulKind(distanceKm: number): HaulKind {
  return distanceKm < 1_500 ? 'short-haul' : distanceKm < 4_000 ? 'medium-haul' : 'long-haul'
}

export function daysBand(daysToDeparture: number): DaysBand {
  return daysToDeparture <= 7 ? '0-7 days' : daysToDeparture <= 21 ? '8-21 days' : daysToDeparture <= 60 ? '22-60 days' : '61+ days'
}
