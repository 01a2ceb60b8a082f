import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MAX_WEBHOOK_ENDPOINTS,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_MESSAGES,
  type WebhookDeliveryPage,
  type WebhookDeliveryView,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
} from '#shared/webhooks.ts'
import { createAlertVia, readJson, routeAlert, setPlan, signedInUser } from '#tests/support/alert-fixtures.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { createApp } from '../app.ts'
import { setAlertEnabled, DISABLED_BY_SUPPORT_NOTE } from '../admin/set-alert-enabled.ts'
import { applyPlanLimits } from '../alerts/apply-plan-limits.ts'
import { alerts, webhookDeliveries } from '../db/schema.ts'
import { runPriceChecks } from '../price-checks/run-price-checks.ts'
import { queueAlertTriggeredEvents } from './alert-events.ts'
import { dispatchDueWebhooks, type WebhookDispatchOptions } from './dispatch-webhooks.ts'
import { createWebhookAgents } from './post-webhook.ts'
import { pruneWebhookDeliveries } from './prune-deliveries.ts'
import { startConnectionTrap, startReceiver, type Receiver } from './webhook-receiver.test-helpers.ts'

/**
 * Outgoing webhooks end to end (decision 044): the app's routes, the price-check engine raising
 * events, the dispatcher POSTing them to a receiver on 127.0.0.1, Stripe's own verifier checking
 * our signature, retries on the fake clock, the SSRF guard at registration and at connect time.
 */

let t: TestApp
let receiver: Receiver
let advisor: { client: TestClient; userId: string }
let clock: Date
let pausedAlertId: string
const now = () => clock
const MINUTE = 60_000
const stripe = new Stripe('sk_test_webhooks')

beforeAll(async () => {
  clock = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + MINUTE)
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' })
  t.now.value = clock
  receiver = await startReceiver()
  advisor = await signedInUser(t, 'advisor')
  await setPlan(t, advisor.userId, 'unlimited')
})
afterAll(async () => {
  await receiver.close()
  await t.close()
})

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms)
  t.now.value = clock
}

/** One round of the dispatcher as the worker runs it (the guard off, like the app here, unless said). */
const dispatch = (options: WebhookDispatchOptions & { guard?: boolean } = {}) =>
  dispatchDueWebhooks({ db: t.database.db, logger: silentLogger, now, random: () => 0.5, allowPrivateAddresses: !options.guard, agents: createWebhookAgents(!options.guard) }, options)

async function addEndpoint(client: TestClient, body: Record<string, unknown>): Promise<WebhookEndpointWithSecret> {
  return readJson(await client.request('/api/me/webhooks', { method: 'POST', json: body }), 201)
}

const deliveriesOf = async (client: TestClient, endpointId: string, query = '') =>
  readJson<WebhookDeliveryPage>(await client.request(`/api/me/webhooks/${endpointId}/deliveries${query}`), 200)

/** Stripe's verifier, on the receiver's clock (the fake one): throws unless the header signs the body with `secret`. */
const verify = (request: Receiver['received'][number], secret: string) =>
  stripe.webhooks.constructEvent(request.body, String(request.headers['faredrop-signature']), secret, 300, undefined, clock.getTime()) as unknown as WebhookEvent

