import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expandWindow, pairKey, type DateWindow } from '#shared/alerts/date-window.ts'
import { createHarness, type Harness } from '#tests/support/price-check-harness.ts'

/**
 * Flexible-date alerts in calendar mode (window-calendar.ts, decision 055): on a provider with a
 * fare calendar (the simulated market) one calendar request prices the whole window and the check
 * searches only its cheapest pair, so the alert's price is the window's cheapest at every check;
 * filtered alerts, and any alert whose calendar fails, are swept as on SerpApi.
 */

let h: Harness
beforeAll(async () => {
  h = await createHarness({}, { calendar: true })
})
afterAll(async () => {
  await h.close()
})

const kinds = (from: number) => h.provider.calls.slice(from).map((c) => c.kind)
const count = (list: string[], kind: string) => list.filter((k) => k === kind).length

/** Plain alerts on every pair of the window, checked in the same runs: the truth of each pair is its own search. */
async function plainAlerts(userId: string, base: Record<string, unknown>, window: DateWindow) {
  const plain = new Map<string, string>()
  for (const pair of expandWindow(window)) {
    const params = { ...base, outbound_date: pair.departureDate, ...(pair.returnDate ? { return_date: pair.returnDate } : {}) }
    plain.set(pairKey(pair), (await h.alert(userId, { params, targetPrice: 1 })).id)
  }
  return async () => {
    const prices = new Map<string, number>()
    for (const [key, id] of plain) {
      const price = (await h.read(id)).currentPrice
      if (price !== null) prices.set(key, price)
    }
    return prices
  }
}

describe('flexible-date alerts in calendar mode (decision 055)', () => {
  it('prices the whole window with one calendar request and searches only its cheapest pair, at every check', async () => {
    const userId = await h.user('premium')
    const window: DateWindow = { depart_from: h.day(30), depart_to: h.day(36), weekends_only: false, nights: { min: 3, max: 5 } }
    expect(expandWindow(window)).toHaveLength(21)
    const base = { type: 1, departure_id: 'JFK', arrival_id: 'LAX', return_date: h.day(33) }
    const truth = await plainAlerts(userId, base, window)
    const flexible = await h.alert(userId, { params: { ...base, outbound_date: window.depart_from }, targetPrice: 1, row: { dateWindow: window, departureDate: window.depart_to } })

    for (let check = 1; check <= 3; check++) {
      if (check > 1) h.clock.advance(13 * 3_600_000)
      const before = h.provider.calls.length
      await h.run()
      const prices = await truth()
      const cheapest = Math.min(...prices.values())
      const row = await h.read(flexible.id)
      // Every check: the window's cheapest price, found by the one pair searched this time.
      expect(row.currentPrice).toBe(cheapest)
      const searched = Object.entries(row.windowState!.prices).filter(([, seen]) => seen.at === h.clock.now.toISOString())
      expect(searched).toHaveLength(1)
      expect(prices.get(searched[0]![0])).toBe(cheapest)
      // One calendar request; its pair's search is the plain alert's own (one call for both).
      expect(count(kinds(before), 'calendar')).toBe(1)
      expect(count(kinds(before), 'search')).toBe(21)
    }
  })

  it('asks the calendar once for two alerts on the same route and window', async () => {
    const userId = await h.user('premium')
    const window: DateWindow = { depart_from: h.day(50), depart_to: h.day(60), weekends_only: false, nights: null }
    const params = { type: 2, departure_id: 'BOS', arrival_id: 'MIA', outbound_date: window.depart_from }
    const [a, b] = await h.alerts(userId, [0, 1].map(() => ({ params, targetPrice: 1, row: { dateWindow: window, departureDate: window.depart_to } })))
    const before = h.provider.calls.length
    await h.run()
    expect(count(kinds(before), 'calendar')).toBe(1)
    expect(count(kinds(before), 'search')).toBe(1)
    const [ra, rb] = [await h.read(a!.id), await h.read(b!.id)]
    expect(ra.currentPrice).not.toBeNull()
    expect(rb.currentPrice).toBe(ra.currentPrice)
  })

  it('sweeps a filtered alert as on SerpApi: the calendar does not price a nonstop search', async () => {
    const userId = await h.user('premium')
    const window: DateWindow = { depart_from: h.day(70), depart_to: h.day(77), weekends_only: false, nights: null }
    const nonstop = await h.alert(userId, {
      params: { type: 2, departure_id: 'JFK', arrival_id: 'SFO', outbound_date: window.depart_from, stops: 1 },
      targetPrice: 1,
      row: { dateWindow: window, departureDate: window.depart_to },
    })
    const before = h.provider.calls.length
    await h.run()
    expect(count(kinds(before), 'calendar')).toBe(0)
    const row = await h.read(nonstop.id)
    expect(row.windowState?.cursor).toBe(1)
    expect(Object.keys(row.windowState!.prices)).toEqual([`${window.depart_from}|`])
  })

  it('falls back on the sweep when the calendar fails, and the check still prices the alert', async () => {
    const userId = await h.user('premium')
    const window: DateWindow = { depart_from: h.day(80), depart_to: h.day(83), weekends_only: false, nights: null }
    const flexible = await h.alert(userId, {
      params: { type: 2, departure_id: 'ORD', arrival_id: 'DEN', outbound_date: window.depart_from },
      targetPrice: 1,
      row: { dateWindow: window, departureDate: window.depart_to, checkFrequency: '1h' },
    })
    const calendar = h.provider.priceDates
    h.provider.priceDates = () => Promise.reject(new Error('calendar down'))
    try {
      await h.run()
    } finally {
      h.provider.priceDates = calendar
    }
    const row = await h.read(flexible.id)
    expect(row.currentPrice).not.toBeNull()
    expect(row.windowState?.cursor).toBe(1)
    expect(Object.keys(row.windowState!.prices)).toEqual([`${window.depart_from}|`])
  })
})
