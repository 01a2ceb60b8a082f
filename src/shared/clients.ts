import { z } from 'zod'
import { phoneSchema } from './notifications.ts'

/**
 * Client workspaces (Unlimited, decision 043): an advisor's named clients, each with a contact
 * email and phone that get that client's fare alerts once the client confirmed them (double opt-in).
 */

export const CLIENT_CHANNELS = ['email', 'sms', 'whatsapp'] as const
export type ClientChannel = (typeof CLIENT_CHANNELS)[number]
export type ClientContact = 'email' | 'phone'

export const CLIENT_LIMITS = {
  /** Clients one account may hold. */
  maxClients: 500,
  nameMax: 80,
  /** Between two confirmation requests for one client. */
  resendWaitSeconds: 60,
  /** Confirmation requests one address may get from one client record, so nobody is pestered. */
  maxConfirmations: 5,
  /** Confirmation requests one address may get in a day, from every advisor and client record together. */
  confirmationsPerAddressPerDay: 3,
} as const

export const CLIENT_MESSAGES = {
  name: `Enter the client's name (1 to ${CLIENT_LIMITS.nameMax} characters).`,
  email: 'Enter a valid email address, such as name@example.com.',
  contact: 'Add an email address or a phone number, so the client can get alerts.',
  channels: 'Choose at least one way to reach the client: email, SMS or WhatsApp.',
  emailChannel: 'Add an email address to send this client alerts by email.',
  phoneChannel: 'Add a phone number to send this client alerts by SMS or WhatsApp.',
  planOnly: 'Client workspaces are part of the Unlimited plan.',
  notFound: 'You have no client with that id.',
  tooMany: `An account may hold at most ${CLIENT_LIMITS.maxClients} clients. Delete the ones you no longer serve.`,
  duplicateEmail: 'You already have a client with this email address.',
  resendWait: (seconds: number) => `A confirmation request went out moments ago. Try again in ${seconds} seconds.`,
  confirmationLimit: `This client was asked to confirm ${CLIENT_LIMITS.maxConfirmations} times already. Ask them to use the last link, or check the address.`,
  addressLimit: `This address was asked to confirm ${CLIENT_LIMITS.confirmationsPerAddressPerDay} times today already. Try again tomorrow.`,
  nothingToConfirm: 'There is nothing to confirm: every contact of this client is confirmed or has unsubscribed.',
  clientForAlert: 'Choose one of your clients for this alert, or none.',
} as const

/** Blank means none: forms send "" for an empty field, the API may send null or leave it out. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)
const optionalEmail = z.preprocess(blankToNull, z.string().trim().toLowerCase().max(254, CLIENT_MESSAGES.email).pipe(z.email(CLIENT_MESSAGES.email)).nullable())
const optionalPhone = z.preprocess(blankToNull, phoneSchema.nullable())

const clientFields = {
  name: z.string().trim().min(1, CLIENT_MESSAGES.name).max(CLIENT_LIMITS.nameMax, CLIENT_MESSAGES.name),
  email: optionalEmail.optional(),
  phone: optionalPhone.optional(),
  channels: z
    .array(z.enum(CLIENT_CHANNELS, { error: CLIENT_MESSAGES.channels }))
    .min(1, CLIENT_MESSAGES.channels)
    .max(CLIENT_CHANNELS.length, CLIENT_MESSAGES.channels)
    .transform((channels) => CLIENT_CHANNELS.filter((channel) => channels.includes(channel))),
}

/** The rules a client's contacts and channels must keep together (the form and the server both check them). */
function checkContacts(value: { email?: string | null; phone?: string | null; channels?: ClientChannel[] }, ctx: z.RefinementCtx) {
  if (!value.email && !value.phone) ctx.addIssue({ code: 'custom', message: CLIENT_MESSAGES.contact, path: ['email'] })
  const channels = value.channels ?? []
  if (channels.includes('email') && !value.email && value.phone) ctx.addIssue({ code: 'custom', message: CLIENT_MESSAGES.emailChannel, path: ['email'] })
  if ((channels.includes('sms') || channels.includes('whatsapp')) && !value.phone && value.email)
    ctx.addIssue({ code: 'custom', message: CLIENT_MESSAGES.phoneChannel, path: ['phone'] })
}

/** POST /api/clients */
export const createClientSchema = z.strictObject(clientFields).superRefine(checkContacts)
export type CreateClientInput = z.input<typeof createClientSchema>
export type CreateClient = z.output<typeof createClientSchema>

/** PATCH /api/clients/:id: any of the fields; the result must keep the rules above (checked against the saved client). */
export const updateClientSchema = z.strictObject({
  name: clientFields.name.optional(),
  email: clientFields.email,
  phone: clientFields.phone,
  channels: clientFields.channels.optional(),
})
export type UpdateClient = z.output<typeof updateClientSchema>

/** The merged result of an update, checked as a whole. */
export const clientContactsSchema = z.object({ email: z.string().nullable(), phone: z.string().nullable(), channels: z.array(z.enum(CLIENT_CHANNELS)) }).superRefine(checkContacts)

/** GET /api/clients?… and the alert list's `client` filter: a client's id, or "none" for the advisor's own alerts. */
export const clientFilterSchema = z.union([z.literal('none'), z.uuid(CLIENT_MESSAGES.notFound)])

/** GET /api/clients/notices: whose notices, and paging back by time. */
export const clientNoticesQuerySchema = z.object({
  client: z
    .union([z.literal('all'), clientFilterSchema])
    .default('all')
    .meta({ description: '`all`: every client’s alerts; `none`: your own alerts (no client); or a client’s id. An id that is not one of your clients lists nothing.', example: 'all' }),
  before: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({ description: 'Only notices made before this time: pass the last notice’s `createdAt` for the next page.', example: '2026-11-27T09:30:00.000Z' }),
})

/**
 * Where one contact stands: `none` (no address), `pending` (asked, not confirmed yet), `confirmed`
 * (gets notices), `unsubscribed` (asked to stop: gets nothing, and no further requests).
 */
export type ContactStatus = 'none' | 'pending' | 'confirmed' | 'unsubscribed'

export interface ClientView {
  id: string
  name: string
  email: string | null
  phone: string | null
  channels: ClientChannel[]
  emailStatus: ContactStatus
  phoneStatus: ContactStatus
  /** Live alerts (not archived) tracking fares for this client. */
  alertCount: number
  /** When the last confirmation request went out, or null. */
  confirmationSentAt: string | null
  createdAt: string
}

/** One notice in the advisor's list of every client's notices. */
export interface ClientNoticeView {
  id: string
  alertId: string
  alertName: string
  clientId: string | null
  clientName: string | null
  channel: 'email' | 'sms' | 'whatsapp' | 'push'
  status: 'pending' | 'sent' | 'dead' | 'skipped' | 'discarded'
  attempts: number
  /** Why a skipped notice was not sent ("the client has not confirmed their email address yet"). */
  note: string | null
  price: number
  currency: string
  createdAt: string
  sentAt: string | null
}

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  none: 'Not given',
  pending: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
}
