import { formatPrice } from '#shared/format.ts'
import { PRODUCT_NAME } from '#shared/site.ts'
import type { DigestContent, DigestEntry } from '../notice-content.ts'
import { alertSubject, capitalise, describeDates, describeDrop, gsmSafe, routeLabel, SMS_MAX_LENGTH, type PushMessage } from './alert-message.ts'

/**
 * The words of a daily digest (decision 054) on every channel: one line per alert, its newest price
 * and what its rule found, in the same words a single notice uses (alert-message.ts). A digest of
 * one alert reads like that alert's notice, marked as the digest.
 */

const priceOf = (entry: DigestEntry) => formatPrice(entry.payload.price, entry.payload.currency)

/** "JFK → LHR $412". */
const shortLine = (entry: DigestEntry) => `${routeLabel(entry.payload)} ${priceOf(entry)}`

/** "Daily digest: JFK → LHR now $412", or "Daily digest: 3 alerts found fares". */
export function digestSubject(d: DigestContent): string {
  const [only] = d.entries
  if (d.entries.length === 1 && only) return `Daily digest: ${alertSubject(only.payload).replace(/^(Price drop|New low): /, '')}`
  return `Daily digest: ${d.entries.length} alerts found fares`
}

/** "newest of 3 price events since the last digest", for an alert that notified more than once since then. */
export const earlierEvents = (entry: DigestEntry) => (entry.events > 1 ? `newest of ${entry.events} price events since the last digest` : null)

/**
 * Two segments at most, like a single notice: as many alerts as fit, "+N more", and one link (the
 * alerts page; an advisor's client, who has none, gets the first alert's search).
 */
export function digestSmsText(d: DigestContent, sender: string = PRODUCT_NAME): string {
  const first = d.entries[0]!
  const url = d.alertsUrl ?? first.payload.searchUrl
  if (d.entries.length === 1) {
    const text = gsmSafe(`${sender} daily digest: ${routeLabel(first.payload)} now ${priceOf(first)}, ${describeDrop(first.payload)}. ${url}`)
    if (text.length <= SMS_MAX_LENGTH) return text
  }
  const head = `${sender} daily digest, ${d.entries.length} alert${d.entries.length === 1 ? '' : 's'}:`
  const lines: string[] = []
  for (const [i, entry] of d.entries.entries()) {
    const rest = d.entries.length - i - 1
    const candidate = gsmSafe(`${head} ${[...lines, shortLine(entry)].join('; ')}${rest > 0 ? `; +${rest} more` : ''}. ${url}`)
    if (candidate.length > SMS_MAX_LENGTH) break
    lines.push(shortLine(entry))
  }
  const more = d.entries.length - lines.length
  const text = gsmSafe(`${head} ${lines.join('; ')}${more > 0 ? `${lines.length > 0 ? '; ' : ''}+${more} more` : ''}. ${url}`)
  return text.length <= SMS_MAX_LENGTH ? text : `${text.slice(0, SMS_MAX_LENGTH - url.length - 2)}… ${url}`
}

/** A short block per alert with its search link; WhatsApp has room, people still skim. */
export function digestWhatsappText(d: DigestContent, sender?: string): string {
  const blocks = d.entries.map((entry) => {
    const p = entry.payload
    const dates = describeDates(p)
    return [
      `*${routeLabel(p)} now ${priceOf(entry)}*`,
      `${capitalise(describeDrop(p))}.`,
      ...(dates ? [dates] : []),
      ...(earlierEvents(entry) ? [capitalise(earlierEvents(entry)!)] : []),
      `Search now: ${p.searchUrl}`,
      ...(p.bookingUrl ? [`Book: ${p.bookingUrl}`] : []),
    ].join('\n')
  })
  const footer = sender ? `(Your daily fare digest from ${sender} via ${PRODUCT_NAME})` : `(Your daily digest on ${PRODUCT_NAME}${d.alertsUrl ? `: ${d.alertsUrl}` : ''})`
  return [`*${digestSubject(d)}*`, ...blocks, footer].join('\n\n')
}

const PUSH_BODY_MAX = 240

/** The subject as title, the alerts and prices in the body; a tap opens the alerts page (or the one alert). */
export function digestPushMessage(d: DigestContent): PushMessage {
  const first = d.entries[0]!
  const body = d.entries.length === 1 ? `${capitalise(describeDrop(first.payload))}` : d.entries.map(shortLine).join(' · ')
  const url = d.entries.length === 1 ? (first.payload.alertUrl ?? d.alertsUrl ?? first.payload.searchUrl) : (d.alertsUrl ?? first.payload.searchUrl)
  return { title: digestSubject(d), body: body.length > PUSH_BODY_MAX ? `${body.slice(0, PUSH_BODY_MAX - 1)}…` : body, url }
}
