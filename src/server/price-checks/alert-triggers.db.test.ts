import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '#tests/support/price-check-harness.ts'
import { alertNotifications } from '../db/schema.ts'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(async () => {
  await h.close()
})

describe('the engine applies each alert’s own trigger rule (decision 051)', () => {
  it('judges alerts of one search by their own trigger and step', async () => {
    const userId = await h.user('premium')
    const params = { outbound_date: h.day(33) }
    // Every alert already told its traveller of $100,000, far above the market: the market's price now is
    // a further drop of more than 5 % but less than $1,000,000, and well under the price when set.
    const told = { armed: false, lastNotifiedPrice: 100_000 }
    const below = await h.alert(userId, { params, targetPrice: 100_000, row: told })
    const bigStep = await h.alert(userId, { params, targetPrice: 100_000, row: { ...told, renotifyStep: { unit: 'amount', value: 1_000_000 } } })
    // A new-low rule that has already seen $1: today's price is no new low, though it is armed and under its target.
    const seenLower = await h.alert(userId, { params, targetPrice: 100_000, row: { trigger: 'new_low', baselinePrice: 100_000, lowestPrice: 1 } })
    // A new-low rule with no history: today's price is a new low a step under the price when set.
    const fresh = await h.alert(userId, { params, targetPrice: 100_000, row: { trigger: 'new_low', baselinePrice: 100_000, armed: false } })

    const cycle = await h.run()
    expect(cycle).toMatchObject({ claimed: 4, notifications: 2 })
    const rows = await h.db.select().from(alertNotifications)
    const notified = new Set(rows.map((row) => row.alertId))
    // The notice says its rule, so its words can say "a new low" (not "below your target").
    expect(rows.find((row) => row.alertId === fresh.id)!.payload.rule).toEqual({ trigger: 'new_low', baselinePrice: 100_000, dropPercent: null })
    expect(rows.find((row) => row.alertId === below.id)!.payload).not.toHaveProperty('rule')
    expect(notified).toEqual(new Set([below.id, fresh.id]))
    expect(notified.has(bigStep.id) || notified.has(seenLower.id)).toBe(false)
    // The new-low rule remembers the notice; the one that saw $1 keeps its lowest.
    const market = (await h.read(fresh.id)).currentPrice!
    expect(await h.read(fresh.id)).toMatchObject({ lastNotifiedPrice: market, lowestPrice: market, status: 'triggered' })
    expect(await h.read(seenLower.id)).toMatchObject({ lastNotifiedPrice: null, lowestPrice: 1 })
  })

  it('holds the notices of an alert in its quiet hours until the window ends, and sends the others at once', async () => {
    const userId = await h.user('premium')
    const params = { outbound_date: h.day(34) }
    const now = h.clock.now
    const hhmm = (date: Date) => date.toISOString().slice(11, 16)
    // A window around this moment, in UTC, and one that ended an hour ago.
    const around = { start: hhmm(new Date(now.getTime() - 3_600_000)), end: hhmm(new Date(now.getTime() + 2 * 3_600_000)), time_zone: 'UTC' }
    const past = { start: hhmm(new Date(now.getTime() - 3 * 3_600_000)), end: hhmm(new Date(now.getTime() - 3_600_000)), time_zone: 'UTC' }
    const held = await h.alert(userId, { params, targetPrice: 100_000, row: { quietHours: around } })
    const awake = await h.alert(userId, { params, targetPrice: 100_000, row: { quietHours: past } })
    expect(await h.run()).toMatchObject({ claimed: 2, notifications: 2 })

    const rows = await h.db.select().from(alertNotifications)
    const dueOf = (alertId: string) => rows.find((row) => row.alertId === alertId)!.nextAttemptAt.getTime()
    const end = new Date(now.getTime() + 2 * 3_600_000)
    end.setUTCSeconds(0, 0)
    expect(dueOf(held.id)).toBe(end.getTime())
    expect(dueOf(awake.id)).toBe(now.getTime())
  })
})
