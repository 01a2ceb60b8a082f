import { z } from 'zod'
import type { AlertStatus } from './alert-status.ts'

/** Outgoing webhooks for Unlimited (decision 044): the rules and words both sides share. */

export const WEBHOOK_EVENT_TYPES = ['alert.triggered', 'alert.status_changed'] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]

/** Endpoints one account may have: one per system, with room to move one. */
export const MAX_WEBHOOK_ENDPOINTS = 10
export const MAX_WEBHOOK_URL_LENGTH = 2_048
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 200
/** Deliveries one page of an endpoint's log holds at most. */
export const WEBHOOK_DELIVERY_PAGE_SIZE = 20
/** Bytes of a receiver's answer kept in the log: enough to read an error, never a whole page. */
export const WEBHOOK_RESPONSE_BODY_LIMIT = 2_048

/** Every signing secret starts with this (Stripe's convention, so Stripe's verifiers take it as it is). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'
export const WEBHOOK_SIGNATURE_HEADER = 'FareDrop-Signature'
export const WEBHOOK_EVENT_ID_HEADER = 'FareDrop-Event-Id'
export const WEBHOOK_USER_AGENT = 'FareDrop-Webhooks/1'

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, { title: string; hint: string }> = {
  'alert.triggered': { title: 'Alert triggered', hint: 'A price at or below the target was found.' },
  'alert.status_changed': { title: 'Alert status changed', hint: 'Paused, resumed, triggered, at risk, expired…' },
}

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
}

/** What a delivery's badge says: a pending one that has been tried already is waiting for its retry. */
export const deliveryStatusLabel = (delivery: { status: WebhookDeliveryStatus; attempts: number }): string =>
  delivery.status === 'pending' && delivery.attempts > 0 ? 'Retrying' : WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]

export const WEBHOOK_MESSAGES = {
  url: 'Enter the full URL of your endpoint, starting with https://.',
  urlTooLong: `Keep the URL to ${MAX_WEBHOOK_URL_LENGTH.toLocaleString('en-US')} characters or fewer.`,
  urlCredentials: 'Leave the user name and password out of the URL: every delivery is signed instead.',
  privateAddress: 'This URL points to a private or loopback address. Webhooks go only to endpoints on the public internet.',
  hostNotFound: "We couldn't look up this URL's host. Check the address and try again.",
  events: 'Choose at least one event to send.',
  description: `Keep the description to ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters or fewer.`,
  emptyUpdate: 'Change at least one of the URL, events, description or enabled.',
  planOnly: 'Webhooks are part of the Unlimited plan.',
  tooMany: `An account may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one you no longer use.`,
  notFound: 'You have no webhook endpoint with that id.',
  deliveryNotFound: 'You have no webhook delivery with that id.',
  disabled: 'This endpoint is disabled. Enable it to send events to it.',
  /** A delivery's last error when the SSRF guard stopped it at connect time (never retried). */
  refused: 'Refused: the address is private or loopback.',
  refusedHttp: 'Refused: webhooks go only to https:// URLs.',
} as const

/** http:// is accepted on this machine only, and even then only while the server's SSRF guard is off (the server checks). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

function urlProblem(value: string): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return WEBHOOK_MESSAGES.url
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return WEBHOOK_MESSAGES.url
  if (url.username || url.password) return WEBHOOK_MESSAGES.urlCredentials
  return null
}

const webhookUrl = z
  .string({ error: WEBHOOK_MESSAGES.url })
  .trim()
  .min(1, WEBHOOK_MESSAGES.url)
  .max(MAX_WEBHOOK_URL_LENGTH, WEBHOOK_MESSAGES.urlTooLong)
  .superRefine((value, ctx) => {
    const problem = urlProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.events }), { error: WEBHOOK_MESSAGES.events })
  .min(1, WEBHOOK_MESSAGES.events)
  .max(WEBHOOK_EVENT_TYPES.length, WEBHOOK_MESSAGES.events)
  // Kept in the list's order, each once.
  .transform((events): WebhookEventType[] => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)))

const webhookDescription = z
  .string({ error: WEBHOOK_MESSAGES.description })
  .trim()
  .max(MAX_WEBHOOK_DESCRIPTION_LENGTH, WEBHOOK_MESSAGES.description)
  .nullable()
  .transform((text) => (text ? text : null))

/** POST /api/me/webhooks (and the profile's form). */
export const createWebhookEndpointSchema = z.strictObject({
  url: webhookUrl,
  events: webhookEvents,
  description: webhookDescription.optional().transform((text) => text ?? null),
})
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>

