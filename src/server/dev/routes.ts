import { and, desc, eq, sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { setCookie } from 'hono/cookie'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { outboxMessages } from '../db/schema.ts'
import { splitStoredHtml } from '../email/outbox-mailer.ts'
import { jsonBody } from '../http/json-body.ts'
import { AppError } from '../lib/app-error.ts'
import { isOutboxKey, OUTBOX_KEY_COOKIE_PATH, outboxKeyCookie } from './outbox-key.ts'

export interface OutboxRoutesDeps {
  db: Db
  /** True while any channel (email, SMS, WhatsApp, push) writes to the local outbox. */
  outboxInUse: () => boolean
  /** Who may read the outbox; it holds live sign-in links, so the caller decides (its key, an admin: decision 030). */
  canView: (c: Context) => boolean | Promise<boolean>
  /** The outbox key POST /outbox-key trades for a cookie; without one that route answers 404. */
  key?: string
  /** Cookies only over HTTPS when the site is served over HTTPS. */
  secureCookie?: boolean
}

const KeyBody = z.object({ key: z.string().max(200) })

const MAX_MESSAGES = 200

// A stored email rendered inside a sandboxed iframe on our own page: its inline styles and
// remote images may load, nothing else, and only our pages may frame it.
const STORED_HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'self'"

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)

const OutboxQuery = z.object({
  to: z.preprocess(emptyAsUndefined, z.string().trim().max(320).optional()),
  channel: z.preprocess(emptyAsUndefined, z.enum(outboxMessages.channel.enumValues).optional()),
})

/** The local outbox viewer's API, mounted at /api/dev. Answers 404 unless some channel uses the outbox and `canView` allows. */
export function outboxRoutes({ db, outboxInUse, canView, key, secureCookie = false }: OutboxRoutesDeps) {
  return new Hono()
    // The mailbox page opened from the link printed at start-up (#key=…) trades the key for a
    // cookie, which its list requests and its framed email bodies then carry.
    .post('/outbox-key', async (c) => {
      const offered = KeyBody.parse(await jsonBody(c)).key
      if (!outboxInUse() || key === undefined || !isOutboxKey(offered, key)) throw new AppError('not_found', 'There is no local outbox here.')
      setCookie(c, outboxKeyCookie(secureCookie), offered, { path: OUTBOX_KEY_COOKIE_PATH, httpOnly: true, sameSite: 'Strict', secure: secureCookie })
      return c.body(null, 204)
    })
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
      // The mailbox frames this in a sandbox (an opaque origin), which can't be origin-keyed: asking
      // for it makes Chromium warn that the origin is site-keyed. Not asking is what it can honour.
      res.headers.set('Origin-Agent-Cluster', '?0')
      return res
    })
}
