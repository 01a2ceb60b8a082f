import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALERT_PARAM_MESSAGES } from '#shared/alerts/alert-search-params.ts'
import { ALERT_MESSAGES, type Alert, type AlertDetail } from '#shared/alerts/alert.ts'
import { createAlertVia, inDays, readJson, routeAlert, setPlan, signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { alertNotifications, alertPrices, alerts } from '../db/schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const list = async (client: TestClient, query = '') => (await readJson<{ alerts: Alert[] }>(await client.request(`/api/alerts${query}`), 200)).alerts

describe('alerts: create, read, update, delete', () => {
  it('round-trips an alert and its price history', async () => {
    const { client } = await signedInUser(t)
    const res = await client.request('/api/alerts', { method: 'POST', json: routeAlert({ target_price: '199.999' as never }) })
    const body = await readJson<{ success: boolean; alert: Alert }>(res, 201)
    expect(body.success).toBe(true)
    expect(body.alert).toMatchObject({
      status: 'active',
      alert_category: 'other',
      alertType: 'route',
      target_price: 200,
      currency: 'USD',
      origin_airport: 'JFK',
      destination_airport: 'LAX',
      departure_date: inDays(40),
      return_date: null,
      trackedFlights: [],
      notification_channels: { email: true, sms: false, whatsapp: false, push: false },
      check_frequency: '15d',
      prices: [],
      lowest_price: null,
      premium_reasons: [],
      status_note: null,
    })
    expect(body.alert.search_parameters).toMatchObject({ type: 2, departure_id: 'JFK', adults: 1, currency: 'USD' })
    expect(body.alert.next_check_at).not.toBeNull()
    const id = body.alert.id

    const points = Array.from({ length: 35 }, (_, i) => ({
      alertId: id,
      price: 300 - i,
      currency: 'USD',
      recordedAt: new Date(Date.UTC(2026, 0, 1, i)),
      itinerary: { flights: [] },
    }))
    await t.database.db.insert(alertPrices).values(points)

    const detail = (await readJson<{ alert: AlertDetail }>(await client.request(`/api/alerts/${id}`), 200)).alert
    expect(detail.prices).toHaveLength(35)
    expect(detail.prices[0]).toEqual({ price: 300, currency: 'USD', recorded_at: '2026-01-01T00:00:00.000Z' })
    expect(detail.notifications).toEqual([])

    // The list carries the latest 30 points, oldest first, for the sparkline.
    const [listed] = await list(client)
    expect(listed!.prices).toHaveLength(30)
    expect(listed!.prices[0]!.price).toBe(295)
    expect(listed!.prices.at(-1)!.price).toBe(266)

    const patched = await client.request(`/api/alerts/${id}`, { method: 'PATCH', json: { name: 'Cheap LA', target_price: 180 } })
    const updated = (await readJson<{ alert: Alert }>(patched, 200)).alert
    expect(updated).toMatchObject({ name: 'Cheap LA', target_price: 180, status: 'active' })
    expect(updated.prices).toHaveLength(30)

    expect(await readJson(await client.request(`/api/alerts/${id}`, { method: 'DELETE' }), 200)).toEqual({ success: true })
    expect((await client.request(`/api/alerts/${id}`)).status).toBe(404)
    expect(await t.database.db.select().from(alertPrices).where(eq(alertPrices.alertId, id))).toEqual([])
  })

  it('keeps round trips and multi-city routes readable on the card', async () => {
    const { client } = await signedInUser(t)
    const roundTrip = await createAlertVia(
      client,
      routeAlert({ params: { type: 1, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: inDays(20), return_date: inDays(27) } }),
    )
    expect(roundTrip).toMatchObject({ origin_airport: 'JFK', destination_airport: 'LAX', departure_date: inDays(20), return_date: inDays(27) })
    const legs = [
      { departure_id: 'JFK', arrival_id: 'LAX', date: inDays(30) },
      { departure_id: 'LAX', arrival_id: 'SFO', date: inDays(33) },
      { departure_id: 'SFO', arrival_id: 'ORD', date: inDays(36) },
    ]
    const multiCity = { type: 3, departure_id: undefined, arrival_id: undefined, outbound_date: undefined, multi_city_json: JSON.stringify(legs) }
    const multi = await createAlertVia(client, routeAlert({ params: multiCity }))
    expect(multi).toMatchObject({ origin_airport: 'JFK', destination_airport: 'ORD', departure_date: inDays(30), return_date: null })
  })
})

describe('alerts: a retried create (Idempotency-Key)', () => {
  const create = (client: TestClient, key: string | null, overrides: Parameters<typeof routeAlert>[0] = {}) =>
    client.request('/api/alerts', { method: 'POST', json: routeAlert(overrides), ...(key === null ? {} : { headers: { 'Idempotency-Key': key } }) })

  it('answers a repeat with the alert the first attempt made, even when that filled the quota', async () => {
    const { client, userId } = await signedInUser(t, 'idempotent')
    await readJson(await create(client, null), 201)
    await readJson(await create(client, null), 201)
    // The third (a free plan's last) alert; its answer is lost and the browser sends it again.
    const first = await create(client, 'draft-0001-aaaa')
    const made = (await readJson<{ alert: Alert }>(first, 201)).alert
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const again = await create(client, 'draft-0001-aaaa')
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect((await readJson<{ alert: Alert }>(again, 201)).alert).toEqual(made)
    expect(await t.database.db.select({ id: alerts.id }).from(alerts).where(eq(alerts.userId, userId))).toHaveLength(3)
    // A new key is a new alert: refused, the quota is full.
    expect((await create(client, 'draft-0002-bbbb')).status).toBe(403)
  })

  it('keeps keys per user, and refuses a malformed key', async () => {
    const a = await signedInUser(t, 'idempotent-a')
    const b = await signedInUser(t, 'idempotent-b')
    const ofA = (await readJson<{ alert: Alert }>(await create(a.client, 'shared-key-123'), 201)).alert
    const ofB = (await readJson<{ alert: Alert }>(await create(b.client, 'shared-key-123'), 201)).alert
    expect(ofB.id).not.toBe(ofA.id)
    const bad = await create(a.client, 'no spaces allowed here')
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain("Idempotency-Key must be 8 to 100 letters, digits, '-', '_' or ':'.")
  })
})

describe('alerts: ownership', () => {
  it("answers 404 for another user's alert and for malformed ids, 401 when signed out", async () => {
    const owner = await signedInUser(t)
    const other = await signedInUser(t)
    const alert = await createAlertVia(owner.client)
    for (const [method, json] of [['GET'], ['PATCH', { name: 'Mine now' }], ['DELETE']] as const) {
      const res = await other.client.request(`/api/alerts/${alert.id}`, { method, json })
      expect(await readJson(res, 404)).toMatchObject({ error: { code: 'not_found', message: ALERT_MESSAGES.notFound } })
    }
    expect((await other.client.request('/api/alerts/not-a-uuid')).status).toBe(404)
    expect((await other.client.request('/api/alerts/not-a-uuid', { method: 'PATCH', json: { name: 'x' } })).status).toBe(404)
    expect(await list(other.client, '?status=all')).toEqual([])

    const anonymous = t.client()
    expect((await anonymous.request('/api/alerts')).status).toBe(401)
    expect((await anonymous.request('/api/alerts/quota')).status).toBe(401)
    expect((await anonymous.request(`/api/alerts/${alert.id}`)).status).toBe(401)
    const signedOut = await anonymous.request('/api/alerts', { method: 'POST', json: routeAlert() })
    expect(await readJson(signedOut, 401)).toMatchObject({ success: false, error: { code: 'unauthorized' } })
    // The owner still has it, unchanged.
    expect((await readJson<{ alert: Alert }>(await owner.client.request(`/api/alerts/${alert.id}`), 200)).alert.name).toBe(alert.name)
  })
})

describe('alerts: validation', () => {
  let client: TestClient
  beforeAll(async () => {
    ;({ client } = await signedInUser(t))
  })

  const refuse = async (body: unknown, status = 400) =>
    readJson<{ success: false; error: { code: string; message: string; fieldErrors?: Record<string, string[]> } }>(
      await client.request('/api/alerts', { method: 'POST', json: body }),
      status,
    )

  it('returns the section 5 messages as field errors, with success false', async () => {
    const body = await refuse(routeAlert({ params: { departure_id: 'JF', adults: 5, children: 5 } }))
    expect(body.success).toBe(false)
    expect(body.error.code).toBe('validation_failed')
    expect(body.error.fieldErrors).toMatchObject({
      'search_parameters.departure_id': [ALERT_PARAM_MESSAGES.departureCode],
    })
    const passengers = await refuse(routeAlert({ params: { adults: 5, children: 5 } }))
    expect(passengers.error.fieldErrors).toEqual({ 'search_parameters.adults': [ALERT_PARAM_MESSAGES.totalPassengers] })

    const multi = await refuse(routeAlert({ params: { type: 3, departure_id: undefined, arrival_id: undefined, outbound_date: undefined } }))
    expect(multi.error.fieldErrors).toEqual({ 'search_parameters.multi_city_json': [ALERT_PARAM_MESSAGES.multiCityJsonRequired] })
    const oneLeg = JSON.stringify([{ departure_id: 'JFK', arrival_id: 'LAX', date: inDays(3) }])
    expect((await refuse(routeAlert({ params: { type: 3, multi_city_json: oneLeg } }))).error.fieldErrors).toMatchObject({
      'search_parameters.multi_city_json': [ALERT_PARAM_MESSAGES.multiCityMinSegments],
    })
    expect((await refuse(routeAlert({ params: { layover_duration: '30-480' } }))).error.fieldErrors).toEqual({
      'search_parameters.layover_duration': [ALERT_PARAM_MESSAGES.layover],
    })
    expect((await refuse(routeAlert({ params: { type: 1 } }))).error.fieldErrors).toEqual({
      'search_parameters.return_date': [ALERT_PARAM_MESSAGES.returnDateRequired],
    })
    expect((await refuse(routeAlert({ name: ' ', target_price: -5 }))).error.fieldErrors).toEqual({
      name: [ALERT_MESSAGES.nameRequired],
      target_price: [ALERT_MESSAGES.targetPrice],
    })
  })

  it('refuses departures in the past, unknown airports and a body that is not JSON', async () => {
    const past = await refuse(routeAlert({ params: { outbound_date: inDays(-3) } }))
    expect(past.error.message).toBe(ALERT_MESSAGES.pastDeparture)
    expect(past.error.fieldErrors).toEqual({ 'search_parameters.outbound_date': [ALERT_MESSAGES.pastDeparture] })
    // A date that is still current somewhere on Earth (UTC−12) is allowed, as in the search.
    const earliest = new Date(Date.now() - 12 * 3_600_000).toISOString().slice(0, 10)
    await createAlertVia(client, routeAlert({ params: { outbound_date: earliest } }))

    const unknown = await refuse(routeAlert({ params: { arrival_id: 'ZZZ' } }))
    expect(unknown.error.fieldErrors).toEqual({ 'search_parameters.arrival_id': ['Unknown airport'] })

    const notJson = await client.request('/api/alerts', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } })
    expect(await readJson(notJson, 400)).toMatchObject({ success: false, error: { code: 'bad_request' } })
  })

  it('validates PATCH bodies', async () => {
    const alert = await createAlertVia(client)
    const bad = await client.request(`/api/alerts/${alert.id}`, { method: 'PATCH', json: { status: 'triggered' } })
    expect(await readJson(bad, 400)).toMatchObject({ error: { code: 'validation_failed' } })
    const noChannel = await client.request(`/api/alerts/${alert.id}`, {
      method: 'PATCH',
      json: { notification_channels: { email: false, sms: false, whatsapp: false, push: false } },
    })
    expect(await readJson(noChannel, 400)).toMatchObject({ error: { fieldErrors: { notification_channels: [ALERT_MESSAGES.noChannel] } } })
  })
})

