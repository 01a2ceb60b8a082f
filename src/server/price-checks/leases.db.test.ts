import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '#tests/support/price-check-harness.ts'
import { alertPrices, alerts } from '../db/schema.ts'
import { checkClaimedAlerts } from './check-claimed-alerts.ts'
import { claimDueAlerts } from './claim-due-alerts.ts'
import { startPriceChecks } from './start-price-checks.ts'

let h: Harness
beforeEach(async () => {
  h = await createHarness({ leaseMs: 60_000 })
})
afterEach(async () => {
  await h.close()
})

const points = (id: string) => h.db.select().from(alertPrices).where(eq(alertPrices.alertId, id))

describe('leases', () => {
  it('gives a crashed worker’s alerts to the next worker once the lease has run out', async () => {
    const alert = await h.alert(await h.user())
    // A worker claims the alert and dies before writing anything.
    const [claimed] = await claimDueAlerts(h.db, { owner: 'crashed:1', now: h.clock.now, leaseMs: 60_000, limit: 10 })
    expect(claimed).toMatchObject({ id: alert.id, leaseOwner: 'crashed:1' })
    expect((await h.run()).claimed).toBe(0)
    h.clock.advance(60_000)
    expect(await h.run()).toMatchObject({ claimed: 1, written: 1 })
    expect(await h.read(alert.id)).toMatchObject({ leaseOwner: null, leaseUntil: null })
    expect(await points(alert.id)).toHaveLength(1)
  })

  it('drops the results of a worker whose lease ran out and was taken over', async () => {
    const alert = await h.alert(await h.user())
    const slow = await claimDueAlerts(h.db, { owner: 'slow:1', now: h.clock.now, leaseMs: 60_000, limit: 10 })
    h.clock.advance(61_000)
    // The next worker takes it over and checks it.
    expect(await h.run()).toMatchObject({ claimed: 1, written: 1 })
    // The slow worker finishes late: nothing of its check lands.
    const late = await checkClaimedAlerts(h.deps, { owner: 'slow:1', claimed: slow })
    expect(late.written).toBe(0)
    expect(late.notifications).toBe(0)
    expect(await points(alert.id)).toHaveLength(1)
  })

  it('leaves an alert the user paused during its check as the user left it', async () => {
    const alert = await h.alert(await h.user(), { targetPrice: 100_000 })
    const claimed = await claimDueAlerts(h.db, { owner: 'w:1', now: h.clock.now, leaseMs: 60_000, limit: 10 })
    await h.db.update(alerts).set({ status: 'paused' }).where(eq(alerts.id, alert.id))
    const report = await checkClaimedAlerts(h.deps, { owner: 'w:1', claimed })
    expect(report).toMatchObject({ written: 0, notifications: 0 })
    expect(await h.read(alert.id)).toMatchObject({ status: 'paused', lastCheckedAt: null, leaseOwner: null })
  })
})

describe('claims', () => {
  it('take the other due alerts of the searches they picked, so a batch asks a search once', async () => {
    const userId = await h.user('unlimited')
    const minutesAgo = async (alert: { id: string }, minutes: number) =>
      h.db.update(alerts).set({ nextCheckAt: new Date(h.clock.now.getTime() - minutes * 60_000) }).where(eq(alerts.id, alert.id))
    const one = { params: { outbound_date: h.day(40) } }
    const oldest = await h.alert(userId, one)
    const other = await h.alert(userId, { params: { outbound_date: h.day(41) } })
    const third = await h.alert(userId, { params: { outbound_date: h.day(42) } })
    const mates = await Promise.all([h.alert(userId, { ...one, targetPrice: 5 }), h.alert(userId, { ...one, params: { ...one.params, sort_by: 3 } })])
    const notDue = await h.alert(userId, one)
    const paused = await h.alert(userId, { ...one, status: 'paused' })
    const held = await h.alert(userId, one)
    await minutesAgo(oldest, 10)
    await minutesAgo(other, 9)
    await minutesAgo(third, 8)
    for (const mate of mates) await minutesAgo(mate, 1)
    await h.db.update(alerts).set({ nextCheckAt: new Date(h.clock.now.getTime() + 60_000) }).where(eq(alerts.id, notDue.id))
    // Another worker's batch holds this one.
    await h.db.update(alerts).set({ leaseOwner: 'other:1', leaseUntil: new Date(h.clock.now.getTime() + 60_000) }).where(eq(alerts.id, held.id))

    const claimed = await claimDueAlerts(h.db, { owner: 'w:1', now: h.clock.now, leaseMs: 60_000, limit: 2 })
    expect(claimed.map((a) => a.id)).toEqual([oldest.id, other.id, ...mates.map((m) => m.id)])
    expect(claimed.every((a) => a.leaseOwner === 'w:1')).toBe(true)
    for (const left of [third, notDue, paused, held]) expect((await h.read(left.id)).leaseOwner).not.toBe('w:1')

    // The batch asks the shared search once for its three alerts.
    const report = await checkClaimedAlerts(h.deps, { owner: 'w:1', claimed })
    expect(report).toMatchObject({ groups: 2, providerCalls: 2, written: 4 })
  })
})

describe('the worker loop', () => {
  it('checks due alerts on its own and stops cleanly', async () => {
    const userId = await h.user()
    const due = await Promise.all([h.alert(userId), h.alert(userId, { params: { outbound_date: h.day(31) } })])
    const worker = startPriceChecks(h.deps)
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline) {
      const rows = await Promise.all(due.map((a) => h.read(a.id)))
      if (rows.every((r) => r.lastCheckedAt)) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await worker.stop()
    for (const alert of due) expect(await points(alert.id)).toHaveLength(1)
    // Stopped: a newly due alert stays unchecked.
    const later = await h.alert(userId, { params: { outbound_date: h.day(32) } })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await h.read(later.id)).lastCheckedAt).toBeNull()
  })
})
