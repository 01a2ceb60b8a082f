import { eq } from 'drizzle-orm'
import { outboxMessages } from '../db/schema.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../lib/logger.ts'
import { assertSafeHeaders, type Mailer } from './mailer.ts'

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** Single pass, so `&amp;lt;` becomes `&lt;` and not `<`. */
function decodeHtmlEntities(value: string): string {
  return value.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? entity
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity
  })
}

const URL_PATTERN = /https?:\/\/[^\s"'<>]+/gi
// Sentence punctuation right after a URL in prose belongs to the sentence, not the URL.
const TRAILING_PUNCTUATION = /[.,;:!?)]+$/

/** Every http(s) URL in the given texts (HTML or plain), decoded and de-duplicated, in order of appearance. */
export function extractLinks(...texts: string[]): string[] {
  const links = new Set<string>()
  for (const text of texts) {
    for (const match of decodeHtmlEntities(text).matchAll(URL_PATTERN)) {
      links.add(match[0].replace(TRAILING_PUNCTUATION, ''))
    }
  }
  return [...links]
}

// outbox_messages has no headers column yet, so an email's extra headers ride in a leading HTML
// comment (base64url JSON: no "-->" can appear) that the outbox viewer splits off again. Once the
// table gets a headers column, these two helpers go and the column takes the object.
const HEADERS_COMMENT = /^<!--outbox-headers ([A-Za-z0-9_-]*)-->\n/

export function embedHeaders(html: string, headers: Record<string, string> | undefined): string {
  if (!headers || Object.keys(headers).length === 0) return html
  return `<!--outbox-headers ${Buffer.from(JSON.stringify(headers)).toString('base64url')}-->\n${html}`
}

/** The stored HTML without the headers comment, and the headers it carried. */
export function splitStoredHtml(stored: string): { html: string; headers: Record<string, string> } {
  const match = HEADERS_COMMENT.exec(stored)
  if (!match) return { html: stored, headers: {} }
  try {
    const headers = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as Record<string, string>
    return { html: stored.slice(match[0].length), headers }
  } catch {
    return { html: stored, headers: {} }
  }
}

/**
 * Writes one outbox row, or none when a row with the same idempotency key is already there (a
 * retry of a notice whose first attempt was written but never marked sent): the outbox folds
 * repeats the way an inbox folds a repeated Message-ID. Returns the row's id, new or existing.
 */
export async function insertOutboxMessage(db: Db, values: typeof outboxMessages.$inferInsert): Promise<{ id: string | null; repeated: boolean }> {
  if (!values.dedupeKey) {
    const [row] = await db.insert(outboxMessages).values(values).returning({ id: outboxMessages.id })
    return { id: row?.id ?? null, repeated: false }
  }
  const [row] = await db
    .insert(outboxMessages)
    .values(values)
    .onConflictDoNothing({ target: outboxMessages.dedupeKey })
    .returning({ id: outboxMessages.id })
  if (row) return { id: row.id, repeated: false }
  const [first] = await db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.dedupeKey, values.dedupeKey))
  return { id: first?.id ?? null, repeated: true }
}

/** Keeps email in the database (read at /dev/mailbox) instead of sending it: the default without SMTP. */
export function createOutboxMailer({ db, logger }: { db: Db; logger: Logger }): Mailer {
  const mailer: Mailer = {
    driver: 'outbox',
    send: (message) => mailer.sendWith!(db, message),
    async sendWith(db, { to, subject, text, html, headers, messageId }) {
      assertSafeHeaders(headers)
      const links = extractLinks(text, html)
      // A fixed Message-ID (price-alert notices) is the idempotency key: a retried notice is stored once.
      const stored = await insertOutboxMessage(db, { channel: 'email', to, subject, text, html: embedHeaders(html, headers), links, dedupeKey: messageId ?? null })
      if (stored.repeated) logger.info({ to, subject }, 'email already in the local outbox (a retried notice); not written again')
      else logger.info({ to, subject, links }, 'email written to the local outbox (read it at /dev/mailbox)')
      return { messageId: stored.id }
    },
  }
  return mailer
}
