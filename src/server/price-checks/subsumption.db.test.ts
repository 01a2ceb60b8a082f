import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import { createHarness, type Harness } from '#tests/support/price-check-harness.ts'
import { alertSearchKey, engineQuery } from '../alerts/search-key.ts'
import { alertNotifications, alerts } from '../db/schema.ts'
import { cheapestWithin, observedItineraries } from './observed-itinerary.ts'

let h: Harness
beforeEach(async () => {
  h = await createHarness()
})
afterEach(async () => {
  await h.close()
})

/** What the alert's own search gives now (asked after the cycle's calls are counted). */
async function ownPrice(params: Record<string, unknown>): Promise<number | null> {
  const own = alertSearchParamsSchema.parse({ type: 2, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: h.day(30), ...params })
  return cheapestWithin(observedItineraries(await h.provider.search(engineQuery(own))), own.max_price)?.price ?? null
}

describe('subsumption: narrower alerts answered through a broad search (decision 053)', () => {
  it('answers nonstop, airline, time-window and ceiling alerts of one search with one call, each at its own search’s price', async () => {
    const userId = await h.user('unlimited')
    const narrower = [{ stops: 1 }, { include_airlines: 'ONEWORLD' }, { outbound_times: '6,11' }, { stops: 2, outbound_times: '12,20', max_price: 400 }]
    const broad = await h.alert(userId)
    const rows = await h.alerts(userId, narrower.map((params) => ({ params })))
    // Claims take them together: they share the broad question's claim key.
    expect(new Set([broad, ...rows].map((a) => a.searchKey))).toEqual(new Set([broad.searchKey]))
    const cycle = await h.run()
    expect(cycle).toMatchObject({ claimed: 5, groups: 1, providerCalls: 1, subsumed: 4, ownSearches: 0 })
    for (const [i, params] of narrower.entries()) {
      expect((await h.read(rows[i]!.id)).currentPrice, JSON.stringify(params)).toBe(await ownPrice(params))
    }
    expect((await h.read(broad.id)).currentPrice).toBe(await ownPrice({}))
  })

  it('lets a lone narrower search ask its own question, and a stored broad answer serve it later', async () => {
    const userId = await h.user('unlimited')
    const lone = await h.alert(userId, { params: { stops: 1 } })
    expect(await h.run()).toMatchObject({ providerCalls: 1, subsumed: 0, ownSearches: 1 })
    await h.alert(userId, { params: { outbound_date: h.day(31) } })
    await h.run()
    h.clock.advance(10 * 60_000)
    const later = await h.alert(userId, { params: { outbound_date: h.day(31), include_airlines: 'SKYTEAM' } })
    expect(await h.run()).toMatchObject({ providerCalls: 0, cacheHits: 1, subsumed: 1 })
    expect((await h.read(later.id)).currentPrice).toBe(await ownPrice({ outbound_date: h.day(31), include_airlines: 'SKYTEAM' }))
    expect((await h.read(lone.id)).currentPrice).not.toBeNull()
  })

  it('gives round trips with stops and alerts with bags their own searches', async () => {
    const userId = await h.user('unlimited')
    const trip = { type: 1, return_date: h.day(37) }
    await h.alerts(userId, [{ params: trip }, { params: { ...trip, stops: 1 } }, { params: { ...trip, outbound_times: '6,11' } }, {}, { params: { bags: 1 } }])
    // Round trip: broad + its nonstop version; the outbound window is subsumed. One-way: without and with a bag.
    expect(await h.run()).toMatchObject({ claimed: 5, providerCalls: 4, subsumed: 1 })
  })

  it('confirms a subsumed alert’s notice with a fresh answer and names its own search’s price', async () => {
    const userId = await h.user('unlimited')
    await h.alert(userId, { targetPrice: 1 })
    const nonstop = await h.alert(userId, { params: { stops: 1 }, targetPrice: 100_000 })
    const cycle = await h.run()
    // Read off the broad answer first; the confirmation, for it alone, is its own search, fresh.
    expect(cycle).toMatchObject({ providerCalls: 2, notifications: 1, subsumed: 0, ownSearches: 1 })
    expect(h.provider.calls).toEqual([
      { kind: 'search', fresh: false },
      { kind: 'search', fresh: true },
    ])
    const [notice] = await h.db.select().from(alertNotifications).where(eq(alertNotifications.alertId, nonstop.id))
    expect(notice!.price).toBe(await ownPrice({ stops: 1 }))
  })

  it('stores the claim key of an alert saved before subsumption', async () => {
    const userId = await h.user('unlimited')
    const old = await h.alert(userId, { params: { stops: 1 }, row: { searchKey: 'an older key' } })
    await h.run()
    const [row] = await h.db.select({ searchKey: alerts.searchKey }).from(alerts).where(eq(alerts.id, old.id))
    expect(row!.searchKey).toBe(alertSearchKey(old.searchParameters))
  })
})
