import { eq, inArray } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '#tests/support/price-check-harness.ts'
import { alertNotifications, alertPrices, priceObservations } from '../db/schema.ts'
import { providerCallsUsed } from '../provider-budget/provider-budget.ts'

let h: Harness
afterEach(async () => {
  await h.close()
})

describe('coalescing: one provider call per distinct search', () => {
  beforeEach(async () => {
    h = await createHarness()
  })

  it('checks 20 alerts on the same search with one call, and stores the observation once', async () => {
    const userId = await h.user('unlimited')
    const date = h.day(20)
    // Spelled differently, asking the same question: sort order, ceiling, language, case.
    const variants = [{}, { sort_by: 1 }, { sort_by: 5 }, { max_price: 5000 }, { hl: 'de' }, { departure_id: 'jfk' }]
    const alerts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => h.alert(userId, { params: { outbound_date: date, ...variants[i % variants.length] }, targetPrice: 10 })),
    )
    const cycle = await h.run()
    expect(cycle).toMatchObject({ claimed: 20, groups: 1, providerCalls: 1 })
    expect(h.provider.calls).toEqual([{ kind: 'search', fresh: false }])
    const observations = await h.db.select().from(priceObservations)
    expect(observations).toHaveLength(1)
    const points = await h.db.select().from(alertPrices).where(inArray(alertPrices.alertId, alerts.map((a) => a.id)))
    expect(points).toHaveLength(20)
    // Each point says which itinerary gave the price; every alert saw the same lowest price.
    expect(new Set(points.map((p) => p.price))).toEqual(new Set([observations[0]!.lowestPrice]))
    expect(points[0]!.itinerary?.flights[0]).toMatchObject({ departure_airport: 'JFK' })
    expect(points[0]!.itinerary).not.toHaveProperty('departure_token')
    expect(await providerCallsUsed(h.db, h.provider.id, h.clock.now)).toEqual({ minute: 1, day: 1 })
  })

  it('reuses a stored observation within the TTL instead of calling again', async () => {
    const userId = await h.user('unlimited')
    const date = h.day(21)
    const first = await h.alert(userId, { params: { outbound_date: date } })
    await h.run()
    // Created later, on the same search, 10 minutes on: answered from the stored observation.
    h.clock.advance(10 * 60_000)
    const second = await h.alert(userId, { params: { outbound_date: date, sort_by: 3 } })
    const cycle = await h.run()
    expect(cycle).toMatchObject({ claimed: 1, providerCalls: 0, cacheHits: 1 })
    expect((await h.read(second.id)).currentPrice).toBe((await h.read(first.id)).currentPrice)
    // Past the TTL (30 minutes), the provider is asked again.
    h.clock.advance(31 * 60_000)
    await h.alert(userId, { params: { outbound_date: date } })
    expect(await h.run()).toMatchObject({ claimed: 1, providerCalls: 1 })
    expect(h.provider.calls).toHaveLength(2)
  })

  it('confirms a notice found in a stored observation with a fresh call first', async () => {
    const userId = await h.user('unlimited')
    const date = h.day(26)
    await h.alert(userId, { params: { outbound_date: date } })
    await h.run()
    h.clock.advance(5 * 60_000)
    const eager = await h.alert(userId, { params: { outbound_date: date }, targetPrice: 100_000 })
    const cycle = await h.run()
    expect(cycle).toMatchObject({ claimed: 1, cacheHits: 1, providerCalls: 1, notifications: 1 })
    expect(h.provider.calls).toEqual([
      { kind: 'search', fresh: false },
      { kind: 'search', fresh: true },
    ])
    const [fresh] = await h.db.select().from(priceObservations).where(eq(priceObservations.fresh, true))
    const [notice] = await h.db.select().from(alertNotifications).where(eq(alertNotifications.alertId, eager.id))
    expect(notice!.dedupeKey).toBe(`${eager.id}:${fresh!.id}:email`)
  })

  it('lets a no-cache answer of the last 5 minutes confirm the next batch’s notices, and asks again after', async () => {
    const userId = await h.user('unlimited')
    const date = h.day(27)
    await h.alert(userId, { params: { outbound_date: date }, targetPrice: 100_000 })
    expect(await h.run()).toMatchObject({ providerCalls: 2, notifications: 1 })
    // Another batch, 2 minutes on, with alerts of the same search that would notify.
    h.clock.advance(2 * 60_000)
    const later = await h.alert(userId, { params: { outbound_date: date }, targetPrice: 100_000 })
    expect(await h.run()).toMatchObject({ claimed: 1, providerCalls: 0, notifications: 1 })
    const [confirming] = await h.db.select().from(priceObservations).where(eq(priceObservations.fresh, true))
    const [notice] = await h.db.select().from(alertNotifications).where(eq(alertNotifications.alertId, later.id))
    expect(notice!.dedupeKey).toBe(`${later.id}:${confirming!.id}:email`)
    // Past 5 minutes the stored answer still serves the check (TTL) but no longer confirms a notice.
    h.clock.advance(4 * 60_000)
    await h.alert(userId, { params: { outbound_date: date }, targetPrice: 100_000 })
    expect(await h.run()).toMatchObject({ claimed: 1, cacheHits: 1, providerCalls: 1, notifications: 1 })
    expect(h.provider.calls.map((c) => c.fresh)).toEqual([false, true, true])
  })

  it('keeps different searches apart', async () => {
    const userId = await h.user('unlimited')
    await h.alert(userId, { params: { outbound_date: h.day(22) } })
    await h.alert(userId, { params: { outbound_date: h.day(22), adults: 2 } })
    await h.alert(userId, { params: { outbound_date: h.day(22), currency: 'EUR' } })
    await h.alert(userId, { params: { outbound_date: h.day(23) } })
    expect(await h.run()).toMatchObject({ claimed: 4, groups: 4, providerCalls: 4 })
  })
})