describe('events from alerts', () => {
  it('delivers alert.triggered after a price drop and alert.status_changed after a pause, signed so Stripe’s verifier accepts them', async () => {
    const both = await addEndpoint(advisor.client, { url: receiver.url('/both'), events: ['alert.triggered', 'alert.status_changed'], description: 'CRM' })
    await addEndpoint(advisor.client, { url: receiver.url('/drops'), events: ['alert.triggered'] })
    // A target far above the simulated market: the first check finds a price under it.
    const alert = await createAlertVia(advisor.client, routeAlert({ target_price: 100_000 }))
    const run = await runPriceChecks({ db: t.database.db, now, provider: t.services.flightProvider, logger: silentLogger, config: t.services.priceCheckConfig, random: () => 0.5 })
    expect(run).toMatchObject({ claimed: 1, notifications: 1 })

    expect(await dispatch()).toMatchObject({ claimed: 3, delivered: 3 })
    const triggered = receiver.received.filter((r) => JSON.parse(r.body).type === 'alert.triggered')
    expect(triggered.map((r) => r.path).sort()).toEqual(['/both', '/drops'])
    const event = verify(triggered.find((r) => r.path === '/both')!, both.secret) as WebhookEvent<'alert.triggered'>
    const stored = (await readJson<{ alert: { current_price: number; lowest_price: number } }>(await advisor.client.request(`/api/alerts/${alert.id}`), 200)).alert
    expect(event).toMatchObject({
      type: 'alert.triggered',
      created: Math.floor(clock.getTime() / 1000),
      data: { alert_id: alert.id, name: alert.name, route: 'JFK → LAX', target_price: 100_000, price: stored.current_price, lowest_price: stored.lowest_price, currency: 'USD', client_id: null },
    })
    expect(event.data.booking_url).toMatch(/^http:\/\/localhost:3999\/search\?.*&pick=/)
    // One event, one id, at every endpoint; the header names it too.
    expect(new Set(triggered.map((r) => JSON.parse(r.body).id))).toEqual(new Set([event.id]))
    // The body lists the envelope, then the documented fields, in order (the stored copy is jsonb).
    expect(triggered[0]!.body).toMatch(/^\{"id":"[^"]+","type":"alert\.triggered","created":\d+,"data":\{"alert_id":"[^"]+","name":/)
    expect(triggered[0]!.headers).toMatchObject({ 'faredrop-event-id': event.id, 'user-agent': 'FareDrop-Webhooks/1', 'content-type': 'application/json' })
    expect(() => verify(triggered[0]!, 'whsec_not-the-secret')).toThrow(/No signatures found matching the expected signature/)
    expect(verify(receiver.received.find((r) => JSON.parse(r.body).type === 'alert.status_changed')!, both.secret)).toMatchObject({
      data: { alert_id: alert.id, from: 'active', to: 'triggered' },
    })

    // The engine retrying the same price event raises nothing new.
    const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id)).limit(1)
    const fields = { id: alert.id, userId: advisor.userId, name: alert.name, clientId: null, targetPrice: 100_000, currency: 'USD', departureDate: null, returnDate: null }
    const again = { alert: fields, eventKey: row!.dedupeKey!.split(':').at(-1)!, price: 1, lowestPrice: 1, notice: { route: 'x', bookingUrl: null } }
    expect(await queueAlertTriggeredEvents(t.database.db, [again], clock)).toBe(0)

    receiver.received.length = 0
    await readJson(await advisor.client.request(`/api/alerts/${alert.id}`, { method: 'PATCH', json: { status: 'paused' } }), 200)
    expect(await dispatch()).toMatchObject({ claimed: 1, delivered: 1 })
    expect(receiver.received.map((r) => r.path)).toEqual(['/both'])
    expect(verify(receiver.received[0]!, both.secret).data).toEqual({ alert_id: alert.id, name: alert.name, from: 'triggered', to: 'paused', status_note: null, client_id: null })
    pausedAlertId = alert.id
  })

  it('also tells of plan changes and of support disabling an alert, with the note the alert shows', async () => {
    receiver.received.length = 0
    // As a downgrade leaves it: paused by the plan, so the plan's room (Unlimited) resumes it.
    await t.database.db.update(alerts).set({ pausedByPlan: true }).where(eq(alerts.id, pausedAlertId))
    await applyPlanLimits({ db: t.database.db, now }, advisor.userId)
    await setAlertEnabled({ db: t.database.db, now }, { actorId: advisor.userId, actorEmail: 'support@example.com', requestId: null }, pausedAlertId, false)
    expect(await dispatch()).toMatchObject({ delivered: 2 })
    // Sent side by side: receivers get no order (as from Stripe), only each event's `created`.
    const told = receiver.received.map((r) => JSON.parse(r.body).data as { to: string }).sort((a, b) => a.to.localeCompare(b.to))
    expect(told).toEqual([
      expect.objectContaining({ from: 'paused', to: 'active', status_note: 'Resumed: the Unlimited plan has room for it again.' }),
      expect.objectContaining({ from: 'active', to: 'disabled', status_note: DISABLED_BY_SUPPORT_NOTE }),
    ])
  })
})