describe('alerts: status', () => {
  it('pauses and resumes, including a triggered alert', async () => {
    const { client } = await signedInUser(t)
    const alert = await createAlertVia(client)
    const patch = (json: unknown) => client.request(`/api/alerts/${alert.id}`, { method: 'PATCH', json })
    expect((await readJson<{ alert: Alert }>(await patch({ status: 'paused' }), 200)).alert.status).toBe('paused')
    expect(await list(client)).toEqual([])
    expect((await list(client, '?status=paused')).map((a) => a.id)).toEqual([alert.id])
    expect((await readJson<{ alert: Alert }>(await patch({ status: 'active' }), 200)).alert.status).toBe('active')

    await t.database.db.update(alerts).set({ status: 'triggered' }).where(eq(alerts.id, alert.id))
    expect((await readJson<{ alert: Alert }>(await patch({ status: 'paused' }), 200)).alert.status).toBe('paused')
  })

  it('reads an alert whose departure has passed as expired, and refuses to edit it', async () => {
    const { client } = await signedInUser(t)
    const alert = await createAlertVia(client)
    await t.database.db.update(alerts).set({ departureDate: inDays(-5) }).where(eq(alerts.id, alert.id))

    const read = (await readJson<{ alert: Alert }>(await client.request(`/api/alerts/${alert.id}`), 200)).alert
    expect(read.status).toBe('expired')
    expect(await list(client)).toEqual([])
    expect((await list(client, '?status=expired')).map((a) => a.id)).toEqual([alert.id])
    const res = await client.request(`/api/alerts/${alert.id}`, { method: 'PATCH', json: { status: 'paused' } })
    expect(await readJson(res, 409)).toMatchObject({ error: { code: 'conflict', message: ALERT_MESSAGES.notEditable } })
    // Disabled alerts can't be edited either, but can be deleted.
    await t.database.db.update(alerts).set({ departureDate: inDays(10), status: 'disabled' }).where(eq(alerts.id, alert.id))
    expect((await client.request(`/api/alerts/${alert.id}`, { method: 'PATCH', json: { name: 'x' } })).status).toBe(409)
    expect((await client.request(`/api/alerts/${alert.id}`, { method: 'DELETE' })).status).toBe(200)
  })
})

