/**
 * Decision 043: an Unlimited advisor's client workspaces. Clients are named contacts; nothing
 * reaches a client before they confirm (double opt-in), every notice carries a one-click
 * unsubscribe, a notice never goes to anybody but the alert's own client, and every call is scoped
 * to its advisor. Tried the way an attacker would: another advisor's ids, forged and stale links,
 * a stream of confirmation requests at one stranger.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Alert } from '#shared/alerts/alert.ts'
import { CLIENT_LIMITS, CLIENT_MESSAGES, type ClientNoticeView, type ClientView } from '#shared/clients.ts'
import { readJson, routeAlert, setPlan, signedInUser } from '#tests/support/alert-fixtures.ts'
import { insertNotification } from '#tests/support/notification-fixtures.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { alertNotifications, alerts, outboxMessages } from '../db/schema.ts'
import { splitStoredHtml } from '../email/outbox-mailer.ts'
import { dispatchDueNotifications } from '../notifications/dispatch-notifications.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

let counter = 0
const clientEmail = () => `client${++counter}-${Date.now()}@example.org`

async function advisor(label = 'advisor') {
  const user = await signedInUser(t, label)
  await setPlan(t, user.userId, 'unlimited')
  return user
}

async function addClient(client: TestClient, body: Record<string, unknown> = {}): Promise<ClientView> {
  const res = await client.request('/api/clients', { method: 'POST', json: { name: 'Maria Silva', email: clientEmail(), channels: ['email'], ...body } })
  return (await readJson<{ client: ClientView }>(res, 201)).client
}

/** The newest outbox row to `to` on `channel`, with its headers. */
async function lastMessage(to: string, channel: 'email' | 'sms' = 'email') {
  const rows = await t.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.to, to), eq(outboxMessages.channel, channel)))
  const row = rows.at(-1)
  if (!row) return undefined
  return { ...row, ...(row.html ? splitStoredHtml(row.html) : { html: '', headers: {} }) }
}