describe('delivery', () => {
  let endpoint: WebhookEndpointWithSecret
  beforeAll(async () => {
    endpoint = await addEndpoint(advisor.client, { url: receiver.url('/flaky'), events: ['alert.status_changed'] })
  })
  const sendTest = async () => (await readJson<{ delivery: WebhookDeliveryView }>(await advisor.client.request(`/api/me/webhooks/${endpoint.endpoint.id}/test`, { method: 'POST' }), 202)).delivery

  it('retries a 500 after the backoff and delivers the next time (the log shows the 500 and its next retry, then the 204); a re-send is a new delivery of the same event', async () => {
    receiver.received.length = 0
    receiver.answers.push({ status: 500, body: 'down for maintenance' }, { status: 204 })
    const queued = await sendTest()
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, eventType: 'alert.status_changed', payload: { type: 'alert.status_changed' } })

    expect(await dispatch()).toMatchObject({ retrying: 1 })
    let [logged] = (await deliveriesOf(advisor.client, endpoint.endpoint.id)).deliveries
    // 10 minutes: the first step, with the jitter's dice at the middle.
    expect(logged).toMatchObject({ id: queued.id, status: 'pending', attempts: 1, responseStatus: 500, responseBody: 'down for maintenance', lastError: 'The endpoint answered 500.', nextAttemptAt: new Date(clock.getTime() + 10 * MINUTE).toISOString() })
    expect(logged!.durationMs).toBeGreaterThanOrEqual(0)
    expect(verify(receiver.received[0]!, endpoint.secret).id).toBe(queued.eventId)
    expect(await dispatch()).toMatchObject({ claimed: 0 })

    advance(10 * MINUTE)
    expect(await dispatch()).toMatchObject({ delivered: 1 })
    ;[logged] = (await deliveriesOf(advisor.client, endpoint.endpoint.id)).deliveries
    expect(logged).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 204, responseBody: '', lastError: null, nextAttemptAt: null, deliveredAt: clock.toISOString() })
    // Each attempt is signed anew at its own time, so a receiver's 5-minute tolerance takes a retry too.
    expect(verify(receiver.received[1]!, endpoint.secret).id).toBe(queued.eventId)
    expect(() => verify(receiver.received[0]!, endpoint.secret)).toThrow(/Timestamp outside the tolerance zone/)

    const resent = (await readJson<{ delivery: WebhookDeliveryView }>(await advisor.client.request(`/api/me/webhooks/deliveries/${queued.id}/resend`, { method: 'POST' }), 202)).delivery
    expect(resent).toMatchObject({ eventId: queued.eventId, status: 'pending', attempts: 0, payload: queued.payload })
    expect(resent.id).not.toBe(queued.id)
    expect(await dispatch()).toMatchObject({ delivered: 1 })
    expect(JSON.parse(receiver.received.at(-1)!.body)).toEqual(queued.payload)
    expect((await deliveriesOf(advisor.client, endpoint.endpoint.id)).deliveries.map((d) => d.id).slice(0, 2)).toEqual([resent.id, queued.id])
  })

  it('retries a refused connection and a timeout, keeps 2 KB of an answer, and fails for good when the attempts run out', async () => {
    const closed = await startConnectionTrap()
    await closed.close()
    const gone = await addEndpoint(advisor.client, { url: `http://127.0.0.1:${closed.port}/gone`, events: ['alert.status_changed'] })
    await advisor.client.request(`/api/me/webhooks/${gone.endpoint.id}/test`, { method: 'POST' })
    const twoAttempts = { retry: { baseMs: MINUTE, capMs: MINUTE, jitter: [1, 1] as const, maxAttempts: 2 } }
    expect(await dispatch(twoAttempts)).toMatchObject({ retrying: 1 })
    advance(MINUTE)
    expect(await dispatch(twoAttempts)).toMatchObject({ failed: 1 })
    expect((await deliveriesOf(advisor.client, gone.endpoint.id)).deliveries[0]).toMatchObject({ status: 'failed', attempts: 2, lastError: 'Connection refused.', responseStatus: null, nextAttemptAt: null })

    receiver.answers.push({ status: 200, hang: true })
    await sendTest()
    expect(await dispatch({ timeoutMs: 50 })).toMatchObject({ retrying: 1 })
    expect((await deliveriesOf(advisor.client, endpoint.endpoint.id)).deliveries[0]).toMatchObject({ lastError: 'No answer within 0.05 s.', responseStatus: null })

    // Cut at 2,048 bytes, in the middle of an "é": the half character is dropped, the NUL too.
    receiver.answers.push({ status: 400, body: `ba\u0000${'é'.repeat(5_000)}` })
    advance(10 * MINUTE)
    await dispatch()
    const [answered] = (await deliveriesOf(advisor.client, endpoint.endpoint.id)).deliveries
    expect(answered).toMatchObject({ status: 'pending', attempts: 2, responseStatus: 400 })
    expect(Buffer.byteLength(answered!.responseBody!)).toBeLessThanOrEqual(2_048)
    expect(answered!.responseBody).toBe(`ba${'é'.repeat(1_022)}`)
  })
})

