import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '#tests/support/price-check-harness.ts'
import { fareObservations } from '../db/schema.ts'
import { pruneObservations } from './prune-observations.ts'

/** Price checks keep the cheapest fare of their unfiltered searches for the fare calendar (decision 047). */

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(async () => {
  await h.close()
})

const DAY_MS = 86_400_000
const asSearched = { deep_search: true, show_hidden: true }

describe('observed fares from price checks', () => {
  it('records an unfiltered alert search’s lowest price as the check saw it, and nothing for a filtered one', async () => {
    const userId = await h.user()
    const open = await h.alert(userId, { params: { ...asSearched, type: 1, departure_id: 'LHR,LGW', arrival_id: 'JFK', outbound_date: h.day(40), return_date: h.day(47), max_price: 2000 } })
    await h.alert(userId, { params: { ...asSearched, departure_id: 'JFK', arrival_id: 'SFO', outbound_date: h.day(41), stops: 1 } })
    await h.run()

    const rows = await h.db.select().from(fareObservations)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      origin: 'LGW,LHR',
      destination: 'JFK',
      departureDate: h.day(40),
      returnDate: h.day(47),
      cabin: 1,
      adults: 1,
      currency: 'USD',
      source: 'check',
      provider: 'simulated',
      observedAt: h.clock.now,
    })
    // An alert's ceiling is applied after the answer, so the row holds the market's lowest, the alert's current price.
    expect(rows[0]!.lowestPrice).toBe((await h.read(open.id)).currentPrice)
  })

  it('keeps 90 days of them', async () => {
    const now = h.clock.now
    const row = (daysAgo: number) => ({
      origin: 'AAA',
      destination: 'BBB',
      departureDate: h.day(10),
      returnDate: null,
      cabin: 1,
      adults: 1,
      currency: 'USD',
      lowestPrice: 100,
      observedAt: new Date(now.getTime() - daysAgo * DAY_MS),
      source: 'search' as const,
    })
    await h.db.insert(fareObservations).values([row(91), row(89)])
    await pruneObservations(h.db, now)
    const left = (await h.db.select().from(fareObservations)).filter((r) => r.origin === 'AAA')
    expect(left.map((r) => r.observedAt)).toEqual([new Date(now.getTime() - 89 * DAY_MS)])
  })
})
