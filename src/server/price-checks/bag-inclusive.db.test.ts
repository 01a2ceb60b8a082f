import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '#tests/support/price-check-harness.ts'
import { alertNotifications, alerts, bagFeeSchedules } from '../db/schema.ts'
import { ProviderError } from '../flights/providers/provider.ts'

/**
 * Bag-inclusive alerts through the real engine on the simulated market (decision 055): the price is
 * the fare its own search finds plus the checked bags at the fare's published fees, for every
 * traveller and direction; the fees are read once from booking options and kept; the notice shows
 * the parts.
 */

let h: Harness
let bookingCalls = 0
beforeAll(async () => {
  h = await createHarness()
  const original = h.provider.bookingOptions.bind(h.provider)
  h.provider.bookingOptions = (query, token, ctx) => {
    bookingCalls++
    return original(query, token, ctx)
  }
})
afterAll(async () => {
  await h.close()
})

const NEXT_CHECK = 13 * 3_600_000
const checkedFee = async () => {
  const rows = await h.db.select().from(bagFeeSchedules)
  return rows
}

describe('bag-inclusive alerts in the engine (decision 055)', () => {
  it('prices a one-way alert at the fare plus its checked bag at the published fee, and tells the parts', async () => {
    const userId = await h.user('premium')
    const params = { type: 2, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: h.day(45) }
    const fareOnly = await h.alert(userId, { params, targetPrice: 1 })
    const withBag = await h.alert(userId, { params, targetPrice: 100_000, row: { bags: { carry_on: 0, checked: 1 } } })
    await h.run()

    const fare = (await h.read(fareOnly.id)).currentPrice!
    const [kept] = await checkedFee()
    // JFK–LAX is under 4,000 km: the simulated airlines' first checked bag is $35, each way.
    expect(kept!.fees.directions).toHaveLength(1)
    expect(kept!.fees.directions[0]!.fees['checked:1']).toEqual({ amount: 35, currency: 'USD' })
    expect((await h.read(withBag.id)).currentPrice).toBe(fare + 35)
    expect(bookingCalls).toBe(1)

    const [notice] = await h.db.select().from(alertNotifications).where(eq(alertNotifications.alertId, withBag.id))
    expect(notice!.price).toBe(fare + 35)
    expect(notice!.payload.bags).toEqual({ fare, items: [{ kind: 'checked', count: 1, price: 35 }] })

    // The next check reads the kept fees. They are kept per first carrier: 13 hours on, the cheapest
    // fare may be another airline's, whose fees are asked once; a carrier already kept is never asked again.
    h.clock.advance(NEXT_CHECK)
    await h.run()
    expect(bookingCalls).toBe((await checkedFee()).length)
    expect((await h.read(withBag.id)).currentPrice).toBe((await h.read(fareOnly.id)).currentPrice! + 35)

    // Checked again a minute later (the same fare, so the same carrier): the kept fees answer, no call.
    const calls = bookingCalls
    h.clock.advance(60_000)
    await h.db.update(alerts).set({ nextCheckAt: h.clock.now }).where(inArray(alerts.id, [withBag.id, fareOnly.id]))
    await h.run()
    expect((await h.read(withBag.id)).lastCheckedAt).toEqual(h.clock.now)
    expect(bookingCalls).toBe(calls)
    expect((await h.read(withBag.id)).currentPrice).toBe((await h.read(fareOnly.id)).currentPrice! + 35)
  })

  it('charges a round trip’s bags both ways for every traveller, after finding the return that books it', async () => {
    const userId = await h.user('premium')
    const params = { type: 1, departure_id: 'BOS', arrival_id: 'LHR', outbound_date: h.day(50), return_date: h.day(57), adults: 2 }
    const fareOnly = await h.alert(userId, { params, targetPrice: 1 })
    const withBags = await h.alert(userId, { params, targetPrice: 1, row: { bags: { carry_on: 0, checked: 2 } } })
    await h.run()
    const fare = (await h.read(fareOnly.id)).currentPrice!
    // Over 4,000 km: $75 for the first bag and $100 for the second, two travellers, out and back.
    expect((await h.read(withBags.id)).currentPrice).toBe(fare + (75 + 100) * 2 * 2)
  })
})

describe('a failed bag-fee call', () => {
  it('fails the bag-inclusive alert’s check alone, not its search’s other alerts', async () => {
    const userId = await h.user('premium')
    const params = { type: 2, departure_id: 'ORD', arrival_id: 'MIA', outbound_date: h.day(46) }
    const fareOnly = await h.alert(userId, { params, targetPrice: 1 })
    const withBag = await h.alert(userId, { params, targetPrice: 1, row: { bags: { carry_on: 0, checked: 1 } } })
    const original = h.provider.bookingOptions
    h.provider.bookingOptions = () => Promise.reject(new ProviderError('upstream', 'simulated', 'booking options failed', { status: 502 }))
    try {
      await h.run()
    } finally {
      h.provider.bookingOptions = original
    }
    expect((await h.read(fareOnly.id)).currentPrice).not.toBeNull()
    expect(await h.read(withBag.id)).toMatchObject({ currentPrice: null, consecutiveFailures: 1 })
  })
})