describe('the SSRF guard (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES unset)', () => {
  it('refuses private, loopback and link-local endpoints at registration, and a host that resolves to loopback at connect time, without retrying', async () => {
    // The same services behind an app with the guard on, as production runs.
    const guarded = createApp({ ...t.services, db: t.database.db, logger: silentLogger, version: 'test', bodyLimitBytes: 65_536, flightRequestsPerMinute: 1_000_000, httpsOnly: false, trustProxy: 0, now, webhookConfig: { ...t.services.webhookConfig, allowPrivateAddresses: false } })
    const cookie = [...advisor.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const register = (url: string) =>
      guarded.request('/api/me/webhooks', { method: 'POST', headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' }, body: JSON.stringify({ url, events: ['alert.triggered'] }) })
    for (const url of ['https://127.0.0.1/', 'https://10.0.0.1/', 'https://[::1]/', 'https://169.254.169.254/latest/meta-data', 'https://localhost/', 'https://[::ffff:127.0.0.1]/', 'http://127.0.0.1:8080/']) {
      const res = await register(url)
      expect(res.status, url).toBe(400)
      expect(((await res.json()) as { error: { fieldErrors: unknown } }).error.fieldErrors, url).toEqual({ url: [WEBHOOK_MESSAGES.privateAddress] })
    }
    // A public address literal passes (no DNS needed), and is not called by this test.
    expect((await register('https://93.184.215.14/hook')).status).toBe(201)

    // Registered when it resolved elsewhere (DNS rebinding): the agent checks the address it connects to.
    const trap = await startConnectionTrap()
    const rebound = await addEndpoint(advisor.client, { url: `https://localhost:${trap.port}/hook`, events: ['alert.triggered'] })
    await advisor.client.request(`/api/me/webhooks/${rebound.endpoint.id}/test`, { method: 'POST' })
    expect(await dispatch({ guard: true })).toMatchObject({ claimed: 1, failed: 1 })
    const [refused] = (await deliveriesOf(advisor.client, rebound.endpoint.id)).deliveries
    expect(refused).toMatchObject({ status: 'failed', attempts: 1, lastError: WEBHOOK_MESSAGES.refused, nextAttemptAt: null })
    expect(trap.connections()).toBe(0)
    await trap.close()
  })
})

describe('/api/me/webhooks', () => {
  it('answers each bad field with its message, and refuses hostile bodies and ids', async () => {
    const post = (json: unknown) => advisor.client.request('/api/me/webhooks', { method: 'POST', json })
    const fieldErrors = async (json: unknown) => ((await readJson<{ error: { fieldErrors: Record<string, string[]> } }>(await post(json), 400)).error.fieldErrors)
    const events = ['alert.triggered']
    expect(await fieldErrors({ url: 'not a url', events })).toEqual({ url: [WEBHOOK_MESSAGES.url] })
    expect(await fieldErrors({ url: 'http://hooks.example.com/x', events })).toEqual({ url: [WEBHOOK_MESSAGES.url] })
    expect(await fieldErrors({ url: 'ftp://hooks.example.com/x', events })).toEqual({ url: [WEBHOOK_MESSAGES.url] })
    expect(await fieldErrors({ url: 'https://user:pass@hooks.example.com/', events })).toEqual({ url: [WEBHOOK_MESSAGES.urlCredentials] })
    expect(await fieldErrors({ url: `https://hooks.example.com/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH)}`, events })).toEqual({ url: [WEBHOOK_MESSAGES.urlTooLong] })
    expect(await fieldErrors({ url: 'https://hooks.example.com/', events: [] })).toEqual({ events: [WEBHOOK_MESSAGES.events] })
    expect(await fieldErrors({ url: 'https://hooks.example.com/', events: ['alert.deleted'] })).toEqual({ 'events.0': [WEBHOOK_MESSAGES.events] })
    expect(await fieldErrors({ url: 'https://hooks.example.com/', events, description: 'x'.repeat(201) })).toEqual({ description: [WEBHOOK_MESSAGES.description] })
    expect((await post({ url: 'https://hooks.example.com/', events, secret: 'mine' })).status).toBe(400)
    expect((await post({ url: 'https://hooks.example.\u0000com/', events })).status).toBe(400)
    expect((await post(JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`))).status).toBe(400)
    expect((await post({ url: 'https://hooks.example.com/', events, description: 'x'.repeat(70_000) })).status).toBe(413)

    const [first] = (await readJson<{ endpoints: { id: string }[] }>(await advisor.client.request('/api/me/webhooks'), 200)).endpoints
    const patch = (id: string, json: unknown) => advisor.client.request(`/api/me/webhooks/${id}`, { method: 'PATCH', json })
    expect((await readJson<{ error: { message: string } }>(await patch(first!.id, {}), 400)).error.message).toBe(WEBHOOK_MESSAGES.emptyUpdate)
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', '..%2F..%2Fapi%2Fme']) expect((await patch(id, { enabled: false })).status, id).toBe(404)
    expect((await advisor.client.request(`/api/me/webhooks/${first!.id}/deliveries?before=nope`)).status).toBe(400)
  })

  it('keeps the secret for its owner (reveal, rotate), sends nothing to a disabled endpoint, and pages the log', async () => {
    const created = await addEndpoint(advisor.client, { url: receiver.url('/rotate'), events: ['alert.triggered'] })
    const id = created.endpoint.id
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    expect(await readJson(await advisor.client.request(`/api/me/webhooks/${id}/secret`), 200)).toEqual({ secret: created.secret })
    const rotated = await readJson<WebhookEndpointWithSecret>(await advisor.client.request(`/api/me/webhooks/${id}/secret`, { method: 'POST' }), 200)
    expect(rotated.secret).not.toBe(created.secret)
    expect(await readJson(await advisor.client.request(`/api/me/webhooks/${id}/secret`), 200)).toEqual({ secret: rotated.secret })

    expect((await readJson<{ endpoint: { enabled: boolean } }>(await advisor.client.request(`/api/me/webhooks/${id}`, { method: 'PATCH', json: { enabled: false } }), 200)).endpoint.enabled).toBe(false)
    const refused = await readJson<{ error: { message: string } }>(await advisor.client.request(`/api/me/webhooks/${id}/test`, { method: 'POST' }), 409)
    expect(refused.error.message).toBe(WEBHOOK_MESSAGES.disabled)

    const event = { id: crypto.randomUUID(), type: 'alert.triggered', created: 0, data: {} }
    await t.database.db.insert(webhookDeliveries).values(
      Array.from({ length: 22 }, (_, i) => ({ endpointId: id, userId: advisor.userId, eventId: event.id, eventType: 'alert.triggered' as const, payload: event, status: 'delivered' as const, createdAt: new Date(clock.getTime() - i * MINUTE) })),
    )
    const first = await deliveriesOf(advisor.client, id)
    expect(first.deliveries).toHaveLength(20)
    expect(first.hasMore).toBe(true)
    const rest = await deliveriesOf(advisor.client, id, `?before=${first.deliveries.at(-1)!.id}`)
    expect(rest).toMatchObject({ hasMore: false })
    expect(rest.deliveries).toHaveLength(2)
    // A month on, the worker's hourly pruning empties the log of finished deliveries (pending ones stay).
    expect(await pruneWebhookDeliveries(t.database.db, new Date(clock.getTime() + 31 * 86_400_000))).toBeGreaterThanOrEqual(22)
    expect((await deliveriesOf(advisor.client, id)).deliveries).toEqual([])
  })

  it('is for Unlimited (403 otherwise), caps an account at 10 endpoints, and answers 404 for another user’s endpoint or delivery', async () => {
    const other = await signedInUser(t, 'elite')
    await setPlan(t, other.userId, 'elite')
    const refused = await other.client.request('/api/me/webhooks', { method: 'POST', json: { url: 'https://hooks.example.com/', events: ['alert.triggered'] } })
    expect((await readJson<{ error: { message: string } }>(refused, 403)).error.message).toBe(WEBHOOK_MESSAGES.planOnly)
    expect(await readJson(await other.client.request('/api/me/webhooks'), 200)).toEqual({ endpoints: [] })

    const { endpoints } = await readJson<{ endpoints: { id: string; url: string }[] }>(await advisor.client.request('/api/me/webhooks'), 200)
    const id = endpoints.find((endpoint) => endpoint.url.endsWith('/both'))!.id
    const { delivery } = await readJson<{ delivery: WebhookDeliveryView }>(await advisor.client.request(`/api/me/webhooks/${id}/test`, { method: 'POST' }), 202)
    const crossings = [
      ['PATCH', `/api/me/webhooks/${id}`, { enabled: false }],
      ['DELETE', `/api/me/webhooks/${id}`],
      ['GET', `/api/me/webhooks/${id}/secret`],
      ['POST', `/api/me/webhooks/${id}/secret`],
      ['POST', `/api/me/webhooks/${id}/test`],
      ['GET', `/api/me/webhooks/${id}/deliveries`],
      ['POST', `/api/me/webhooks/deliveries/${delivery!.id}/resend`],
    ] as const
    for (const [method, path, json] of crossings) expect((await other.client.request(path, { method, ...(json ? { json } : {}) })).status, `${method} ${path}`).toBe(404)
    await setPlan(t, other.userId, 'unlimited')
    for (const [method, path, json] of crossings) expect((await other.client.request(path, { method, ...(json ? { json } : {}) })).status, `${method} ${path}`).toBe(404)

    for (let i = endpoints.length; i < MAX_WEBHOOK_ENDPOINTS; i++) await addEndpoint(advisor.client, { url: receiver.url(`/n${i}`), events: ['alert.triggered'] })
    const full = await advisor.client.request('/api/me/webhooks', { method: 'POST', json: { url: receiver.url('/one-more'), events: ['alert.triggered'] } })
    expect((await readJson<{ error: { message: string } }>(full, 409)).error.message).toBe(WEBHOOK_MESSAGES.tooMany)

    // Leaving Unlimited: the log stays readable and endpoints removable; nothing more is sent.
    await setPlan(t, advisor.userId, 'elite')
    expect((await advisor.client.request(`/api/me/webhooks/${id}/test`, { method: 'POST' })).status).toBe(403)
    expect((await advisor.client.request(`/api/me/webhooks/${id}/deliveries`)).status).toBe(200)
    expect(await readJson(await advisor.client.request(`/api/me/webhooks/${id}`, { method: 'DELETE' }), 200)).toEqual({ success: true })
    await setPlan(t, advisor.userId, 'unlimited')
  })
})
