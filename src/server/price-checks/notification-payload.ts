import { channelAllowed } from '#shared/alerts/alert-rules.ts'
import { alertLegs } from '#shared/alerts/alert-search-params.ts'
import { priceDropPercent } from '#shared/alerts/alert-text.ts'
import type { NotificationChannels } from '#shared/alerts/alert.ts'
import { formatRoute } from '#shared/format.ts'
import { PATHS } from '#shared/routes.ts'
import { NOTIFICATION_CHANNELS, type NotificationChannel, type PlanId } from '#shared/plans.ts'
import type { AlertRow } from '../alerts/to-alert.ts'
import type { AlertNotificationPayload, ObservedItinerary } from '../db/schema.ts'
import { itinerarySummary } from './observed-itinerary.ts'
import type { BagBreakdown } from './evaluate-alert.ts'
import { alertFareUrl, alertSearchUrl } from './search-page-url.ts'

/** The words and links of a price notice, fixed when the price event happens (pure). */

/** Recent points a notice carries for the small history picture. */
export const HISTORY_POINTS = 20

/** The channels a notice goes to: switched on by the user and included in the owner's plan today. */
export function noticeChannels(channels: NotificationChannels, plan: PlanId): NotificationChannel[] {
  return NOTIFICATION_CHANNELS.filter((channel) => channels[channel] && channelAllowed(plan, channel))
}

export function noticePayload(input: {
  alert: AlertRow
  price: number
  itinerary: ObservedItinerary
  /** Oldest first, the new price included. */
  history: { price: number; recordedAt: Date }[]
  publicUrl: string
  /** A bag-inclusive alert's fare and bags (decision 055). */
  bags?: BagBreakdown | undefined
}): AlertNotificationPayload {
  const { alert, price } = input
  const params = alert.searchParameters
  const legs = alertLegs(params)
  return {
    alertName: alert.name,
    route: formatRoute(legs[0]?.departure_id ?? alert.originAirport, legs[0]?.arrival_id ?? alert.destinationAirport, { multiCity: params.type === 3 }),
    departureDate: alert.departureDate,
    returnDate: alert.returnDate,
    price,
    targetPrice: alert.targetPrice,
    currency: alert.currency,
    dropPercent: priceDropPercent(alert.targetPrice, price),
    itinerarySummary: input.itinerary.flights.length > 0 ? itinerarySummary(input.itinerary) : null,
    searchUrl: alertSearchUrl(input.publicUrl, params),
    alertUrl: `${input.publicUrl}${PATHS.alerts}?alert=${encodeURIComponent(alert.id)}`,
    // Our search page choosing the notice's flights, not a seller's link: provider booking tokens expire.
    bookingUrl: alertFareUrl(input.publicUrl, params, input.itinerary),
    history: input.history.slice(-HISTORY_POINTS).map((point) => ({ price: point.price, recordedAt: point.recordedAt.toISOString() })),
    ...(alert.trigger !== 'below' && alert.baselinePrice !== null
      ? { rule: { trigger: alert.trigger, baselinePrice: alert.baselinePrice, dropPercent: alert.dropPercent } }
      : {}),
    ...(input.bags ? { bags: { fare: input.bags.fare, items: input.bags.bags } } : {}),
  }
}
