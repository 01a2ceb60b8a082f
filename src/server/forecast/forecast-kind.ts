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

const DAY_MS = 86_400_000

/** The date at a place now ("2026-11-28"): days to departure count from the traveller's today at the origin. */
export function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** Whole days from today at the origin (its time zone) to the departure date: 0 today, negative once gone. */
export function daysToDeparture(now: Date, departureDate: string, originTimeZone: string): number {
  return Math.round((Date.parse(`${departureDate}T00:00:00Z`) - Date.parse(`${localDate(now, originTimeZone)}T00:00:00Z`)) / DAY_MS)
}
