import type { Db } from '../db/client.ts'

/** An email as every driver receives it: always both an HTML and a plain-text body. */
export interface EmailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** Extra header fields, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>
  /**
   * A fixed Message-ID ("<id@domain>"), so a retried send carries the same one and inboxes that
   * collapse duplicates by it show one message. Unset: the driver makes one up.
   */
  messageId?: string
}

export interface SentEmail {
  /** The SMTP Message-ID, or the outbox row id. */
  messageId: string | null
}

export type EmailDriver = 'outbox' | 'smtp'

/** Sends email through the configured driver (SMTP when SMTP_URL is set, else the local outbox). */
export interface Mailer {
  driver: EmailDriver
  send(message: EmailMessage): Promise<SentEmail>
  /**
   * The local outbox only: stores the email through `db` (a transaction of the caller's), so what
   * the caller writes beside it (a send quota) commits with it or not at all.
   */
  sendWith?(db: Db, message: EmailMessage): Promise<SentEmail>
}

const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]*$/
// Header fields the message fields already set; overriding them through `headers` would be a bug.
const RESERVED = new Set(['from', 'to', 'cc', 'bcc', 'subject', 'message-id', 'content-type', 'mime-version'])

/**
 * Refuses header names that aren't plain tokens and values with line breaks (header injection:
 * a URL with a CRLF could otherwise add recipients or a body).
 */
export function assertSafeHeaders(headers: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || RESERVED.has(name.toLowerCase())) throw new Error(`email header ${JSON.stringify(name)} is not allowed`)
    if (/[\r\n]/.test(value)) throw new Error(`email header ${name} contains a line break`)
  }
}
