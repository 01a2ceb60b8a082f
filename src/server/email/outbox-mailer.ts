import { outboxMessages } from '../db/schema.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../lib/logger.ts'
import type { Mailer } from './mailer.ts'

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

/** Keeps email in the database (read at /dev/mailbox) instead of sending it: the default without SMTP. */
export function createOutboxMailer({ db, logger }: { db: Db; logger: Logger }): Mailer {
  return {
    driver: 'outbox',
    async send({ to, subject, text, html }) {
      const links = extractLinks(text, html)
      await db.insert(outboxMessages).values({ channel: 'email', to, subject, text, html, links })
      logger.info({ to, subject, links }, 'email written to the local outbox (read it at /dev/mailbox)')
    },
  }
}