describe('provider budget', () => {
  beforeEach(async () => {
    h = await createHarness({ budget: { perMinute: 2, perDay: 3 } })
  })

  it('spends at most the minute’s and the day’s calls; the rest wait, due, without failing', async () => {
    const userId = await h.user('unlimited')
    const alerts = await Promise.all([20, 21, 22, 23, 24].map((d) => h.alert(userId, { params: { outbound_date: h.day(d) } })))
    const first = await h.run()
    expect(first).toMatchObject({ claimed: 5, providerCalls: 2 })
    const nextMinute = new Date(Math.floor(h.clock.now.getTime() / 60_000) * 60_000 + 60_000)
    expect(first.deferredUntil).toEqual(nextMinute)
    const rows = await Promise.all(alerts.map((a) => h.read(a.id)))
    const waiting = rows.filter((r) => r.lastCheckedAt === null)
    expect(waiting).toHaveLength(3)
    for (const row of waiting) expect(row).toMatchObject({ status: 'active', consecutiveFailures: 0, leaseOwner: null, nextCheckAt: nextMinute })

    // Same minute: nothing due. Next minute: one more call fits the day's 3.
    expect((await h.run()).claimed).toBe(0)
    h.clock.advance(60_000)
    expect(await h.run()).toMatchObject({ claimed: 3, providerCalls: 1 })
    const stillWaiting = (await Promise.all(alerts.map((a) => h.read(a.id)))).filter((r) => r.lastCheckedAt === null)
    expect(stillWaiting).toHaveLength(2)
    expect(await providerCallsUsed(h.db, h.provider.id, h.clock.now)).toEqual({ minute: 1, day: 3 })
    // They wait for the next UTC day.
    const tomorrow = new Date(Math.floor(h.clock.now.getTime() / 86_400_000) * 86_400_000 + 86_400_000)
    for (const row of stillWaiting) expect(row.nextCheckAt).toEqual(tomorrow)
    expect(h.provider.calls).toHaveLength(3)
    expect(await h.db.select().from(alertPrices).where(eq(alertPrices.alertId, stillWaiting[0]!.id))).toEqual([])
  })
})

describe('provider budget for the calls after the first', () => {
  beforeEach(async () => {
    h = await createHarness({ budget: { perMinute: 6, perDay: 100 } })
  })

  it('reserves the re-checks of a batch in as few reservations as they come, each call counted once, the ones over the budget waiting', async () => {
    const userId = await h.user('unlimited')
    // Four searches, each under its target: four first calls, then four re-checks, two over the minute's budget.
    const alerts = await Promise.all([20, 21, 22, 23].map((d) => h.alert(userId, { params: { outbound_date: h.day(d) }, targetPrice: 1_000_000 })))
    const cycle = await h.run()
    expect(cycle).toMatchObject({ claimed: 4, providerCalls: 6 })
    expect(h.provider.calls.filter((c) => c.fresh)).toHaveLength(2)
    expect(await providerCallsUsed(h.db, h.provider.id, h.clock.now)).toEqual({ minute: 6, day: 6 })
    const rows = await Promise.all(alerts.map((a) => h.read(a.id)))
    expect(rows.filter((r) => r.lastCheckedAt !== null)).toHaveLength(2)
    expect(rows.filter((r) => r.lastCheckedAt === null && r.leaseOwner === null && r.consecutiveFailures === 0)).toHaveLength(2)
  })
})
