import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import type { TrackedFlight } from '#shared/alerts/alert.ts'
import type { Itinerary } from '#shared/flights/model.ts'
import { createHarness, type Harness } from '#tests/support/price-check-harness.ts'
import { flightNumberDigits } from './observed-itinerary.ts'
import { engineQuery } from '../alerts/search-key.ts'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(async () => {
  await h.close()
})

const HOUR = 3_600_000
/** As the web app tracks a selection: every segment flown. */
const trackedOf = (itineraries: Itinerary[]): TrackedFlight[] =>
  itineraries.flatMap((it) =>
    it.segments.map((s) => ({
      marketing_airline: s.airline.code!,
      marketing_flight_number: flightNumberDigits(s.flightNumber),
      departure_airport_id: s.departure.airport,
      arrival_airport_id: s.arrival.airport,
      departure_local_time: s.departure.time,
      arrival_local_time: s.arrival.time,
    })),
  )
const search = (params: Record<string, unknown>) => h.provider.search(engineQuery(alertSearchParamsSchema.parse(params)))

describe('flight alerts', () => {
  it('prices a one-way flight alert at its tracked flight, not the cheapest one', async () => {
    const params = { type: 2, departure_id: 'JFK', arrival_id: 'LHR', outbound_date: h.day(25) }
    const options = await search(params)
    const all = [...options.best, ...options.other].filter((it) => it.price !== null).sort((a, b) => a.price! - b.price!)
    const pricier = all.at(-1)!
    expect(pricier.price).toBeGreaterThan(all[0]!.price!)
    const userId = await h.user()
    const alert = await h.alert(userId, { params, alertType: 'flight', trackedFlights: trackedOf([pricier]), targetPrice: 10 })
    await h.run()
    expect(await h.read(alert.id)).toMatchObject({ status: 'active', currentPrice: pricier.price, consecutiveMisses: 0 })
  })

  it('prices a round-trip flight alert at the tracked outbound and return together', async () => {
    const params = { type: 1, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: h.day(26), return_date: h.day(33) }
    const outbound = (await search(params)).other.find((it) => it.departureToken && it.price !== null)!
    const query = engineQuery(alertSearchParamsSchema.parse(params))
    const returns = await h.provider.next(query, outbound.departureToken!, {})
    const back = [...returns.best, ...returns.other].filter((it) => it.price !== null).at(-1)!
    const userId = await h.user()
    const alert = await h.alert(userId, { params, alertType: 'flight', trackedFlights: trackedOf([outbound, back]), targetPrice: 10 })
    h.provider.calls.length = 0
    await h.run()
    expect(await h.read(alert.id)).toMatchObject({ status: 'active', currentPrice: back.price })
    // The search, then the returns for the tracked outbound.
    expect(h.provider.calls.map((c) => c.kind)).toEqual(['search', 'next'])
  })

  it('marks a flight alert At Risk when its flight disappears, and archives it after 3 misses', async () => {
    const params = { type: 2, departure_id: 'JFK', arrival_id: 'SFO', outbound_date: h.day(27) }
    const found = await search(params)
    const first = [...found.best, ...found.other][0]
    const tracked = trackedOf([first!]).map((flight) => ({ ...flight, departure_local_time: flight.departure_local_time.replace(/T\d\d/, 'T03') }))
    const userId = await h.user()
    const alert = await h.alert(userId, { params, alertType: 'flight', trackedFlights: tracked, targetPrice: 10 })
    for (const misses of [1, 2]) {
      await h.run()
      const row = await h.read(alert.id)
      expect(row).toMatchObject({ status: 'at_risk', consecutiveMisses: misses, currentPrice: null })
      expect(row.statusNote).toContain(`${tracked[0]!.marketing_airline} ${tracked[0]!.marketing_flight_number}`)
      h.clock.advance(13 * HOUR)
    }
    await h.run()
    const archived = await h.read(alert.id)
    expect(archived).toMatchObject({ status: 'archived_not_found', consecutiveMisses: 3, nextCheckAt: null })
    // Never checked again.
    h.clock.advance(13 * HOUR)
    await h.run()
    expect((await h.read(alert.id)).lastCheckedAt).toEqual(archived.lastCheckedAt)
  })
})
