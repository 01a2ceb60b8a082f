import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '#tests/support/price-check-harness.ts'
import { providerBackoffs } from '../db/schema.ts'
import { ProviderError } from '../flights/providers/provider.ts'

let h: Harness
beforeAll(async () => {
  h = await createHarness({ breaker: { failures: 3, cooldownMs: 5 * 60_000 } })
})
afterAll(async () => {
  await h.close()
})

const untilDue = async (id: string) => {
  const row = await h.read(id)
  h.clock.now = new Date(Math.max(h.clock.now.getTime(), row.nextCheckAt!.getTime()))
}

describe('provider outage', () => {
  it('backs off with growing delays, marks the alert At Risk, stops calling while the breaker is open, and recovers', async () => {
    const userId = await h.user()
    const alert = await h.alert(userId, { targetPrice: 10 })
    h.provider.failWith = new ProviderError('upstream', h.provider.id, 'Simulated upstream failure', { status: 500 })

    const delays: number[] = []
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = h.clock.now.getTime()
      expect(await h.run()).toMatchObject({ claimed: 1, providerCalls: 1, written: 1 })
      const row = await h.read(alert.id)
      expect(row).toMatchObject({ consecutiveFailures: attempt, lastCheckedAt: null, leaseOwner: null, currentPrice: null })
      delays.push(row.nextCheckAt!.getTime() - before)
      await untilDue(alert.id)
    }
    // Equal jitter pinned at 0.5: 45 s, 90 s, 180 s.
    expect(delays).toEqual([45_000, 90_000, 180_000])
    const atRisk = await h.read(alert.id)
    expect(atRisk.status).toBe('at_risk')
    expect(atRisk.statusNote).toContain('the flight data provider failed')

    // Three failures in a row opened the breaker: another alert, on another search, waits without a call.
    const other = await h.alert(userId, { params: { outbound_date: h.day(33) }, targetPrice: 10 })
    const calls = h.provider.calls.length
    const waited = await h.run()
    expect(h.provider.calls.length).toBe(calls)
    expect(waited.deferredUntil).not.toBeNull()
    const deferred = await h.read(other.id)
    expect(deferred).toMatchObject({ status: 'active', consecutiveFailures: 0, leaseOwner: null })
    expect(deferred.nextCheckAt).toEqual(waited.deferredUntil)
    const [breaker] = (await h.db.select().from(providerBackoffs)).filter((b) => b.scope.startsWith('provider:'))
    expect(breaker).toMatchObject({ failures: 3 })

    // The provider is back; after the cool-down both alerts are checked and the at-risk one recovers.
    h.provider.failWith = null
    h.clock.now = new Date(breaker!.retryAt!.getTime() + 1)
    const recovered = await h.run()
    expect(recovered).toMatchObject({ claimed: 2, providerCalls: 2, written: 2 })
    expect(await h.read(alert.id)).toMatchObject({ status: 'active', consecutiveFailures: 0, statusNote: null })
    expect((await h.read(alert.id)).currentPrice).toBeGreaterThan(0)
    expect(await h.read(other.id)).toMatchObject({ status: 'active', consecutiveFailures: 0 })
    expect(await h.db.select().from(providerBackoffs)).toEqual([])
  })

  it('waits as long as a rate-limited provider asks, and backs the search off for every alert on it', async () => {
    const userId = await h.user()
    const date = h.day(40)
    const first = await h.alert(userId, { params: { outbound_date: date }, targetPrice: 10 })
    h.provider.failWith = new ProviderError('rate_limited', h.provider.id, 'slow down', { status: 429, retryAfterMs: 10 * 60_000 })
    const start = h.clock.now.getTime()
    await h.run()
    expect((await h.read(first.id)).nextCheckAt!.getTime() - start).toBe(10 * 60_000)
    // A second alert on the same search, due now, waits for the search's retry time instead of calling.
    h.provider.failWith = null
    const second = await h.alert(userId, { params: { outbound_date: date, sort_by: 4 }, targetPrice: 10 })
    const calls = h.provider.calls.length
    await h.run()
    expect(h.provider.calls.length).toBe(calls)
    expect((await h.read(second.id)).nextCheckAt!.getTime() - start).toBe(10 * 60_000)
    expect(await h.read(second.id)).toMatchObject({ consecutiveFailures: 0, lastCheckedAt: null })
  })
})