/** PATCH /api/me/webhooks/:id: any of the fields, at least one. */
export const updateWebhookEndpointSchema = z
  .strictObject({
    url: webhookUrl.optional(),
    events: webhookEvents.optional(),
    description: webhookDescription.optional(),
    enabled: z.boolean({ error: 'Enabled must be true or false.' }).optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: WEBHOOK_MESSAGES.emptyUpdate })
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointSchema>

/** POST /api/me/webhooks/:id/test: which kind of event to send (the endpoint's first one by default). */
export const sendTestEventSchema = z.strictObject({
  type: z.enum(WEBHOOK_EVENT_TYPES, { error: `The event type must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}.` }).optional(),
})

/** GET /api/me/webhooks/:id/deliveries?before=<delivery id>: the page older than that delivery. */
export const webhookDeliveriesQuerySchema = z.strictObject({
  before: z.uuid({ error: 'before must be the id of a delivery of this endpoint.' }).optional(),
})

// ---- What receivers get ----

/** The body of every delivery (Stripe's shape): the event id is the same in every delivery of it, re-sends included. */
export interface WebhookEvent<T extends WebhookEventType = WebhookEventType> {
  id: string
  type: T
  /** When the event happened, in Unix seconds. */
  created: number
  data: WebhookEventData[T]
}

export interface AlertTriggeredData {
  alert_id: string
  name: string
  /** "JFK → LHR", or "Multi-city route". */
  route: string
  departure_date: string | null
  return_date: string | null
  target_price: number
  /** The price found, at or below the target. */
  price: number
  currency: string
  lowest_price: number | null
  /** Our search page with the flights found picked, when the check named flights. */
  booking_url: string | null
  /** The advisor's client the alert tracks fares for (decision 043), if any. */
  client_id: string | null
}

export interface AlertStatusChangedData {
  alert_id: string
  name: string
  from: AlertStatus
  to: AlertStatus
  /** Why it changed, when FareDrop changed it ("At risk: …", "Paused: the Elite plan allows 30 alerts."). */
  status_note: string | null
  client_id: string | null
}

export interface WebhookEventData {
  'alert.triggered': AlertTriggeredData
  'alert.status_changed': AlertStatusChangedData
}

/** Each type's fields in the order documented above: what a delivery's body lists them in. */
const DATA_FIELDS: { [T in WebhookEventType]: readonly (keyof WebhookEventData[T])[] } = {
  'alert.triggered': ['alert_id', 'name', 'route', 'departure_date', 'return_date', 'target_price', 'price', 'currency', 'lowest_price', 'booking_url', 'client_id'],
  'alert.status_changed': ['alert_id', 'name', 'from', 'to', 'status_note', 'client_id'],
}

/**
 * The event with its keys in a fixed, readable order: `id, type, created, data` and the data's
 * documented fields first. (The stored copy is jsonb, which orders keys by length; receivers don't
 * care, people reading a body do.) Fields not listed keep their place after the listed ones.
 */
export function canonicalEvent(event: WebhookEvent): WebhookEvent {
  const data = event.data as unknown as Record<string, unknown>
  const listed = (DATA_FIELDS[event.type] ?? []) as readonly string[]
  const ordered = Object.fromEntries([...listed.filter((key) => key in data).map((key) => [key, data[key]]), ...Object.entries(data).filter(([key]) => !listed.includes(key))])
  return { id: event.id, type: event.type, created: event.created, data: ordered as unknown as WebhookEvent['data'] }
}

// ---- What the owner sees ----

export interface WebhookEndpointView {
  id: string
  url: string
  description: string | null
  events: WebhookEventType[]
  enabled: boolean
  createdAt: string
  updatedAt: string
}

/** Creating an endpoint or rotating its secret: the secret with it (its owner may also reveal it later). */
export interface WebhookEndpointWithSecret {
  endpoint: WebhookEndpointView
  secret: string
}

export interface WebhookDeliveryView {
  id: string
  endpointId: string
  eventId: string
  eventType: WebhookEventType
  status: WebhookDeliveryStatus
  attempts: number
  /** The last attempt's HTTP status; null before the first answer (or when none came). */
  responseStatus: number | null
  /** The first WEBHOOK_RESPONSE_BODY_LIMIT bytes of the last answer. */
  responseBody: string | null
  durationMs: number | null
  lastError: string | null
  /** Set while pending: when it is tried (again). */
  nextAttemptAt: string | null
  lastAttemptAt: string | null
  deliveredAt: string | null
  createdAt: string
  /** The event as sent. */
  payload: WebhookEvent
}

export interface WebhookDeliveryPage {
  deliveries: WebhookDeliveryView[]
  /** Older deliveries exist: ask again with `before` set to the last one's id. */
  hasMore: boolean
}
