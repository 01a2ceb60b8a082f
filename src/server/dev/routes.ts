import { BlockList } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import { and, desc, eq, sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { outboxMessages } from '../db/schema.ts'
import { splitStoredHtml } from '../email/outbox-mailer.ts'
import { AppError } from '../lib/app-error.ts'

export interface OutboxRoutesDeps {
  db: Db
  /** True while any channel (email, SMS, WhatsApp, push) writes to the local outbox. */
  outboxInUse: () => boolean
  /** Who may read the outbox; it holds live sign-in links, so the caller decides (loopback, admin). */
  canView: (c: Context) => boolean | Promise<boolean>
}

const MAX_MESSAGES = 200

// A stored email rendered inside a sandboxed iframe on our own page: its inline styles and
// remote images may load, nothing else, and only our pages may frame it.
const STORED_HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'self'"

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)

const OutboxQuery = z.object({
  to: z.preprocess(emptyAsUndefined, z.string().trim().max(320).optional()),
  channel: z.preprocess(emptyAsUndefined, z.enum(outboxMessages.channel.enumValues).optional()),
})

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/**
 * True when the TCP peer is this machine (127.0.0.0/8, ::1, or IPv4-mapped 127.x). Reads the
 * socket only: X-Forwarded-For is whatever the client wants it to be. Behind a reverse proxy on
 * the same host every request passes this test, so don't rely on it when TRUST_PROXY is on.
 */
export function isLoopbackRequest(c: Context): boolean {
  let address: string | undefined
  try {
    address = getConnInfo(c).remote.address
  } catch {
    // No Node socket behind this request (e.g. app.request in-process): nothing proves it is local.
    return false
  }
  if (!address) return false
  return address.includes(':') ? loopback.check(address, 'ipv6') : loopback.check(address, 'ipv4')
}

/** The local outbox viewer's API, mounted at /api/dev. Answers 404 unless some channel uses the outbox and `canView` allows. */
export function outboxRoutes({ db, outboxInUse, canView }: OutboxRoutesDeps) {
  return new Hono()
    // '/outbox/*' also matches '/outbox' itself.
    .use('/outbox/*', async (c, next) => {
      // 404, not 403: where the outbox is off, nothing should hint that it exists.
      if (!outboxInUse() || !(await canView(c))) throw new AppError('not_found', 'There is no local outbox here.')
      await next()
    })
    .get('/outbox', async (c) => {
      const { to, channel } = OutboxQuery.parse(c.req.query())
      const messages = await db
        .select({
          id: outboxMessages.id,
          channel: outboxMessages.channel,
          to: outboxMessages.to,
          subject: outboxMessages.subject,
          text: outboxMessages.text,
          html: outboxMessages.html,
          links: outboxMessages.links,
          createdAt: outboxMessages.createdAt,
        })
        .from(outboxMessages)
        .where(
          and(
            to ? sql`lower(${outboxMessages.to}) = ${to.toLowerCase()}` : undefined,
            channel ? eq(outboxMessages.channel, channel) : undefined,
          ),
        )
        .orderBy(desc(outboxMessages.createdAt))
        .limit(MAX_MESSAGES)
      // Each email's extra headers (List-Unsubscribe…) shown beside it, as a mail client would.
      return c.json({
        messages: messages.map((message) => {
          const { html, headers } = message.html === null ? { html: null, headers: {} } : splitStoredHtml(message.html)
          return { ...message, html, headers }
        }),
      })
    })
    .get('/outbox/:id/html', async (c) => {
      const [message] = await db
        .select({ html: outboxMessages.html })
        .from(outboxMessages)
        .where(eq(outboxMessages.id, c.req.param('id')))
      if (!message?.html) throw new AppError('not_found', 'That message has no HTML body.')
      const res = c.html(splitStoredHtml(message.html).html)
      res.headers.set('Content-Security-Policy', STORED_HTML_CSP)
      // SAMEORIGIN rather than no header: agrees with frame-ancestors 'self', and survives a
      // global headers middleware that only fills in headers a response lacks.
      res.headers.set('X-Frame-Options', 'SAMEORIGIN')
      return res
    })
}
