import { z } from 'zod'
import type { ApiResponse } from '../api-contract.ts'
import { CLIENT_CHANNELS, CLIENT_LIMITS, type ClientNoticeView, type ClientView, type ContactStatus } from '../clients.ts'
import { NOTIFICATION_CHANNELS } from '../plans.ts'
import { matches } from './contract-match.ts'

/**
 * What the client operations of the public API v1 answer (decision 043's client workspaces), as
 * zod schemas for the OpenAPI document (decision 045), each tied to its TypeScript contract by
 * `matches`; the request bodies are the app's own schemas (src/shared/clients.ts), used as they are.
 */

const isoTime = z.string().meta({ description: 'ISO 8601 time (UTC).', example: '2026-11-27T09:30:00.000Z' })

const CONTACT_STATUSES = ['none', 'pending', 'confirmed', 'unsubscribed'] as const satisfies readonly ContactStatus[]
const contactStatus = z.enum(CONTACT_STATUSES).meta({
  description:
    'none (no address given), pending (asked to confirm, not confirmed yet: gets no notices), confirmed (gets the client’s notices), unsubscribed (asked to stop: gets nothing, and is not asked again until the address changes).',
})

export const clientSchema = matches<ClientView>()(
  z
    .object({
      id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable().meta({ description: 'E.164, such as +12125550147.' }),
      channels: z.array(z.enum(CLIENT_CHANNELS)).meta({ description: 'How the client gets their notices, each on its confirmed contact: email by email, sms and whatsapp by phone.' }),
      emailStatus: contactStatus,
      phoneStatus: contactStatus,
      alertCount: z.number().int().meta({ description: 'Live alerts (not expired or archived) tracking fares for this client.' }),
      confirmationSentAt: isoTime.nullable().meta({
        description: `When the last request to confirm went out, or null. The next may go ${CLIENT_LIMITS.resendWaitSeconds} seconds later.`,
      }),
      createdAt: isoTime,
    })
    .meta({ id: 'Client', description: 'One of your clients, with where each contact stands.' }),
)

const noticeStatus = z.enum(['pending', 'sent', 'dead', 'skipped', 'discarded']).meta({
  description:
    'pending (queued or retrying), sent, dead (gave up), skipped (not sent: `note` says why, such as a contact not confirmed or unsubscribed), discarded (support decided not to send it again).',
})

export const clientNoticeSchema = matches<ClientNoticeView>()(
  z
    .object({
      id: z.string(),
      alertId: z.string(),
      alertName: z.string(),
      clientId: z.string().nullable().meta({ description: 'The alert’s client, or null for your own alerts.' }),
      clientName: z.string().nullable(),
      channel: z.enum(NOTIFICATION_CHANNELS).meta({ description: 'push is for your own alerts: a client’s alert skips it.' }),
      status: noticeStatus,
      attempts: z.number().int().meta({ description: 'Delivery attempts so far.' }),
      note: z.string().nullable().meta({ description: 'Why a skipped notice was not sent, such as “the client has not confirmed their email address yet”.' }),
      price: z.number(),
      currency: z.string(),
      createdAt: isoTime,
      sentAt: isoTime.nullable(),
    })
    .meta({ id: 'ClientNotice', description: 'A notice of one of your alerts, with the client it was for.' }),
)

// ---- one schema per operation's answer ----

export const clientListResponse = matches<ApiResponse<'GET /api/clients'>>()(z.object({ clients: z.array(clientSchema) }).meta({ id: 'ClientList' }))

export const clientCreatedResponse = matches<ApiResponse<'POST /api/clients'>>()(z.object({ client: clientSchema }))

export const clientNoticesResponse = matches<ApiResponse<'GET /api/clients/notices'>>()(z.object({ notices: z.array(clientNoticeSchema) }).meta({ id: 'ClientNoticeList' }))

export const clientDetailResponse = matches<ApiResponse<'GET /api/clients/:id'>>()(z.object({ client: clientSchema }))

export const clientUpdatedResponse = matches<ApiResponse<'PATCH /api/clients/:id'>>()(z.object({ client: clientSchema }))

export const confirmationSentResponse = matches<ApiResponse<'POST /api/clients/:id/send-confirmation'>>()(z.object({ client: clientSchema }))

export const clientDeletedResponse = matches<ApiResponse<'DELETE /api/clients/:id'>>()(z.object({ success: z.literal(true) }))