describe('alerts: list filters', () => {
  it('filters by status and type, searches name and airports, sorts', async () => {
    const { client, userId } = await signedInUser(t)
    await setPlan(t, userId, 'premium')
    const paris = await createAlertVia(client, routeAlert({ name: 'Summer in Paris', target_price: 500, params: { arrival_id: 'CDG' } }))
    const boston = await createAlertVia(client, routeAlert({ name: 'Boston_100%', target_price: 90, params: { arrival_id: 'BOS' } }))
    const flight = await createAlertVia(
      client,
      routeAlert({
        name: 'JFK → LAX Flight Alert',
        alertType: 'flight',
        target_price: 300,
        trackedFlights: [
          {
            marketing_airline: 'AA',
            marketing_flight_number: '1',
            departure_airport_id: 'JFK',
            arrival_airport_id: 'LAX',
            departure_local_time: `${inDays(40)}T08:00`,
            arrival_local_time: `${inDays(40)}T11:30`,
          },
        ],
      }),
    )
    const ids = (alerts: Alert[]) => alerts.map((a) => a.id)

    expect(ids(await list(client))).toEqual([flight.id, boston.id, paris.id])
    expect(ids(await list(client, '?sortOrder=asc'))).toEqual([paris.id, boston.id, flight.id])
    expect(ids(await list(client, '?sortBy=target_price&sortOrder=asc'))).toEqual([boston.id, flight.id, paris.id])
    expect(ids(await list(client, '?alertType=flight'))).toEqual([flight.id])
    expect(ids(await list(client, '?q=paris'))).toEqual([paris.id])
    expect(ids(await list(client, '?q=cdg'))).toEqual([paris.id])
    expect(ids(await list(client, '?q=lax'))).toEqual([flight.id])
    // % and _ are literal characters, not wildcards.
    expect(ids(await list(client, '?q=_100%25'))).toEqual([boston.id])
    expect(ids(await list(client, '?q=bosto_'))).toEqual([])

    await client.request(`/api/alerts/${boston.id}`, { method: 'PATCH', json: { status: 'paused' } })
    expect(ids(await list(client, '?status=active'))).toEqual([flight.id, paris.id])
    expect(ids(await list(client, '?status=all'))).toEqual([flight.id, boston.id, paris.id])
    expect((await client.request('/api/alerts?status=bogus')).status).toBe(400)
  })
})

