import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Alert } from '#shared/alerts/alert.ts'
import { createAlertVia, readJson, routeAlert, signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { alertNotifications, alertPrices, providerBackoffs, providerBudget } from '../db/schema.ts'
import { providerCallsUsed } from '../provider-budget/provider-budget.ts'

let t: TestApp
let admin: TestClient
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'engine-ops@example.com' })
  admin = t.client()
  await t.signUp(admin, 'engine-ops@example.com')
  await t.verifyFromEmail(admin, 'engine-ops@example.com')
})
afterAll(async () => {
  await t.close()
})

interface CheckAnswer {
  observation: { id: string; provider: string; fresh: boolean; lowest_price: number; itineraries: unknown[]; itinerary_count: number } | null
  evaluation: { outcome: string; status: string; previous_status: string; price?: number; notified: { reason: string; event_key: string; notifications: number } | null; stored: boolean }
}
const check = (client: TestClient, id: string) => client.request(`/api/admin/alerts/${id}/check`, { method: 'POST' })

describe('POST /api/admin/alerts/:id/check', () => {
  it('answers 401 signed out and 403 to anyone but an admin', async () => {
    const owner = await signedInUser(t)
    const alert = await createAlertVia(owner.client)
    expect((await check(t.client(), alert.id)).status).toBe(401)
    expect(await readJson(await check(owner.client, alert.id), 403)).toMatchObject({ error: { code: 'forbidden' } })
  })

  it('checks the alert now with a fresh call and returns the observation and the evaluation', async () => {
    const owner = await signedInUser(t)
    const alert = await createAlertVia(owner.client, routeAlert({ target_price: 1 }))
    const body = await readJson<CheckAnswer>(await check(admin, alert.id), 200)
    expect(body.observation).toMatchObject({ provider: 'simulated', fresh: true })
    expect(body.observation!.itineraries.length).toBeGreaterThan(0)
    expect(body.observation!.itinerary_count).toBeGreaterThanOrEqual(body.observation!.itineraries.length)
    expect(body.evaluation).toMatchObject({ outcome: 'price', previous_status: 'active', status: 'active', notified: null, stored: true })
    expect(body.evaluation.price).toBe(body.observation!.lowest_price)
    // The owner sees it as any check: price, history, next check.
    const read = (await readJson<{ alert: Alert }>(await owner.client.request(`/api/alerts/${alert.id}`), 200)).alert
    expect(read.current_price).toBe(body.evaluation.price)
    expect(read.prices).toHaveLength(1)
    expect(read.last_checked_at).not.toBeNull()
    expect((await providerCallsUsed(t.database.db, 'simulated', new Date())).day).toBeGreaterThanOrEqual(1)
  })

  it('notifies at once on a triggering price (the admin check is already fresh)', async () => {
    const owner = await signedInUser(t)
    const alert = await createAlertVia(owner.client, routeAlert({ target_price: 100_000, params: { arrival_id: 'SFO' } }))
    const body = await readJson<CheckAnswer>(await check(admin, alert.id), 200)
    expect(body.evaluation).toMatchObject({ outcome: 'price', status: 'triggered', notified: { reason: 'crossed', event_key: body.observation!.id, notifications: 1 } })
    const rows = await t.database.db.select().from(alertNotifications).where(eq(alertNotifications.alertId, alert.id))
    expect(rows.map((r) => r.dedupeKey)).toEqual([`${alert.id}:${body.observation!.id}:email`])
    // A second check right away: still below, nothing new to tell.
    const again = await readJson<CheckAnswer>(await check(admin, alert.id), 200)
    expect(again.evaluation).toMatchObject({ status: 'triggered', notified: null })
    expect(await t.database.db.select().from(alertPrices).where(eq(alertPrices.alertId, alert.id))).toHaveLength(2)
  })

  it('answers 404 for an unknown alert and 409 for one that is not checked', async () => {
    expect((await check(admin, 'not-an-id')).status).toBe(404)
    expect((await check(admin, '6f1c1f4e-8a51-4d43-9d7a-2a1f0b0f3c11')).status).toBe(404)
    const owner = await signedInUser(t)
    const alert = await createAlertVia(owner.client)
    await owner.client.request(`/api/alerts/${alert.id}`, { method: 'PATCH', json: { status: 'paused' } })
    const refused = await readJson<{ error: { code: string; message: string } }>(await check(admin, alert.id), 409)
    expect(refused.error.message).toContain('paused')
  })

  it('answers 503 with the reason and when to retry when the budget or the breaker holds the check back, and leaves the alert as it was', async () => {
    const owner = await signedInUser(t)
    const alert = await createAlertVia(owner.client)
    const untouched = async () => {
      const read = (await readJson<{ alert: Alert }>(await owner.client.request(`/api/alerts/${alert.id}`), 200)).alert
      expect(read).toMatchObject({ status: 'active', current_price: null, last_checked_at: null, prices: [] })
    }
    const db = t.database.db
    try {
      // The day's provider calls spent (today's and tomorrow's windows, so the test can't straddle midnight).
      const now = Date.now()
      const day = (at: number) => new Date(at - (at % 86_400_000))
      const spentDays = [day(now), day(now + 86_400_000)].map((windowStart) => ({ provider: 'simulated', period: 'day' as const, windowStart, calls: 10_000_000 }))
      await db
        .insert(providerBudget)
        .values(spentDays)
        .onConflictDoUpdate({ target: [providerBudget.provider, providerBudget.period, providerBudget.windowStart], set: { calls: 10_000_000 } })
      const spent = await check(admin, alert.id)
      const body = await readJson<{ error: { code: string; message: string } }>(spent, 503)
      expect(body.error).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^Not checked: price checks have spent the provider calls they may make for now\. Try again after \d{4}-\d{2}-\d{2} 00:00:00 UTC\.$/) as unknown })
      expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(0)
      await untouched()
      await db.delete(providerBudget)

      // The breaker open after the provider's failures.
      await db.insert(providerBackoffs).values({ scope: 'provider:simulated', failures: 5, retryAt: new Date(now + 300_000), updatedAt: new Date(now) })
      const backingOff = await readJson<{ error: { code: string; message: string } }>(await check(admin, alert.id), 503)
      expect(backingOff.error.message).toMatch(/^Not checked: the flight provider has been failing, so price checks are waiting before asking it again\. Try again after /)
      await untouched()
    } finally {
      await db.delete(providerBudget)
      await db.delete(providerBackoffs)
    }
    // Nothing was left holding the alert: the next check runs.
    expect((await readJson<CheckAnswer>(await check(admin, alert.id), 200)).evaluation).toMatchObject({ outcome: 'price', stored: true })
  })
})
