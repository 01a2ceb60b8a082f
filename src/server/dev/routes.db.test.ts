import { Hono, type Context } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { openTestDatabase } from '#tests/support/test-db.ts'
import { samplePayload } from '#tests/support/notification-fixtures.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import type { Database } from '../db/client.ts'
import { outboxMessages } from '../db/schema.ts'
import type { Mailer } from '../email/mailer.ts'
import { createOutboxMailer } from '../email/outbox-mailer.ts'
import { createErrorHandler } from '../http/error-handler.ts'
import { createOutboxChannel } from '../notifications/channels/outbox-channel.ts'
import { outboxRoutes, type OutboxRoutesDeps } from './routes.ts'

interface OutboxBody {
  messages: {
    id: string
    channel: string
    to: string
    subject: string | null
    text: string
    html: string | null
    headers: Record<string, string>
    links: string[]
    createdAt: string
  }[]
}

let database: Database
let mailer: Mailer

function mountOutbox(overrides: Partial<OutboxRoutesDeps> = {}) {
  const app = new Hono()
  app.route('/api/dev', outboxRoutes({ db: database.db, outboxInUse: () => true, canView: () => true, ...overrides }))
  app.onError(createErrorHandler(silentLogger))
  return app
}

async function listOutbox(query = '', app = mountOutbox()) {
  const res = await app.request(`/api/dev/outbox${query}`)
  return { status: res.status, body: (await res.json()) as OutboxBody }
}

beforeAll(async () => {
  database = await openTestDatabase()
  mailer = createOutboxMailer({ db: database.db, logger: silentLogger })
})

afterAll(async () => {
  await database.close()
})

beforeEach(async () => {
  await database.db.delete(outboxMessages)
})

describe('GET /api/dev/outbox', () => {
  it('returns what the outbox mailer wrote, newest first, with every link', async () => {
    const logInfo = vi.spyOn(silentLogger, 'info')
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Confirm your email for FareDrop',
      text: 'Confirm: https://faredrop.test/verify?token=1&next=%2F',
      html: '<a href="https://faredrop.test/verify?token=1&amp;next=%2F">Confirm</a> <a href="https://faredrop.test/faq">FAQ</a>',
    })
    // A moment apart: two sends in the same millisecond (the embedded database's clock, on a fast
    // run) have equal times, and "newest first" has nothing to order them by.
    await new Promise((resolve) => setTimeout(resolve, 5))
    await mailer.send({ to: 'ben@example.com', subject: 'Your FareDrop sign-in link', text: 'https://faredrop.test/magic?token=2', html: '<p>hi</p>' })

    const { status, body } = await listOutbox()
    expect(status).toBe(200)
    expect(body.messages.map((m) => m.to)).toEqual(['ben@example.com', 'ana@example.com'])
    expect(body.messages[1]).toMatchObject({
      channel: 'email',
      subject: 'Confirm your email for FareDrop',
      text: 'Confirm: https://faredrop.test/verify?token=1&next=%2F',
      links: ['https://faredrop.test/verify?token=1&next=%2F', 'https://faredrop.test/faq'],
    })
    expect(body.messages[1]!.html).toContain('<a href=')
    expect(new Date(body.messages[1]!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(logInfo).toHaveBeenCalledWith(
      { to: 'ana@example.com', subject: 'Confirm your email for FareDrop', links: body.messages[1]!.links },
      'email written to the local outbox (read it at /dev/mailbox)',
    )
  })

  it('filters by recipient, ignoring case, and by channel', async () => {
    await mailer.send({ to: 'Ana@Example.com', subject: 'one', text: 'one', html: '<p>one</p>' })
    await mailer.send({ to: 'ben@example.com', subject: 'two', text: 'two', html: '<p>two</p>' })
    await database.db.insert(outboxMessages).values({ channel: 'sms', to: '+15550100', text: 'Fares dropped' })

    expect((await listOutbox('?to=ana@example.COM')).body.messages.map((m) => m.subject)).toEqual(['one'])
    expect((await listOutbox('?to=ana@')).body.messages).toEqual([])
    expect((await listOutbox('?channel=sms')).body.messages.map((m) => m.to)).toEqual(['+15550100'])
    expect((await listOutbox('?to=&channel=')).body.messages).toHaveLength(3)
  })

  it('rejects an unknown channel', async () => {
    const { status, body } = await listOutbox('?channel=pigeon')
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: { code: 'validation_failed' } })
  })

  it('answers 404 to callers that may not view it, asking canView with the request', async () => {
    const canView = vi.fn((c: Context) => c.req.header('x-test-viewer') === 'yes')
    const app = mountOutbox({ canView })
    expect((await app.request('/api/dev/outbox')).status).toBe(404)
    expect((await app.request('/api/dev/outbox', { headers: { 'x-test-viewer': 'yes' } })).status).toBe(200)
    expect(canView).toHaveBeenCalledTimes(2)

    const asyncDenied = mountOutbox({ canView: async () => false })
    const { status, body } = await listOutbox('', asyncDenied)
    expect(status).toBe(404)
    expect(body).toMatchObject({ error: { code: 'not_found' } })
  })

  it('answers 404 when no channel uses the outbox (email over SMTP, the others live)', async () => {
    const app = mountOutbox({ outboxInUse: () => false })
    expect((await app.request('/api/dev/outbox')).status).toBe(404)
  })

  it("shows an email's extra headers beside it and keeps them out of the HTML", async () => {
    const unsubscribe = 'https://faredrop.test/api/alerts/1/unsubscribe?token=abc'
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Price drop',
      text: `Unsubscribe: ${unsubscribe}`,
      html: '<p>Price drop</p>',
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    })
    const [message] = (await listOutbox()).body.messages
    expect(message).toMatchObject({
      html: '<p>Price drop</p>',
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      links: [unsubscribe],
    })
    expect(await (await mountOutbox().request(`/api/dev/outbox/${message!.id}/html`)).text()).toBe('<p>Price drop</p>')
  })

  it('refuses header injection', async () => {
    await expect(
      mailer.send({ to: 'ana@example.com', subject: 's', text: 't', html: 'h', headers: { 'List-Unsubscribe': '<https://x.test>\r\nBcc: eve@example.com' } }),
    ).rejects.toThrow(/line break/)
    await expect(mailer.send({ to: 'ana@example.com', subject: 's', text: 't', html: 'h', headers: { Bcc: 'eve@example.com' } })).rejects.toThrow(/not allowed/)
  })
})

