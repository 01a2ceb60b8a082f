import { timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'

/**
 * The local outbox holds live sign-in links, so reading it takes its key or an admin session
 * (decision 030). Requests from this machine are not enough: every OS user of a shared machine can
 * reach a port on 127.0.0.1. The key is generated once per installation and kept in the database
 * (or set with OUTBOX_KEY); the server prints the mailbox link carrying it at start-up, in the log
 * of whoever started it.
 */
export const OUTBOX_KEY_HEADER = 'x-outbox-key'
/**
 * Set by POST /api/dev/outbox-key so the mailbox page (and its framed email bodies) can read the
 * outbox; `__Secure-` over HTTPS, as every cookie of ours (A9). Not `__Host-`: its path is /api/dev.
 */
export const OUTBOX_KEY_COOKIE = 'faredrop.outbox_key'
export const outboxKeyCookie = (secure: boolean) => (secure ? `__Secure-${OUTBOX_KEY_COOKIE}` : OUTBOX_KEY_COOKIE)
/** Only the outbox API needs it. */
export const OUTBOX_KEY_COOKIE_PATH = '/api/dev'

export function isOutboxKey(offered: string | undefined, key: string): boolean {
  if (offered === undefined) return false
  const given = Buffer.from(offered)
  const expected = Buffer.from(key)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** True when the request carries the key, as a header (scripts, tests) or as the mailbox page's cookie. */
export const carriesOutboxKey = (c: Context, key: string, secure: boolean): boolean =>
  isOutboxKey(c.req.header(OUTBOX_KEY_HEADER), key) || isOutboxKey(getCookie(c, outboxKeyCookie(secure)), key)

/** The mailbox page with its key in the fragment: browsers send fragments to no server and no Referer. */
export const mailboxLink = (publicUrl: string, key: string) => `${publicUrl}/dev/mailbox#key=${encodeURIComponent(key)}`
