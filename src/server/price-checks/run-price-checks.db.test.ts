import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '#tests/support/price-check-harness.ts'
import { alertNotifications, alertPrices, alerts, priceObservations } from '../db/schema.ts'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(async () => {
  await h.close()
})

const HOUR = 3_600_000
const notices = (alertId: string) => h.db.select().from(alertNotifications).where(eq(alertNotifications.alertId, alertId))
const history = (alertId: string) => h.db.select().from(alertPrices).where(eq(alertPrices.alertId, alertId))

/** The market's lowest JFK → LAX price on the alert's date right now (one check of a throwaway alert). */
async function marketPrice(userId: string, date: string): Promise<number> {
  const probe = await h.alert(userId, { params: { outbound_date: date }, targetPrice: 1 })
  await h.run()
  return (await h.read(probe.id)).currentPrice!
}

describe('price checks: trigger and re-arm on the simulated market', () => {
  it('notifies once on a drop, not again while it stays below, again after it went back above and crossed', async () => {
    const userId = await h.user()
    const date = h.day(45)
    const price = await marketPrice(userId, date)
    const alert = await h.alert(userId, { params: { outbound_date: date, sort_by: 1 }, targetPrice: Math.round(price * 0.8) })

    // 1. Above the target: checked, recorded, scheduled; nothing to tell.
    await h.run()
    let row = await h.read(alert.id)
    expect(row).toMatchObject({ status: 'active', armed: true, consecutiveFailures: 0, leaseOwner: null })
    expect(row.currentPrice).toBeGreaterThan(alert.targetPrice)
    expect(row.lastCheckedAt).toEqual(h.clock.now)
    // 12 h plus jitter (random pinned at 0.5: 15 minutes).
    expect(row.nextCheckAt!.getTime() - h.clock.now.getTime()).toBe(12 * HOUR + 15 * 60_000)
    expect(await notices(alert.id)).toHaveLength(0)

    // Not due yet: another cycle leaves it alone.
    expect((await h.run()).claimed).toBe(0)

    // 2. A 50 % price shock for 30 hours: the next check triggers (re-checked fresh first), once.
    await h.shocks.apply({ from: 'JFK', to: 'LAX', departureDate: date, factor: 0.5, hours: 30 })
    h.clock.advance(13 * HOUR)
    h.provider.calls.length = 0
    const cycle = await h.run()
    expect(cycle.notifications).toBe(1)
    // One cycle: the scheduled call, then the fresh re-check before the notice.
    expect(h.provider.calls).toEqual([
      { kind: 'search', fresh: false },
      { kind: 'search', fresh: true },
    ])
    row = await h.read(alert.id)
    expect(row).toMatchObject({ status: 'triggered', armed: false })
    expect(row.currentPrice).toBeLessThanOrEqual(alert.targetPrice)
    expect(row.lastNotifiedPrice).toBe(row.currentPrice)
    const [notice] = await notices(alert.id)
    const [fresh] = await h.db.select().from(priceObservations).where(eq(priceObservations.fresh, true))
    expect(notice).toMatchObject({ channel: 'email', status: 'pending', dedupeKey: `${alert.id}:${fresh!.id}:email`, price: row.currentPrice })

    // 3. Still below at the next check (the shock lasts 30 h): recorded, no second notice.
    h.clock.advance(13 * HOUR)
    await h.run()
    expect(await h.read(alert.id)).toMatchObject({ status: 'triggered', armed: false })
    expect(await notices(alert.id)).toHaveLength(1)

    // 4. The shock has ended: back above the target, re-armed, still one notice.
    h.clock.advance(13 * HOUR)
    await h.run()
    row = await h.read(alert.id)
    expect(row).toMatchObject({ status: 'active', armed: true })
    expect(await notices(alert.id)).toHaveLength(1)

    // 5. A new drop crosses again: a second notice for a new price event.
    await h.shocks.apply({ from: 'JFK', to: 'LAX', departureDate: date, factor: 0.5, hours: 30 })
    h.clock.advance(13 * HOUR)
    await h.run()
    const all = await notices(alert.id)
    expect(all).toHaveLength(2)
    expect(new Set(all.map((n) => n.dedupeKey)).size).toBe(2)
    expect((await history(alert.id)).length).toBe(5)
  })

  it('checks an Unlimited alert every 15 minutes: not before, and again once due', async () => {
    const userId = await h.user()
    const alert = await h.alert(userId, { params: { outbound_date: h.day(30) }, targetPrice: 1, checkFrequency: '15m' })
    await h.run()
    const first = await h.read(alert.id)
    // 15 minutes plus jitter (5 % of the interval at most; random pinned at 0.5: 22.5 seconds).
    expect(first.nextCheckAt!.getTime() - h.clock.now.getTime()).toBe(15 * 60_000 + 22_500)
    h.clock.advance(14 * 60_000)
    expect((await h.run()).claimed).toBe(0)
    h.clock.advance(2 * 60_000)
    expect((await h.run()).claimed).toBe(1)
    expect((await h.read(alert.id)).lastCheckedAt).toEqual(h.clock.now)
  })

  it('does not notify when the fresh re-check no longer shows the drop', async () => {
    const userId = await h.user()
    const date = h.day(50)
    const price = await marketPrice(userId, date)
    const alert = await h.alert(userId, { params: { outbound_date: date }, targetPrice: Math.round(price * 0.8) })
    // A stale cache shows half price; the provider's live answer does not.
    h.provider.bend = (result, call) =>
      call.fresh ? result : { ...result, best: result.best.map((it) => ({ ...it, price: it.price && it.price / 2 })), other: result.other.map((it) => ({ ...it, price: it.price && it.price / 2 })) }
    h.clock.advance(HOUR)
    try {
      await h.run()
    } finally {
      h.provider.bend = null
    }
    const row = await h.read(alert.id)
    expect(row).toMatchObject({ status: 'active', armed: true, lastNotifiedPrice: null })
    expect(row.currentPrice).toBeGreaterThan(alert.targetPrice)
    expect(await notices(alert.id)).toHaveLength(0)
  })

  it('never checks paused, disabled or archived alerts, and stores a past departure as expired', async () => {
    // Its own database: no other test's alerts come due here.
    const own = await createHarness()
    try {
      const userId = await own.user()
      const paused = await own.alert(userId, { status: 'paused' })
      const disabled = await own.alert(userId, { status: 'disabled' })
      const archived = await own.alert(userId, { status: 'archived_not_found' })
      const past = await own.alert(userId)
      // The departure passed while the alert waited (a date no longer current anywhere on Earth).
      await own.db.update(alerts).set({ departureDate: own.day(-2) }).where(eq(alerts.id, past.id))
      expect((await own.run()).claimed).toBe(1)
      expect(own.provider.calls).toEqual([])
      for (const alert of [paused, disabled, archived]) {
        const row = await own.read(alert.id)
        expect(row.lastCheckedAt).toBeNull()
        expect(row.status).toBe(alert.status)
      }
      expect(await own.read(past.id)).toMatchObject({ status: 'expired', nextCheckAt: null, leaseOwner: null })
      expect(await own.db.select().from(alertPrices).where(eq(alertPrices.alertId, past.id))).toEqual([])
    } finally {
      await own.close()
    }
  })
})
