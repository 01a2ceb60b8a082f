import { describe, expect, it } from 'vitest'
import { distanceKm, findAirport } from '../../../reference-data/airports.ts'
import type { SerpFlightsResponse, SerpItinerary, SerpQuery } from '../serpapi/serp-types.ts'
import { createSimulatedMarket } from './simulated-market.ts'

/**
 * One-way searches on the whole simulated market, checked the way a caller sees the answer:
 * SerpApi-shaped JSON with local airport times. Times are checked against an independent Intl
 * conversion, not the simulator's own time-zone helpers.
 */

const NOW = new Date('2026-11-02T09:30:00Z')
const DATE = '2026-12-08' // a Tuesday, five weeks out
const market = () => createSimulatedMarket({ now: () => NOW, bookingUrl: 'https://faredrop.test/api/flights/simulated-seller' })
const oneWay = (from: string, to: string, extra: SerpQuery = {}): SerpQuery => ({ type: 2, departure_id: from, arrival_id: to, outbound_date: DATE, ...extra })
const listed = (r: SerpFlightsResponse): SerpItinerary[] => [...(r.best_flights ?? []), ...(r.other_flights ?? [])]

const formats = new Map<string, Intl.DateTimeFormat>()
/** "YYYY-MM-DD HH:MM" wall-clock time in the zone at that instant. */
function wallClock(utcMs: number, timeZone: string): string {
  let f = formats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    formats.set(timeZone, f)
  }
  const part = Object.fromEntries(f.formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]))
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`
}
/** The UTC instant of a local "YYYY-MM-DD HH:MM" at an airport. */
function airportUtc(local: string, iata: string): number {
  const zone = findAirport(iata)!.timeZone
  const naive = Date.parse(`${local.replace(' ', 'T')}:00Z`)
  const offset = (at: number) => Date.parse(`${wallClock(at, zone).replace(' ', 'T')}:00Z`) - at
  const utc = naive - offset(naive - offset(naive))
  expect(wallClock(utc, zone)).toBe(local)
  return utc
}
/** Arrival = departure + block time in real time, layovers = the gaps, total = first departure to last arrival. */
function expectConsistentTimes(it: SerpItinerary): void {
  const deps = it.flights.map((f) => airportUtc(f.departure_airport.time, f.departure_airport.id))
  const arrs = it.flights.map((f) => airportUtc(f.arrival_airport.time, f.arrival_airport.id))
  it.flights.forEach((f, i) => expect((arrs[i]! - deps[i]!) / 60_000).toBe(f.duration))
  ;(it.layovers ?? []).forEach((l, i) => {
    expect(l.id).toBe(it.flights[i]!.arrival_airport.id)
    expect(it.flights[i + 1]!.departure_airport.id).toBe(l.id)
    expect((deps[i + 1]! - arrs[i]!) / 60_000).toBe(l.duration)
  })
  expect((arrs.at(-1)! - deps[0]!) / 60_000).toBe(it.total_duration)
}

describe('simulated market: a one-way search JFK→LHR', async () => {
  const answer = await market().fetch(oneWay('JFK', 'LHR'))
  const all = listed(answer)

  it('answers like SerpApi: 3–5 best flights, the rest in other_flights, every one priced and bookable', () => {
    expect(answer.error).toBeUndefined()
    expect(answer.search_metadata?.status).toBe('Success')
    expect(answer.best_flights?.length).toBeGreaterThanOrEqual(3)
    expect(answer.best_flights?.length).toBeLessThanOrEqual(5)
    expect(answer.other_flights?.length).toBeGreaterThan(0)
    for (const it of all) {
      expect(it.type).toBe('One way')
      expect(it.price).toEqual(expect.any(Number))
      expect(it.price).toBeGreaterThan(100)
      expect(it.price).toBeLessThan(2_000)
      expect(it.booking_token).toEqual(expect.any(String))
      expect(it.departure_token).toBeUndefined()
      expect(it.flights[0]!.departure_airport.id).toBe('JFK')
      expect(it.flights.at(-1)!.arrival_airport.id).toBe('LHR')
    }
    expect(answer.airports).toEqual([{ departure: [expect.objectContaining({ airport: expect.objectContaining({ id: 'JFK' }) })], arrival: [expect.objectContaining({ airport: expect.objectContaining({ id: 'LHR' }) })] }])
  })

  it('offers nonstops and connections, and leaves on the requested local date', () => {
    expect(all.some((it) => it.flights.length === 1)).toBe(true)
    expect(all.some((it) => it.flights.length === 2)).toBe(true)
    for (const it of all) expect(it.flights[0]!.departure_airport.time.slice(0, 10)).toBe(DATE)
  })

  it('gives each flight a block time of distance at ~780 km/h plus 20–30 min, give or take the wind', () => {
    for (const seg of all.flatMap((it) => it.flights)) {
      const km = distanceKm(findAirport(seg.departure_airport.id)!, findAirport(seg.arrival_airport.id)!)
      const cruise = (km / 780) * 60
      expect(seg.duration).toBeGreaterThanOrEqual(Math.max(35, cruise * 0.94 + 20 - 2.5))
      expect(seg.duration).toBeLessThanOrEqual(Math.max(35, cruise * 1.06 + 30 + 2.5))
      expect(seg.duration % 5).toBe(0)
    }
    const nonstop = all.find((it) => it.flights.length === 1)!
    expect(nonstop.total_duration).toBeGreaterThan(6 * 60)
    expect(nonstop.total_duration).toBeLessThan(8 * 60)
  })

  it('shows local times in each airport’s own zone: arrival = departure + block time, layovers = the gaps', () => {
    expect(findAirport('JFK')!.timeZone).toBe('America/New_York')
    expect(findAirport('LHR')!.timeZone).toBe('Europe/London')
    for (const it of all) expectConsistentTimes(it)
  })

  it('stays consistent across daylight-saving changes (US on 2027-03-14, Europe on 2027-03-28)', async () => {
    const winter = createSimulatedMarket({ now: () => new Date('2027-02-01T12:00:00Z'), bookingUrl: 'https://faredrop.test/seller' })
    for (const date of ['2027-03-14', '2027-03-28']) {
      for (const [from, to] of [['JFK', 'LHR'], ['LHR', 'JFK']] as const) {
        const found = listed(await winter.fetch(oneWay(from, to, { outbound_date: date })))
        expect(found.length).toBeGreaterThan(0)
        for (const it of found) expectConsistentTimes(it)
      }
    }
  })

  it('keeps layovers between 45 and 300 minutes and flags the ones that span local midnight', () => {
    const layovers = all.flatMap((it) => (it.layovers ?? []).map((l, i) => ({ l, before: it.flights[i]!, after: it.flights[i + 1]! })))
    expect(layovers.length).toBeGreaterThan(0)
    for (const { l, before, after } of layovers) {
      expect(l.duration).toBeGreaterThanOrEqual(45)
      expect(l.duration).toBeLessThanOrEqual(300)
      const spansMidnight = before.arrival_airport.time.slice(0, 10) !== after.departure_airport.time.slice(0, 10)
      expect(l.overnight === true).toBe(spansMidnight)
    }
  })

  it('marks flights that land on a later local date as overnight (evening departures arrive +1 day)', () => {
    const segments = all.flatMap((it) => it.flights)
    for (const seg of segments) {
      expect(seg.overnight === true).toBe(seg.arrival_airport.time.slice(0, 10) > seg.departure_airport.time.slice(0, 10))
    }
    const redEyes = segments.filter((s) => s.departure_airport.id === 'JFK' && s.arrival_airport.id === 'LHR' && s.overnight)
    expect(redEyes.length).toBeGreaterThan(0)
    for (const s of redEyes) expect(s.arrival_airport.time.slice(0, 10)).toBe('2026-12-09')
  })

  it('lists distinct itineraries (no flight combination twice)', () => {
    const keys = all.map((it) => it.flights.map((f) => `${f.flight_number}@${f.departure_airport.time}`).join('|'))
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('points at the airline logos SerpApi does: one per flight by its code, "multi" for a mix (issue 16)', () => {
    const LOGOS = 'https://www.gstatic.com/flights/airline_logos/70px/'
    for (const it of all) {
      for (const f of it.flights) expect(f.airline_logo).toBe(`${LOGOS}${f.flight_number.split(' ')[0]}.png`)
      const carriers = new Set(it.flights.map((f) => f.flight_number.split(' ')[0]))
      expect(it.airline_logo).toBe(carriers.size === 1 ? `${LOGOS}${[...carriers][0]}.png` : `${LOGOS}multi.png`)
    }
    expect(all.some((it) => new Set(it.flights.map((f) => f.flight_number.split(' ')[0])).size > 1)).toBe(true)
  })
})

describe('simulated market: a short one-way search LHR→CDG', async () => {
  const [short, long] = await Promise.all([market().fetch(oneWay('LHR', 'CDG')), market().fetch(oneWay('JFK', 'LHR'))])
  const nonstops = listed(short).filter((it) => it.flights.length === 1)

  it('has several same-day nonstops of about 45 minutes, one hour later on the clock in Paris', () => {
    expect(nonstops.length).toBeGreaterThanOrEqual(3)
    for (const it of nonstops) {
      const [seg] = it.flights
      expect(seg!.duration).toBeGreaterThanOrEqual(40)
      expect(seg!.duration).toBeLessThanOrEqual(60)
      expect(seg!.overnight).toBeUndefined()
      expect(airportUtc(seg!.arrival_airport.time, 'CDG') - airportUtc(seg!.departure_airport.time, 'LHR')).toBe(seg!.duration * 60_000)
    }
  })

  it('costs much less than crossing the Atlantic, but more per km', () => {
    const cheapest = (r: SerpFlightsResponse) => Math.min(...listed(r).map((it) => it.price!))
    expect(cheapest(short)).toBeLessThan(cheapest(long) / 3)
    const km = (a: string, b: string) => distanceKm(findAirport(a)!, findAirport(b)!)
    expect(cheapest(short) / km('LHR', 'CDG')).toBeGreaterThan(cheapest(long) / km('JFK', 'LHR'))
  })
})

describe('simulated market: sorting', () => {
  it('with sort_by=2 lists every option in other_flights, cheapest first', async () => {
    const r = await market().fetch(oneWay('JFK', 'LHR', { sort_by: 2 }))
    expect(r.best_flights).toBeUndefined()
    const prices = r.other_flights!.map((it) => it.price!)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })

  it('with sort_by=5 lists the shortest trips first', async () => {
    const r = await market().fetch(oneWay('JFK', 'LHR', { sort_by: 5 }))
    const minutes = r.other_flights!.map((it) => it.total_duration)
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b))
  })

  it('with stops=1 (nonstop only) lists only nonstops', async () => {
    const r = await market().fetch(oneWay('JFK', 'LHR', { stops: 1 }))
    expect(listed(r).length).toBeGreaterThan(0)
    for (const it of listed(r)) expect(it.flights).toHaveLength(1)
  })
})