const pathOf = (url: string) => {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

/** The confirm link of the newest request to `to` (email or text), as the client would open it. */
async function confirmLink(to: string, channel: 'email' | 'sms' = 'email'): Promise<string> {
  const message = await lastMessage(to, channel)
  const link = message?.links.find((url) => url.includes('/confirm?'))
  if (!link) throw new Error(`no confirm link to ${to}`)
  return pathOf(link)
}

/** What a browser does on the confirm page: a form POST from our own page. */
const submit = (path: string) => t.client().request(path, { method: 'POST', headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' } })

const dispatch = () =>
  dispatchDueNotifications({
    db: t.database.db,
    channels: t.services.notifications.channels,
    logger: silentLogger,
    now: () => new Date(),
    unsubscribeUrl: t.services.notifications.unsubscribeLinks.url,
    clientLinks: t.services.notifications.clientLinks,
    publicUrl: t.services.publicUrl,
  })

describe('clients', () => {
  it('are for Unlimited, with the exact messages for every bad input', async () => {
    const free = await signedInUser(t, 'client-free')
    expect(await readJson(await free.client.request('/api/clients', { method: 'POST', json: { name: 'X', email: clientEmail(), channels: ['email'] } }), 403)).toMatchObject({
      error: { message: CLIENT_MESSAGES.planOnly },
    })
    const { client } = await advisor()
    const bad = async (body: unknown) => (await readJson<{ error: { fieldErrors: Record<string, string[]> } }>(await client.request('/api/clients', { method: 'POST', json: body }), 400)).error.fieldErrors
    expect(await bad({ name: ' ', email: clientEmail(), channels: ['email'] })).toEqual({ name: [CLIENT_MESSAGES.name] })
    expect(await bad({ name: 'x'.repeat(CLIENT_LIMITS.nameMax + 1), email: clientEmail(), channels: ['email'] })).toEqual({ name: [CLIENT_MESSAGES.name] })
    expect(await bad({ name: 'Ana', email: 'not-an-address', channels: ['email'] })).toEqual({ email: [CLIENT_MESSAGES.email] })
    expect(await bad({ name: 'Ana', channels: ['email'] })).toEqual({ email: [CLIENT_MESSAGES.contact] })
    expect(await bad({ name: 'Ana', email: clientEmail(), channels: [] })).toEqual({ channels: [CLIENT_MESSAGES.channels] })
    expect(await bad({ name: 'Ana', email: clientEmail(), channels: ['sms'] })).toEqual({ phone: [CLIENT_MESSAGES.phoneChannel] })
    expect(await bad({ name: 'Ana', phone: '+14155550100', channels: ['email'] })).toEqual({ email: [CLIENT_MESSAGES.emailChannel] })
    expect((await client.request('/api/clients', { method: 'POST', json: { name: 'Ana', email: clientEmail(), channels: ['email'], userId: 'someone-else' } })).status).toBe(400)
    const email = clientEmail()
    await addClient(client, { email })
    expect(await readJson(await client.request('/api/clients', { method: 'POST', json: { name: 'Twin', email: email.toUpperCase(), channels: ['email'] } }), 409)).toMatchObject({
      error: { message: CLIENT_MESSAGES.duplicateEmail },
    })
  })

  it('asks each contact to confirm: once a minute, three times a day per address (however the client is made), five times in all', async () => {
    const { client } = await advisor()
    const email = clientEmail()
    const phone = `+1415555${String(1000 + counter).slice(-4)}`
    const created = await addClient(client, { email, phone, channels: ['email', 'sms'] })
    expect(created).toMatchObject({ name: 'Maria Silva', email, phone, emailStatus: 'pending', phoneStatus: 'pending', alertCount: 0 })
    const request = await lastMessage(email)
    expect(request!.subject).toBe('Ana Lima would like to send you fare alerts')
    expect(request!.text).toContain("you won't get fare alerts unless you confirm")
    expect((await lastMessage(phone, 'sms'))!.text).toMatch(/^Ana Lima would like to send you fare alerts by text via FareDrop\. Confirm: http/)

    const resend = () => client.request(`/api/clients/${created.id}/send-confirmation`, { method: 'POST' })
    const at = (ms: number) => (t.now.value = new Date(Date.now() + ms))
    const early = await resend()
    expect(early.status).toBe(429)
    expect(early.headers.get('retry-after')).toMatch(/^\d+$/)
    try {
      at(61_000)
      expect((await resend()).status).toBe(200)
      at(122_000)
      expect((await resend()).status).toBe(200)
      at(183_000)
      expect(await readJson(await resend(), 429)).toMatchObject({ error: { message: CLIENT_MESSAGES.addressLimit } })
      // Deleting the client and adding the address again doesn't start a new count.
      expect((await client.request(`/api/clients/${created.id}`, { method: 'DELETE' })).status).toBe(200)
      expect(await readJson(await client.request('/api/clients', { method: 'POST', json: { name: 'Again', email, channels: ['email'] } }), 429)).toMatchObject({
        error: { message: CLIENT_MESSAGES.addressLimit },
      })
      const again = await addClient(client, { email: clientEmail() })
      const ask = () => client.request(`/api/clients/${again.id}/send-confirmation`, { method: 'POST' })
      for (let day = 1; day <= 2; day++) {
        at(day * 86_400_000)
        expect((await ask()).status).toBe(200)
        at(day * 86_400_000 + 61_000)
        expect((await ask()).status).toBe(200)
      }
      at(3 * 86_400_000)
      expect(await readJson(await ask(), 429)).toMatchObject({ error: { message: CLIENT_MESSAGES.confirmationLimit } })
    } finally {
      t.now.value = null
    }
    expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, email))).toHaveLength(CLIENT_LIMITS.confirmationsPerAddressPerDay)
  })

  it('double opt-in: the link shows a page (a GET changes nothing); its button confirms; forged or stale links do nothing', async () => {
    const { client } = await advisor()
    const email = clientEmail()
    const created = await addClient(client, { email })
    const link = await confirmLink(email)

    const page = await t.app.request(link, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    const html = await page.text()
    expect(html).toContain('<h1>Get fare alerts from Ana Lima?</h1>')
    expect(html).toContain('Yes, send me fare alerts')
    expect(html).not.toContain('Go to your alerts')
    expect((await readJson<{ client: ClientView }>(await client.request(`/api/clients/${created.id}`), 200)).client.emailStatus).toBe('pending')

    const forged = link.replace(/token=[^&]+/, 'token=forged')
    expect((await submit(forged)).status).toBe(400)
    const other = await addClient(client)
    expect((await submit(link.replace(created.id, other.id))).status).toBe(400)

    const done = await submit(link)
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('<h1>You&#39;re subscribed</h1>')
    expect((await readJson<{ client: ClientView }>(await client.request(`/api/clients/${created.id}`), 200)).client.emailStatus).toBe('confirmed')

    // A new address starts over, and the old address's link no longer confirms anything.
    const changed = await readJson<{ client: ClientView }>(await client.request(`/api/clients/${created.id}`, { method: 'PATCH', json: { email: clientEmail() } }), 200)
    expect(changed.client.emailStatus).toBe('pending')
    expect((await submit(link)).status).toBe(400)
  })

  it("an alert for a client: another advisor's client is refused, the list filters by client, deleting the client deletes its alerts", async () => {
    const { client } = await advisor()
    const maria = await addClient(client)
    const stranger = await addClient((await advisor('client-stranger')).client)
    const refused = await client.request('/api/alerts', { method: 'POST', json: routeAlert({ client_id: stranger.id }) })
    expect(await readJson(refused, 400)).toMatchObject({ error: { fieldErrors: { client_id: [CLIENT_MESSAGES.clientForAlert] } } })

    const forMaria = (await readJson<{ alert: Alert }>(await client.request('/api/alerts', { method: 'POST', json: routeAlert({ name: 'Maria to Lisbon', client_id: maria.id }) }), 201)).alert
    expect(forMaria.client_id).toBe(maria.id)
    const own = (await readJson<{ alert: Alert }>(await client.request('/api/alerts', { method: 'POST', json: routeAlert({ name: 'My own trip' }) }), 201)).alert
    const names = async (query: string) => (await readJson<{ alerts: Alert[] }>(await client.request(`/api/alerts?${query}`), 200)).alerts.map((alert) => alert.name)
    expect(await names(`client=${maria.id}`)).toEqual(['Maria to Lisbon'])
    expect(await names('client=none')).toEqual(['My own trip'])
    expect((await names('')).sort()).toEqual(['Maria to Lisbon', 'My own trip'])
    expect((await client.request('/api/alerts?client=not-a-uuid')).status).toBe(400)
    expect((await readJson<{ client: ClientView }>(await client.request(`/api/clients/${maria.id}`), 200)).client.alertCount).toBe(1)

    // Moving an alert to another advisor's client is refused the same way; to none is fine.
    expect((await client.request(`/api/alerts/${own.id}`, { method: 'PATCH', json: { client_id: stranger.id } })).status).toBe(400)
    expect((await client.request(`/api/alerts/${forMaria.id}`, { method: 'PATCH', json: { client_id: null } })).status).toBe(200)
    expect((await client.request(`/api/alerts/${forMaria.id}`, { method: 'PATCH', json: { client_id: maria.id } })).status).toBe(200)

    expect((await client.request(`/api/clients/${maria.id}`, { method: 'DELETE' })).status).toBe(200)
    expect(await t.database.db.select().from(alerts).where(eq(alerts.id, forMaria.id))).toEqual([])
    expect(await t.database.db.select({ id: alerts.id }).from(alerts).where(eq(alerts.id, own.id))).toHaveLength(1)
  })

  it("another advisor gets 404 for every client route, and sees none of the advisor's clients or notices", async () => {
    const { client } = await advisor()
    const maria = await addClient(client)
    const other = (await advisor('client-other')).client
    for (const [method, path, json] of [
      ['GET', `/api/clients/${maria.id}`],
      ['PATCH', `/api/clients/${maria.id}`, { name: 'Taken' }],
      ['POST', `/api/clients/${maria.id}/send-confirmation`],
      ['DELETE', `/api/clients/${maria.id}`],
    ] as const) {
      expect((await other.request(path, { method, ...(json ? { json } : {}) })).status, `${method} ${path}`).toBe(404)
    }
    expect((await readJson<{ clients: ClientView[] }>(await other.request('/api/clients'), 200)).clients).toEqual([])
    expect((await readJson<{ notices: ClientNoticeView[] }>(await other.request(`/api/clients/notices?client=${maria.id}`), 200)).notices).toEqual([])
    expect((await readJson<{ client: ClientView }>(await client.request(`/api/clients/${maria.id}`), 200)).client.name).toBe('Maria Silva')
  })
})

describe('clients through the public API v1', () => {
  it('the same routes with a token: read lists, write creates, another advisor’s token gets 404', async () => {
    const { client } = await advisor()
    const token = async (owner: TestClient, scopes: string[]) =>
      (await readJson<{ token: string }>(await owner.request('/api/me/api-tokens', { method: 'POST', json: { name: 'CRM', scopes } }), 201)).token
    const v1 = (path: string, bearer: string, init: { method?: string; json?: unknown } = {}) =>
      t.app.request(`/api/v1${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${bearer}`, ...(init.json ? { 'content-type': 'application/json' } : {}) },
        ...(init.json ? { body: JSON.stringify(init.json) } : {}),
      })
    const read = await token(client, ['read'])
    const write = await token(client, ['write'])
    expect((await v1('/clients', read, { method: 'POST', json: { name: 'Via API', email: clientEmail(), channels: ['email'] } })).status).toBe(403)
    const created = (await readJson<{ client: ClientView }>(await v1('/clients', write, { method: 'POST', json: { name: 'Via API', email: clientEmail(), channels: ['email'] } }), 201)).client
    expect((await readJson<{ clients: ClientView[] }>(await v1('/clients', read), 200)).clients.map((c) => c.name)).toEqual(['Via API'])
    const stranger = await token((await advisor('client-v1-other')).client, ['write'])
    expect((await v1(`/clients/${created.id}`, stranger)).status).toBe(404)
    expect((await v1(`/clients/${created.id}`, stranger, { method: 'DELETE' })).status).toBe(404)
    expect((await v1(`/clients/${created.id}`, read)).status).toBe(200)
  })
})

