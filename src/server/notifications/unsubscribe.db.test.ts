import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertAlert, insertNotification, insertUser } from '#tests/support/notification-fixtures.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { alertNotifications, alerts, outboxMessages } from '../db/schema.ts'
import { dispatchDueNotifications } from './dispatch-notifications.ts'
import { OUTBOX_KEY_HEADER } from '../dev/outbox-key.ts'
import { UNSUBSCRIBE_NOTE } from './unsubscribe-alert-email.ts'

/**
 * One-click unsubscribe (RFC 8058) through the whole app: mail clients POST without cookies from
 * any origin, people open the GET page and press its button; only a link signed for the alert works.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const links = () => t.services.notifications.unsubscribeLinks
const path = (alertId: string, token = links().token(alertId)) => `/api/alerts/${alertId}/unsubscribe?token=${encodeURIComponent(token)}`

/** What Gmail's unsubscribe button sends: a form POST, no cookies, an Origin of its own. */
const oneClick = (url: string, headers: Record<string, string> = {}) =>
  t.app.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.google.com', ...headers },
    body: 'List-Unsubscribe=One-Click',
  })

const alertRow = async (id: string) => (await t.database.db.select().from(alerts).where(eq(alerts.id, id)))[0]!

describe('POST /api/alerts/:id/unsubscribe', () => {
  it("switches the alert's email off and keeps its other channels", async () => {
    const owner = await insertUser(t.database.db)
    const alertId = await insertAlert(t.database.db, owner.id, { channels: { email: true, sms: true } })

    const res = await oneClick(path(alertId))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, outcome: 'email-off' })
    expect(await alertRow(alertId)).toMatchObject({ status: 'triggered', notificationChannels: { email: false, sms: true, whatsapp: false, push: false } })

    // Mail clients may send it twice.
    expect(await (await oneClick(path(alertId))).json()).toEqual({ success: true, outcome: 'already' })
  })

  it('pauses the alert when email was its only channel', async () => {
    const owner = await insertUser(t.database.db)
    const alertId = await insertAlert(t.database.db, owner.id, { channels: { email: true }, status: 'active' })

    expect(await (await oneClick(path(alertId))).json()).toEqual({ success: true, outcome: 'paused' })
    expect(await alertRow(alertId)).toMatchObject({ status: 'paused', statusNote: UNSUBSCRIBE_NOTE, notificationChannels: { email: true } })
  })

  it('refuses a tampered token, another alert\'s token and a malformed id with 400, a deleted alert with 404', async () => {
    const owner = await insertUser(t.database.db)
    const alertId = await insertAlert(t.database.db, owner.id, { channels: { email: true, sms: true } })
    const other = await insertAlert(t.database.db, owner.id)
    const token = links().token(alertId)

    for (const url of [
      path(alertId, `${token.slice(0, -2)}xx`),
      path(alertId, links().token(other)),
      path(alertId, links().token(alertId, 'sms')),
      `/api/alerts/${alertId}/unsubscribe`,
      `/api/alerts/not-an-id/unsubscribe?token=${token}`,
    ]) {
      const res = await oneClick(url)
      expect(res.status, url).toBe(400)
      expect(await res.json()).toMatchObject({ error: { code: 'bad_request' } })
    }
    expect((await alertRow(alertId)).notificationChannels.email).toBe(true)

    await t.database.db.delete(alerts).where(eq(alerts.id, other))
    const gone = await oneClick(path(other))
    expect(gone.status).toBe(404)
  })

  it('answers a person (the page\'s button) with a page', async () => {
    const owner = await insertUser(t.database.db)
    const alertId = await insertAlert(t.database.db, owner.id, { channels: { email: true } })
    const res = await oneClick(path(alertId), { accept: 'text/html', origin: 'http://localhost:3999' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    expect(html).toContain('Alert paused')
    expect(html).toContain('&quot;JFK → LHR Route Alert&quot;')
  })
})

describe('GET /api/alerts/:id/unsubscribe', () => {
  it('shows a confirmation page whose button posts back, and changes nothing itself', async () => {
    const owner = await insertUser(t.database.db)
    const alertId = await insertAlert(t.database.db, owner.id, { channels: { email: true } })

    const res = await t.app.request(path(alertId))
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await res.text()
    expect(html).toContain('Stop emails for this alert?')
    expect(html).toContain('the alert will be paused')
    const action = /<form method="post" action="([^"]+)">/.exec(html)![1]!.replaceAll('&amp;', '&')
    expect(action).toBe(path(alertId))
    expect(html).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">')
    // The page's only style sheet carries the response's CSP nonce.
    const nonce = /<style nonce="([^"]+)">/.exec(html)![1]!
    expect(res.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`)
    expect((await alertRow(alertId)).status).toBe('triggered')

    const posted = await oneClick(action, { accept: 'text/html', origin: 'http://localhost:3999' })
    expect(posted.status).toBe(200)
    expect((await alertRow(alertId)).status).toBe('paused')
  })

  it('shows why a bad or stale link does nothing', async () => {
    const owner = await insertUser(t.database.db)
    const alertId = await insertAlert(t.database.db, owner.id)
    const bad = await t.app.request(path(alertId, 'forged'))
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('<h1>This unsubscribe link isn&#39;t valid</h1>')

    await t.database.db.delete(alerts).where(eq(alerts.id, alertId))
    const gone = await t.app.request(path(alertId))
    expect(gone.status).toBe(404)
    expect(await gone.text()).toContain('This alert no longer exists')
  })
})

describe('from the email to the unsubscribe', () => {
  it('an alert email in the outbox carries the headers and a link that stops the next notices', async () => {
    const owner = await insertUser(t.database.db)
    const alertId = await insertAlert(t.database.db, owner.id, { channels: { email: true } })
    const dispatch = () =>
      dispatchDueNotifications({
        db: t.database.db,
        channels: t.services.notifications.channels,
        logger: silentLogger,
        now: () => new Date(),
        unsubscribeUrl: links().url,
        clientLinks: t.services.notifications.clientLinks,
        publicUrl: t.services.publicUrl,
      })
    await insertNotification(t.database.db, { alertId, userId: owner.id, channel: 'email' })
    expect(await dispatch()).toMatchObject({ sent: 1 })

    const outbox = await t.client().request(`/api/dev/outbox?to=${encodeURIComponent(owner.email)}`, { headers: { [OUTBOX_KEY_HEADER]: t.services.outboxKey } })
    const [message] = ((await outbox.json()) as { messages: { subject: string; headers: Record<string, string>; links: string[] }[] }).messages
    expect(message!.subject).toBe('Price drop: JFK → LHR now $412')
    const unsubscribeUrl = links().url(alertId)
    expect(message!.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
    expect(message!.links).toContain(unsubscribeUrl)

    // The header's URL, as a mail client would POST it.
    const target = new URL(message!.headers['List-Unsubscribe']!.slice(1, -1))
    expect((await oneClick(`${target.pathname}${target.search}`)).status).toBe(200)

    const next = await insertNotification(t.database.db, { alertId, userId: owner.id, channel: 'email' })
    expect(await dispatch()).toMatchObject({ skipped: 1 })
    expect((await t.database.db.select().from(alertNotifications).where(eq(alertNotifications.id, next.id)))[0]!.lastError).toBe(
      'skipped: the alert is paused',
    )
    expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, owner.email))).toHaveLength(1)
  })
})
