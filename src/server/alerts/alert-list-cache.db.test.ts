import { gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Alert, AlertDetail } from '#shared/alerts/alert.ts'
import { createAlertVia, inDays, readJson, routeAlert, setPlan, signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { alertPrices, alerts } from '../db/schema.ts'

/**
 * The list keeps alerts it has read and reuses them while their version holds (decision 020):
 * whatever changes an alert, and whoever changes it, the next list shows it.
 */

let t: TestApp
let admin: TestClient
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'list-ops@example.com' })
  admin = t.client()
  await t.signUp(admin, 'list-ops@example.com')
  await t.verifyFromEmail(admin, 'list-ops@example.com')
})
afterAll(async () => {
  await t.close()
})

const list = async (client: TestClient, query = '') => (await readJson<{ alerts: Alert[] }>(await client.request(`/api/alerts${query}`), 200)).alerts
const detail = async (client: TestClient, id: string) => (await readJson<{ alert: AlertDetail }>(await client.request(`/api/alerts/${id}`), 200)).alert

describe('the alert list after a change', () => {
  it('shows an edit, a pause, a resume and a deletion at once', async () => {
    const { client } = await signedInUser(t, 'list-changes')
    const first = await createAlertVia(client, routeAlert({ name: 'First' }))
    const second = await createAlertVia(client, routeAlert({ name: 'Second', params: { arrival_id: 'SFO' } }))
    expect((await list(client)).map((a) => a.name)).toEqual(['Second', 'First'])

    await readJson(await client.request(`/api/alerts/${first.id}`, { method: 'PATCH', json: { name: 'First, renamed', target_price: 120 } }), 200)
    expect((await list(client)).find((a) => a.id === first.id)).toMatchObject({ name: 'First, renamed', target_price: 120 })

    await readJson(await client.request(`/api/alerts/${second.id}`, { method: 'PATCH', json: { status: 'paused' } }), 200)
    expect((await list(client)).map((a) => a.id)).toEqual([first.id])
    expect((await list(client, '?status=paused')).map((a) => a.status)).toEqual(['paused'])
    await readJson(await client.request(`/api/alerts/${second.id}`, { method: 'PATCH', json: { status: 'active' } }), 200)
    expect((await list(client)).map((a) => a.id)).toEqual([second.id, first.id])

    await readJson(await client.request(`/api/alerts/${second.id}`, { method: 'DELETE' }), 200)
    expect((await list(client)).map((a) => a.id)).toEqual([first.id])
  })

  it('shows a check by the price-check engine at once: price, sparkline, last check', async () => {
    const { client } = await signedInUser(t, 'list-check')
    const alert = await createAlertVia(client)
    expect((await list(client))[0]).toMatchObject({ current_price: null, prices: [], last_checked_at: null })

    expect((await admin.request(`/api/admin/alerts/${alert.id}/check`, { method: 'POST' })).status).toBe(200)
    const [checked] = await list(client)
    expect(checked!.current_price).not.toBeNull()
    expect(checked!.prices).toEqual([{ price: checked!.current_price, currency: 'USD', recorded_at: checked!.last_checked_at }])
  })

  it('shows a change written straight to the database, as another process would', async () => {
    const { client } = await signedInUser(t, 'list-elsewhere')
    const alert = await createAlertVia(client)
    await list(client)

    await t.database.db.update(alerts).set({ statusNote: 'Checked elsewhere' }).where(eq(alerts.id, alert.id))
    expect((await list(client))[0]!.status_note).toBe('Checked elsewhere')

    // A price point appended without touching the alert's row shows too.
    await t.database.db.insert(alertPrices).values({ alertId: alert.id, price: 123.4, currency: 'USD', recordedAt: new Date('2026-03-01T10:00:00Z') })
    expect((await list(client))[0]!.prices).toEqual([{ price: 123.4, currency: 'USD', recorded_at: '2026-03-01T10:00:00.000Z' }])
    await t.database.db.insert(alertPrices).values({ alertId: alert.id, price: 99.5, currency: 'USD', recordedAt: new Date('2026-03-02T10:00:00Z') })
    expect((await list(client))[0]!.prices.map((p) => p.price)).toEqual([123.4, 99.5])

    await t.database.db.update(alerts).set({ status: 'paused' }).where(eq(alerts.id, alert.id))
    expect(await list(client)).toEqual([])
    expect((await list(client, '?status=paused')).map((a) => a.id)).toEqual([alert.id])

    await t.database.db.delete(alerts).where(eq(alerts.id, alert.id))
    expect(await list(client, '?status=all')).toEqual([])
  })

  it('never shows one owner’s kept alerts to another', async () => {
    const owner = await signedInUser(t, 'list-owner')
    const other = await signedInUser(t, 'list-other')
    const alert = await createAlertVia(owner.client)
    expect((await list(owner.client)).map((a) => a.id)).toEqual([alert.id])
    expect(await list(other.client, '?status=all')).toEqual([])
    expect((await other.client.request(`/api/alerts/${alert.id}`)).status).toBe(404)
  })

  it('judges premium reasons against the plan of the moment, not the one the alert was read under', async () => {
    const { client, userId } = await signedInUser(t, 'list-plan')
    await setPlan(t, userId, 'elite')
    const alert = await createAlertVia(client, routeAlert({ check_frequency: '12h' }))
    expect((await list(client))[0]!.premium_reasons).toEqual([])

    await setPlan(t, userId, 'free')
    expect((await list(client)).find((a) => a.id === alert.id)!.premium_reasons).toEqual(['high_frequency_check'])
  })
})

