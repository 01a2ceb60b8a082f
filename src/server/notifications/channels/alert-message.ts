import { formatPrice, formatShortDate, MULTI_CITY_ROUTE_TEXT } from '#shared/format.ts'
import { PRODUCT_NAME } from '#shared/site.ts'
import type { AlertNotificationPayload } from '../../db/schema.ts'
import type { NotificationRecipient } from '../channel-driver.ts'

/**
 * The words of a price notice, shared by every channel so email, SMS, WhatsApp and push say the
 * same thing. Pure functions of the payload fixed at the price event.
 */

const money = (p: AlertNotificationPayload, amount: number) => formatPrice(amount, p.currency)

/** "JFK → LHR", or the alert's name for a multi-city trip (the route text says nothing then). */
export const routeLabel = (p: AlertNotificationPayload): string => (p.route === MULTI_CITY_ROUTE_TEXT ? p.alertName : p.route)

/** "Price drop: JFK → LHR now $412", or "New low: …" for a new-low rule. */
export const alertSubject = (p: AlertNotificationPayload): string => `${p.rule?.trigger === 'new_low' ? 'New low' : 'Price drop'}: ${routeLabel(p)} now ${money(p, p.price)}`

/**
 * "$38 (8%) below your $450 target", or "at your $450 target"; for the rules measured from the
 * price when the alert was set (decision 051): "$64 (10%) under the $639 when you set it", and
 * "a new low, $79 (12%) under the $639 when you set it".
 */
export function describeDrop(p: AlertNotificationPayload): string {
  if (p.rule) {
    const saved = Math.round((p.rule.baselinePrice - p.price) * 100) / 100
    const percent = Math.round((saved / p.rule.baselinePrice) * 100)
    const under = `${money(p, saved)} (${percent}%) under the ${money(p, p.rule.baselinePrice)} when you set it`
    return p.rule.trigger === 'new_low' ? `a new low, ${under}` : under
  }
  const target = money(p, p.targetPrice)
  const saved = Math.round((p.targetPrice - p.price) * 100) / 100
  if (saved <= 0) return saved === 0 ? `at your ${target} target` : `your target is ${target}`
  const percent = p.dropPercent ?? Math.round((saved / p.targetPrice) * 100)
  return `${money(p, saved)} (${percent}%) below your ${target} target`
}

/** "Mar 5 – Mar 12", "Mar 5, one way", or null for an alert without dates. */
export function describeDates(p: AlertNotificationPayload): string | null {
  if (!p.departureDate) return null
  const out = formatShortDate(p.departureDate)
  return p.returnDate ? `${out} – ${formatShortDate(p.returnDate)}` : `${out}, one way`
}

/**
 * A bag-inclusive alert's price in parts (decision 055): "$412 fare + $150 for 1 checked bag per
 * traveller; 1 carry-on per traveller in the fare". Null for a fare alone.
 */
export function bagsLine(p: AlertNotificationPayload): string | null {
  if (!p.bags) return null
  const priced = p.bags.items.filter((item) => item.price !== null)
  const inFare = p.bags.items.filter((item) => item.price === null)
  const kind = (item: { kind: 'carry_on' | 'checked'; count: number }) =>
    item.kind === 'checked' ? `${item.count} checked ${item.count === 1 ? 'bag' : 'bags'}` : `${item.count} carry-on`
  const added = priced.map((item) => ` + ${money(p, item.price!)} for ${kind(item)} per traveller`).join('')
  const included = inFare.length > 0 ? `; ${inFare.map(kind).join(' and ')} per traveller in the fare` : ''
  return `${money(p, p.bags.fare)} fare${added}${included}`
}

/** SMS stays in GSM-7 (160 characters a segment, not 70): no arrows, no en dashes. */
export const gsmSafe = (text: string) => text.replaceAll(' → ', ' to ').replaceAll(' ↔ ', ' to ').replaceAll('–', '-').replaceAll('→', '-')

export const SMS_MAX_LENGTH = 320

/**
 * At most two segments, always ending with one link: "Search now" (decision 014; the booking link,
 * the same page with the fare's flights chosen, is longer and goes in the email and WhatsApp). The
 * search link can be long; when the text would not fit, `shortUrl` (the alerts page) stands in for
 * it, and the details shrink before the link is ever cut.
 */
export function smsText(p: AlertNotificationPayload, shortUrl: string, sender: string = PRODUCT_NAME): string {
  const dates = describeDates(p)
  const bags = bagsLine(p)
  const head = gsmSafe(`${sender}: ${routeLabel(p)} now ${money(p, p.price)}, ${describeDrop(p)}.`)
  const details = gsmSafe([dates, bags].filter(Boolean).map((part) => ` ${part}.`).join(''))
  for (const url of [p.searchUrl, shortUrl]) {
    for (const text of [`${head}${details} ${url}`, `${head} ${url}`]) {
      if (text.length <= SMS_MAX_LENGTH) return text
    }
  }
  const room = SMS_MAX_LENGTH - shortUrl.length - 2
  return `${head.slice(0, room)}… ${shortUrl}`
}

/** A few short lines with both links ("Book" when the notice names its flights); WhatsApp allows far more, people read less. */
export function whatsappText(p: AlertNotificationPayload, sender?: string): string {
  const dates = describeDates(p)
  return [
    `*Price drop: ${routeLabel(p)} now ${money(p, p.price)}*`,
    `${capitalise(describeDrop(p))}.`,
    ...(dates ? [dates] : []),
    ...(bagsLine(p) ? [bagsLine(p)!] : []),
    ...(p.itinerarySummary ? [p.itinerarySummary] : []),
    `Search now: ${p.searchUrl}`,
    ...(p.bookingUrl ? [`Book: ${p.bookingUrl}`] : []),
    sender ? `(${p.alertName}, from ${sender} via ${PRODUCT_NAME})` : `(${p.alertName} on ${PRODUCT_NAME})`,
  ].join('\n')
}

export interface PushMessage {
  title: string
  body: string
  url: string
}

const PUSH_BODY_MAX = 240

/**
 * What the service worker shows: the subject as title, the drop and trip in the body; a tap opens
 * the alert it is about (its prices, history and the way to search), or the search for a notice
 * queued before notices named their alert.
 */
export function pushMessage(p: AlertNotificationPayload): PushMessage {
  const parts = [capitalise(describeDrop(p)), describeDates(p), bagsLine(p), p.itinerarySummary].filter((part): part is string => !!part)
  const body = parts.join(' · ')
  return { title: alertSubject(p), body: body.length > PUSH_BODY_MAX ? `${body.slice(0, PUSH_BODY_MAX - 1)}…` : body, url: p.alertUrl ?? p.searchUrl }
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The SMS or WhatsApp text for a recipient: an advisor's client reads their advisor's brand, and
 * a too-long text falls back to the public search page rather than an alerts page they can't open.
 */
export function phoneText(channel: 'sms' | 'whatsapp', p: AlertNotificationPayload, to: NotificationRecipient, shortUrl: string): string {
  if (channel === 'whatsapp') return whatsappText(p, to.brand?.name)
  return to.brand ? smsText(p, new URL('/search', p.searchUrl).href, to.brand.name) : smsText(p, shortUrl)
}
