import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DateWindow } from '#shared/alerts/date-window.ts'
import { createHarness, type Harness } from '#tests/support/price-check-harness.ts'
import { alertNotifications } from '../db/schema.ts'

/**
 * A flexible alert's window may limit the time of day (date_window.outbound_times / return_times,
 * decision 055; the API and the CSV import take them). Every date pair's search carries those
 * limits, so the alert's price and notice are what a fixed-date alert with the same limits finds,
 * never a cheaper flight at an hour the traveller ruled out. Found by the fidelity benchmark
 * (scripts/bench-engine/fidelity-extras.ts): before, the members searched without the limits.
 */

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(async () => {
  await h.close()
})

/**
 * Fixed-date alerts on `params` limited to the morning and to the afternoon and evening in
 * `direction`, checked now: the limit (and its price) that is dearer than no limit, so the test
 * would see a member that searched without it.
 */
async function dearerLimit(userId: string, params: Record<string, unknown>, direction: 'outbound_times' | 'return_times') {
  const any = await h.alert(userId, { params, targetPrice: 1 })
  const limited = await Promise.all(['0,11', '13,23'].map(async (times) => ({ times, alert: await h.alert(userId, { params: { ...params, [direction]: times }, targetPrice: 1 }) })))
  await h.run()
  const anyPrice = (await h.read(any.id)).currentPrice!
  for (const { times, alert } of limited) {
    const price = (await h.read(alert.id)).currentPrice
    if (price !== null && price > anyPrice) return { times, price }
  }
  throw new Error('no time limit changes the price here: pick another search')
}

const noticePrice = async (alertId: string) => (await h.db.select().from(alertNotifications).where(eq(alertNotifications.alertId, alertId)))[0]?.price

describe('a flexible alert’s times of day (decision 055)', () => {
  it('one way: each pair is searched with the window’s departure hours', async () => {
    const userId = await h.user('premium')
    const day = h.day(40)
    const params = { type: 2, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: day }
    const truth = await dearerLimit(userId, params, 'outbound_times')

    // Checked at the same hour of the market's clock: the fixed-date alert with the limit is the truth.
    const window: DateWindow = { depart_from: day, depart_to: day, weekends_only: false, nights: null, outbound_times: truth.times }
    const flexible = await h.alert(userId, { params, targetPrice: 100_000, row: { dateWindow: window, departureDate: day } })
    await h.run()
    expect((await h.read(flexible.id)).currentPrice).toBe(truth.price)
    expect(await noticePrice(flexible.id)).toBe(truth.price)
  })

  it('round trip: the return is searched with the window’s return hours', async () => {
    const userId = await h.user('premium')
    const [out, back] = [h.day(44), h.day(48)]
    const params = { type: 1, departure_id: 'JFK', arrival_id: 'SFO', outbound_date: out, return_date: back }
    const truth = await dearerLimit(userId, params, 'return_times')

    const window: DateWindow = { depart_from: out, depart_to: out, weekends_only: false, nights: { min: 4, max: 4 }, return_times: truth.times }
    const flexible = await h.alert(userId, { params, targetPrice: 100_000, row: { dateWindow: window, departureDate: out } })
    await h.run()
    expect((await h.read(flexible.id)).currentPrice).toBe(truth.price)
    expect(await noticePrice(flexible.id)).toBe(truth.price)
  })
})
