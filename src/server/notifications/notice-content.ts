import type { AlertNotificationPayload } from '../db/schema.ts'

/**
 * What a channel driver renders and sends: one price notice, or a daily digest of them
 * (decision 054). Both are fixed before the send, so a retry sends the same words.
 */
export interface DigestEntry {
  /** The alert's newest price event since the last digest. */
  payload: AlertNotificationPayload
  /** How many price events the alert had since then (the newest is shown). */
  events: number
  /** One-click unsubscribe from this alert's emails; null for an advisor's client (their link is per client). */
  unsubscribeUrl: string | null
}

export interface DigestContent {
  kind: 'digest'
  /** One entry per alert, newest event first. */
  entries: DigestEntry[]
  /** The traveller's alerts page; null for an advisor's client, who has no account. */
  alertsUrl: string | null
}

export type NoticeContent = AlertNotificationPayload | DigestContent

export const isDigest = (content: NoticeContent): content is DigestContent => (content as { kind?: unknown }).kind === 'digest'
