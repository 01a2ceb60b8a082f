import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expandWindow, pairKey, type DateWindow } from '#shared/alerts/date-window.ts'
import { createHarness, type Harness } from '#tests/support/price-check-harness.ts'
import { alertNotifications } from '../db/schema.ts'

/**
 * Flexible-date alerts through the real engine on the simulated market (decision 055): each check
 * searches a slice of the window plus the cheapest pair seen lately, the alert's price is the
 * cheapest of them, exactly what each pair's own search finds, and a notice names the dates.
 */

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(async () => {
  await h.close()
})

/** One 12-hour interval and the most its jitter adds. */
const NEXT_CHECK = 13 * 3_600_000

describe('flexible-date alerts in the engine (decision 055)', () => {
  it('sweeps the window, prices the alert at the cheapest pair its own searches find, and notifies with the dates', async () => {
    const userId = await h.user('premium')
    const window: DateWindow = { depart_from: h.day(30), depart_to: h.day(33), weekends_only: false, nights: { min: 3, max: 4 } }
    const pairs = expandWindow(window)
    expect(pairs).toHaveLength(8)
    const base = { type: 1, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: window.depart_from, return_date: h.day(33) }
    // The truth: a plain alert on each pair, checked in the same runs (its search is the member's own).
    const plain = new Map<string, string>()
    for (const pair of pairs) {
      const alert = await h.alert(userId, { params: { ...base, outbound_date: pair.departureDate, return_date: pair.returnDate }, targetPrice: 1 })
      plain.set(pairKey(pair), alert.id)
    }
    const flexible = await h.alert(userId, { params: base, targetPrice: 1, row: { dateWindow: window, departureDate: window.depart_to } })

    const searchedBy = async () => {
      const row = await h.read(flexible.id)
      return { row, keys: Object.keys(row.windowState?.prices ?? {}) }
    }
    const truth = async (key: string) => (await h.read(plain.get(key)!)).currentPrice

    // Check 1: one pair of the sweep (8 pairs at two checks a day: one search a check covers them in a week).
    const before = h.provider.calls.length
    await h.run()
    let { row, keys } = await searchedBy()
    expect(row.windowState?.cursor).toBe(1)
    expect(keys).toEqual([pairKey(pairs[0]!)])
    expect(row.currentPrice).toBe(await truth(keys[0]!))
    // The flexible alert's member asked the same question as the plain alert of its dates: one call for both.
    expect(h.provider.calls.length - before).toBe(8)

    // Seven more checks sweep the rest; each also searches the incumbent, the cheapest seen lately.
    for (let check = 2; check <= 8; check++) {
      h.clock.advance(NEXT_CHECK)
      await h.run()
      ;({ row, keys } = await searchedBy())
      expect(row.windowState?.cursor).toBe(check)
      const current = row.windowState!.prices
      const searchedNow = Object.entries(current).filter(([, seen]) => seen.at === h.clock.now.toISOString()).map(([key]) => key)
      expect(searchedNow).toContain(pairKey(pairs[check - 1]!))
      expect(searchedNow.length).toBeLessThanOrEqual(2)
      // The price is the cheapest this check found, each pair's exactly what its own search found.
      const found = await Promise.all(searchedNow.map(truth))
      expect(row.currentPrice).toBe(Math.min(...found.map((p) => p!)))
    }
    expect(keys.sort()).toEqual(pairs.map(pairKey).sort())
  })

  it('notifies with the dates it found, and its search link opens those dates', async () => {
    const userId = await h.user('premium')
    const window: DateWindow = { depart_from: h.day(40), depart_to: h.day(41), weekends_only: false, nights: null }
    const flexible = await h.alert(userId, {
      params: { type: 2, departure_id: 'JFK', arrival_id: 'SFO', outbound_date: window.depart_from },
      targetPrice: 100_000,
      row: { dateWindow: window, departureDate: window.depart_to, checkFrequency: '1h' },
    })
    await h.run()
    const row = await h.read(flexible.id)
    const [notice] = await h.db.select().from(alertNotifications).where(eq(alertNotifications.alertId, flexible.id))
    // Two pairs at a check an hour: one search a check (the sweep takes two hours, well within a week).
    expect(Object.keys(row.windowState!.prices)).toEqual([`${h.day(40)}|`])
    expect(notice!.price).toBe(row.currentPrice)
    expect(notice!.payload.departureDate).toBe(h.day(40))
    expect(notice!.payload.searchUrl).toContain(notice!.payload.departureDate!)
    expect(row.windowState!.prices[`${notice!.payload.departureDate}|`]!.price).toBe(notice!.price)
  })

  it('expires an alert whose window has passed', async () => {
    const userId = await h.user('premium')
    const window: DateWindow = { depart_from: h.day(-5), depart_to: h.day(-2), weekends_only: false, nights: null }
    const flexible = await h.alert(userId, { params: { type: 2, outbound_date: h.day(-5) }, row: { dateWindow: window, departureDate: window.depart_to } })
    await h.run()
    expect((await h.read(flexible.id)).status).toBe('expired')
  })
})