describe("a client's notices", () => {
  it('wait for the confirmation, go to the client in the advisor’s name, and stop at the one-click unsubscribe', async () => {
    const { client, email: advisorEmail } = await advisor()
    const email = clientEmail()
    const maria = await addClient(client, { email })
    const alert = (await readJson<{ alert: Alert }>(
      await client.request('/api/alerts', { method: 'POST', json: routeAlert({ name: 'Maria to Lisbon', client_id: maria.id, notification_channels: { email: true, sms: false, whatsapp: false, push: true } }) }),
      201,
    )).alert
    const [advisorRow] = await t.database.db.select({ userId: alerts.userId }).from(alerts).where(eq(alerts.id, alert.id))
    const notice = (channel: 'email' | 'push') => insertNotification(t.database.db, { alertId: alert.id, userId: advisorRow!.userId, channel })
    const lastError = async (id: string) => (await t.database.db.select().from(alertNotifications).where(eq(alertNotifications.id, id)))[0]!.lastError

    const early = await notice('email')
    const push = await notice('push')
    expect(await dispatch()).toMatchObject({ skipped: 2 })
    expect(await lastError(early.id)).toBe('skipped: the client has not confirmed their email address yet')
    expect(await lastError(push.id)).toBe("skipped: push notices don't go to clients")

    await submit(await confirmLink(email))
    await notice('email')
    expect(await dispatch()).toMatchObject({ sent: 1 })
    const sent = (await lastMessage(email))!
    expect(sent.subject).toBe('Price drop: JFK → LHR now $412')
    expect(sent.text).toContain('Ana Lima is watching fares for you')
    expect(sent.text).toContain('Sent by FareDrop for Ana Lima.')
    expect(sent.html).not.toContain(advisorEmail)
    const unsubscribe = sent.headers['List-Unsubscribe']!.slice(1, -1)
    expect(unsubscribe).toContain(`/api/clients/${maria.id}/unsubscribe?contact=email&token=`)
    expect(await t.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.to, advisorEmail), eq(outboxMessages.subject, sent.subject!)))).toEqual([])

    // The advisor's list of every client's notices shows it, filtered by client.
    const listed = await readJson<{ notices: ClientNoticeView[] }>(await client.request(`/api/clients/notices?client=${maria.id}`), 200)
    expect(listed.notices.map((n) => [n.alertName, n.clientName, n.status])).toContainEqual(['Maria to Lisbon', 'Maria Silva', 'sent'])
    expect((await readJson<{ notices: ClientNoticeView[] }>(await client.request('/api/clients/notices?client=none'), 200)).notices).toEqual([])

    // RFC 8058: the mail client POSTs the header's URL with no cookie and an Origin of its own.
    const oneClick = await t.app.request(pathOf(unsubscribe), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.google.com' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(200)
    const after = await notice('email')
    expect(await dispatch()).toMatchObject({ skipped: 1 })
    expect(await lastError(after.id)).toBe('skipped: the client unsubscribed their email address')
    expect((await readJson<{ client: ClientView }>(await client.request(`/api/clients/${maria.id}`), 200)).client.emailStatus).toBe('unsubscribed')
    expect((await client.request(`/api/clients/${maria.id}/send-confirmation`, { method: 'POST' })).status).toBe(409)
  })
})