describe('the default "Active" view', () => {
  it('keeps Price Alert! and At Risk alerts in view and on the badge; paused ones drop out', async () => {
    const { client } = await signedInUser(t)
    const ids: string[] = []
    for (const to of ['LAX', 'SFO', 'SEA']) ids.push((await createAlertVia(client, routeAlert({ params: { arrival_id: to } }))).id)
    const [triggered, atRisk, paused] = ids as [string, string, string]
    await t.database.db.update(alerts).set({ status: 'triggered' }).where(eq(alerts.id, triggered))
    await t.database.db.update(alerts).set({ status: 'at_risk' }).where(eq(alerts.id, atRisk))
    await t.database.db.update(alerts).set({ status: 'paused' }).where(eq(alerts.id, paused))

    expect((await list(client)).map((alert) => alert.id).sort()).toEqual([triggered, atRisk].sort())
    expect((await list(client, '?status=triggered')).map((alert) => alert.id)).toEqual([triggered])
    const quota = await readJson<{ active: number; used: number }>(await client.request('/api/alerts/quota'), 200)
    expect(quota).toMatchObject({ active: 2, used: 3 })
  })
})

describe('alert detail', () => {
  it('lists the most recent notices with their channel and delivery status', async () => {
    const { client, userId } = await signedInUser(t)
    const alert = await createAlertVia(client)
    const payload = { alertName: alert.name, route: 'JFK → LAX', departureDate: null, returnDate: null, price: 180, targetPrice: 200, currency: 'USD', dropPercent: 10, itinerarySummary: null, searchUrl: 'http://localhost/search', bookingUrl: null, history: [] }
    await t.database.db.insert(alertNotifications).values([
      { alertId: alert.id, userId, channel: 'email', dedupeKey: `${alert.id}:e1:email`, price: 180, payload, status: 'sent', sentAt: new Date() },
      { alertId: alert.id, userId, channel: 'sms', dedupeKey: `${alert.id}:e1:sms`, price: 180, payload, status: 'skipped' },
    ])
    const detail = (await readJson<{ alert: AlertDetail }>(await client.request(`/api/alerts/${alert.id}`), 200)).alert
    expect(detail.notifications.map(({ channel, status, price }) => ({ channel, status, price })).sort((a, b) => a.channel.localeCompare(b.channel))).toEqual([
      { channel: 'email', status: 'sent', price: 180 },
      { channel: 'sms', status: 'skipped', price: 180 },
    ])
  })
})
