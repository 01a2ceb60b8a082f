import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import { engineQuery, splitQuery } from '../alerts/search-key.ts'
import { createSerpProvider } from '../flights/providers/serpapi/create-serp-provider.ts'
import { createSimulatedMarket } from '../flights/providers/simulator/simulated-market.ts'
import { narrowAnswer } from './itinerary-filter.ts'
import { cheapestWithin, observedItineraries } from './observed-itinerary.ts'
import { subsumptionPolicy } from './subsumption-policy.ts'

/**
 * Subsumption against the simulated market (decision 053): an alert answered through a broader
 * search gets exactly what its own search would have given: the same itineraries at the same
 * prices, so the same price under any ceiling (or the same "nothing matched").
 */

const NOW = new Date('2027-01-10T10:50:00Z')
const market = createSerpProvider(createSimulatedMarket({ now: () => NOW, bookingUrl: 'http://localhost:3000/api/flights/simulated-seller', shocks: () => [] }))
const policy = subsumptionPolicy(market.id)
const ROUTES = ['JFK-LAX', 'LHR-JFK', 'SIN-KUL', 'CDG-FCO', 'DXB-LHR', 'ORD-LGA', 'SYD-MEL', 'MAD-BCN', 'HND-CTS', 'FRA-LHR', 'ATL-MCO', 'ICN-NRT']
const day = (offset: number) => new Date(NOW.getTime() + offset * 86_400_000).toISOString().slice(0, 10)

const arbWindow = fc.constantFrom('6,11', '12,17', '17,23', '6,20', '22,5', '0,23,12,20', '5,12,9,16')
const arbSearch = fc.record({
  route: fc.constantFrom(...ROUTES),
  out: fc.integer({ min: 2, max: 120 }),
  nights: fc.option(fc.integer({ min: 2, max: 14 }), { nil: null }),
  stops: fc.constantFrom(0, 1, 2, 3),
  airlines: fc.option(fc.record({ mode: fc.constantFrom('include_airlines', 'exclude_airlines'), codes: fc.constantFrom('ONEWORLD', 'SKYTEAM', 'STAR_ALLIANCE', 'AA', 'DL,UA', 'BA', 'LH', 'SQ') }), { nil: null }),
  outbound: fc.option(arbWindow, { nil: null }),
  returning: fc.option(arbWindow, { nil: null }),
  bags: fc.constantFrom(0, 0, 1),
  adults: fc.constantFrom(1, 1, 2),
  cabin: fc.constantFrom(1, 1, 3),
  ceiling: fc.option(fc.integer({ min: 50, max: 3_000 }), { nil: undefined }),
})

type Search = typeof arbSearch extends fc.Arbitrary<infer T> ? T : never

function params(s: Search) {
  const [from, to] = s.route.split('-') as [string, string]
  return alertSearchParamsSchema.parse({
    type: s.nights === null ? 2 : 1,
    departure_id: from,
    arrival_id: to,
    outbound_date: day(s.out),
    ...(s.nights === null ? {} : { return_date: day(s.out + s.nights), ...(s.returning ? { return_times: s.returning } : {}) }),
    stops: s.stops,
    ...(s.airlines ? { [s.airlines.mode]: s.airlines.codes } : {}),
    ...(s.outbound ? { outbound_times: s.outbound } : {}),
    bags: s.bags,
    adults: s.adults,
    travel_class: s.cabin,
  })
}

describe('subsumption on the simulated market', () => {
  it('lists everything and may apply every subsumable filter', () => {
    expect(policy).toEqual({ filters: new Set(['stops', 'airlines', 'times']), complete: true })
  })

  it("answers a narrower alert through the broad search with exactly its own search's itineraries and prices", async () => {
    let split = 0
    let found = 0
    await fc.assert(
      fc.asyncProperty(arbSearch, async (s) => {
        const own = engineQuery(params(s))
        const { broad, filter } = splitQuery(own, policy.filters)
        if (!filter) return
        split++
        const direct = observedItineraries(await market.search(own))
        const derived = narrowAnswer(observedItineraries(await market.search(broad)), filter, policy.complete)
        expect(derived).not.toBeNull()
        if (direct.length > 0) found++
        const view = (list: typeof direct) => list.map((it) => `${it.id}@${it.price}`)
        expect(view(derived!)).toEqual(view(direct))
        expect(cheapestWithin(derived!, s.ceiling)?.price).toBe(cheapestWithin(direct, s.ceiling)?.price)
      }),
      { numRuns: 150 },
    )
    // Most random searches have something to split off: the property is not vacuous.
    expect(split).toBeGreaterThan(60)
    expect(found).toBeGreaterThan(30)
  })

  it("can't read a round trip's nonstop price off the broad answer: why only its outbound window is split off", async () => {
    // Step 1 prices each outbound with its cheapest return of any stops; nonstop binds the return too.
    let differs = 0
    for (const route of ROUTES) {
      const [from, to] = route.split('-') as [string, string]
      const trip = { type: 1, departure_id: from, arrival_id: to, outbound_date: day(30), return_date: day(37) }
      const nonstop = observedItineraries(await market.search(engineQuery(alertSearchParamsSchema.parse({ ...trip, stops: 1 }))))
      const broad = observedItineraries(await market.search(engineQuery(alertSearchParamsSchema.parse(trip))))
      const naive = narrowAnswer(broad, { stops: 1 }, true)!
      if (cheapestWithin(naive, undefined)?.price !== cheapestWithin(nonstop, undefined)?.price) differs++
    }
    expect(differs).toBeGreaterThan(0)
  })
})