describe('the outbox as a notice channel', () => {
  it('stores a retried notice once: the same Message-ID (email) or dedupe key (SMS, WhatsApp, push) folds into the first row', async () => {
    const notice = { to: 'ana@example.com', subject: 'Price drop', text: 'Now $99', html: '<p>Now $99</p>', messageId: '<alert-1@localhost>' }
    const first = await mailer.send(notice)
    // The dispatcher died after the first write, before marking the notice sent; its retry writes again.
    expect(await mailer.send(notice)).toEqual(first)
    // Mail without a fixed Message-ID (sign-in links) is never folded.
    await mailer.send({ to: 'ana@example.com', subject: 'Sign in', text: 'link', html: '<p>link</p>' })
    await mailer.send({ to: 'ana@example.com', subject: 'Sign in', text: 'link', html: '<p>link</p>' })

    const sms = createOutboxChannel({ db: database.db, logger: silentLogger, channel: 'sms', shortUrl: 'http://localhost:3000/alerts' })
    const to = { userId: 'u1', email: 'ana@example.com', phone: '+14155550100', pushSubscriptions: [], nativePushDevices: [], unsubscribeUrl: 'http://localhost:3000/u' }
    const sent = await sms.send(samplePayload(), to, 'alert-1:event-1:sms')
    expect(await sms.send(samplePayload(), to, 'alert-1:event-1:sms')).toEqual(sent)
    await sms.send(samplePayload(), to, 'alert-1:event-2:sms')

    const rows = await database.db.select({ channel: outboxMessages.channel, subject: outboxMessages.subject, dedupeKey: outboxMessages.dedupeKey }).from(outboxMessages)
    expect(rows.map((r) => `${r.channel} ${r.dedupeKey ?? r.subject}`).sort()).toEqual([
      'email <alert-1@localhost>',
      'email Sign in',
      'email Sign in',
      'sms alert-1:event-1:sms',
      'sms alert-1:event-2:sms',
    ])
  })
})

describe('GET /api/dev/outbox/:id/html', () => {
  it('returns the stored HTML with a CSP that lets only our own page frame it', async () => {
    const html = '<!DOCTYPE html><p style="color:red">Hello</p>'
    await mailer.send({ to: 'ana@example.com', subject: 's', text: 'Hello', html })
    const [message] = (await listOutbox()).body.messages

    const res = await mountOutbox().request(`/api/dev/outbox/${message!.id}/html`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'self'",
    )
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(await res.text()).toBe(html)
  })

  it('answers 404 for an unknown id, a message without HTML, or a caller that may not view it', async () => {
    const [sms] = await database.db.insert(outboxMessages).values({ channel: 'sms', to: '+15550100', text: 'hi' }).returning()
    await mailer.send({ to: 'ana@example.com', subject: 's', text: 't', html: '<p>h</p>' })
    const [email] = (await listOutbox('?channel=email')).body.messages

    expect((await mountOutbox().request('/api/dev/outbox/not-an-id/html')).status).toBe(404)
    expect((await mountOutbox().request(`/api/dev/outbox/${sms!.id}/html`)).status).toBe(404)
    expect((await mountOutbox({ canView: () => false }).request(`/api/dev/outbox/${email!.id}/html`)).status).toBe(404)
    expect((await mountOutbox({ outboxInUse: () => false }).request(`/api/dev/outbox/${email!.id}/html`)).status).toBe(404)
  })
})