describe('the list sparkline', () => {
  it('is the detail history’s latest 30 points, to the millisecond, for prices stored with microseconds', async () => {
    const { client } = await signedInUser(t, 'list-sparkline')
    const alert = await createAlertVia(client)
    // Times a JavaScript Date can't hold (microseconds, .9995 s), odd cents, a point per hour.
    await t.database.db.execute(sql`
      insert into alert_prices (alert_id, price, currency, recorded_at)
      select ${alert.id}::uuid, 100 + g * 1.37, 'USD', timestamptz '2026-02-01 00:00:00.999999+00' + g * interval '1 hour 0.000501 second'
      from generate_series(1, 40) g`)
    const history = (await detail(client, alert.id)).prices
    expect(history).toHaveLength(40)
    expect((await list(client))[0]!.prices).toEqual(history.slice(-30))
  })
})

describe('the kept answer (alert-list-responses.ts)', () => {
  it('sends the same list gzipped or plain, and the same again while nothing changed', async () => {
    const { client } = await signedInUser(t, 'list-kept')
    await createAlertVia(client, routeAlert({ name: 'Kept' }))
    const plain = await client.request('/api/alerts', { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    const zipped = await client.request('/api/alerts', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i)
    const body = await plain.text()
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')).toBe(body)
    expect((JSON.parse(body) as { alerts: Alert[] }).alerts.map((a) => a.name)).toEqual(['Kept'])
    expect(await (await client.request('/api/alerts')).text()).toBe(body)
  })

  it('answers each question afresh: another filter, another sort, or a new day (an alert expires overnight)', async () => {
    const { client } = await signedInUser(t, 'list-questions')
    const soon = await createAlertVia(client, routeAlert({ name: 'Soon', params: { outbound_date: inDays(1) } }))
    const later = await createAlertVia(client, routeAlert({ name: 'Later', params: { arrival_id: 'SFO' } }))
    expect((await list(client)).map((a) => a.name)).toEqual(['Later', 'Soon'])
    expect((await list(client, '?sortOrder=asc')).map((a) => a.name)).toEqual(['Soon', 'Later'])
    expect((await list(client, '?q=SFO')).map((a) => a.id)).toEqual([later.id])
    try {
      t.now.value = new Date(Date.now() + 3 * 86_400_000)
      // Nothing was written, yet the answer changed: the departure has passed.
      expect((await list(client)).map((a) => a.id)).toEqual([later.id])
      expect((await list(client, '?status=expired')).map((a) => a.id)).toEqual([soon.id])
    } finally {
      t.now.value = null
    }
    expect((await list(client)).map((a) => a.name)).toEqual(['Later', 'Soon'])
  })
})
