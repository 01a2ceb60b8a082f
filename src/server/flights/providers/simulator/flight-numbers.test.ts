import { describe, expect, it } from 'vitest'
import { AIRPORTS, findAirport, type Airport } from '../../../reference-data/airports.ts'
import { isHub } from '../../../reference-data/hubs.ts'
import { carriersFlying, linksAt } from './carriers.ts'
import { dailyFlights } from './schedule.ts'

/**
 * Flight numbers of the simulated schedule. Price alerts track a flight by airline and number (with
 * airports and times), and the SerpApi mapper's itinerary id is number@date, so an airline must
 * not fly one number on two routes.
 */

/** "AA 647" → the directed routes flying it, e.g. "CLT-LAX". */
type Uses = Map<string, Set<string>>

function record(uses: Uses, carrier: string, from: Airport, to: Airport): void {
  for (const flight of dailyFlights(carrier, from, to)) {
    const key = `${carrier} ${flight.number}`
    const routes = uses.get(key) ?? new Set<string>()
    routes.add(`${from.iata}-${to.iata}`)
    uses.set(key, routes)
  }
}

const reused = (uses: Uses) => [...uses].filter(([, routes]) => routes.size > 1).map(([number, routes]) => `${number}: ${[...routes].join(', ')}`)

/** Every pair the carrier flies, both ways: each links one of its hubs and an airport (carriers.ts). */
function network(carrier: string): Array<[Airport, Airport]> {
  const pairs = new Map<string, [Airport, Airport]>()
  for (const airport of AIRPORTS) {
    for (const hub of linksAt(airport).get(carrier) ?? []) {
      pairs.set(`${hub.iata}-${airport.iata}`, [hub, airport])
      pairs.set(`${airport.iata}-${hub.iata}`, [airport, hub])
    }
  }
  return [...pairs.values()]
}

const numbersOf = (carrier: string, from: string, to: string) => dailyFlights(carrier, findAirport(from)!, findAirport(to)!).map((f) => f.number)

describe('simulated schedule: flight numbers', () => {
  it('gives no airline the same number on two routes between the world’s hub airports', () => {
    const hubs = AIRPORTS.filter((a) => isHub(a.iata))
    expect(hubs.length).toBeGreaterThan(100)
    const uses: Uses = new Map()
    for (const from of hubs) {
      for (const to of hubs) if (from !== to) for (const carrier of carriersFlying(from, to)) record(uses, carrier, from, to)
    }
    expect(uses.size).toBeGreaterThan(10_000)
    expect(reused(uses)).toEqual([])
    // The case the review found: AA 647 flew both CLT→LAX and CLT→ORD.
    const toLax = numbersOf('AA', 'CLT', 'LAX')
    expect(toLax.length).toBeGreaterThan(0)
    expect(numbersOf('AA', 'CLT', 'ORD').filter((n) => toLax.includes(n))).toEqual([])
  })

  it('gives every number to one route across a whole network when the airline’s flights fit in four digits', () => {
    // AS flies ~7,500 flights a day in the simulated network: the largest that fits.
    for (const carrier of ['AS', 'WN', 'BA', 'LH', 'QF', 'EK']) {
      const uses: Uses = new Map()
      for (const [from, to] of network(carrier)) record(uses, carrier, from, to)
      expect(reused(uses), carrier).toEqual([])
    }
  })

  it('shares numbers on networks too big for four digits only between routes with no airport in common, never hub to hub', () => {
    // AA flies ~18,000 flights a day in the simulated network, more than 9,999 numbers can name.
    const uses: Uses = new Map()
    for (const [from, to] of network('AA')) record(uses, 'AA', from, to)
    const shared = [...uses.values()].filter((routes) => routes.size > 1)
    expect(shared.length).toBeGreaterThan(0)
    for (const routes of shared) {
      const airports = [...routes].flatMap((r) => r.split('-'))
      expect(new Set(airports).size, [...routes].join(', ')).toBe(airports.length)
      for (const route of routes) expect(route.split('-').every(isHub), route).toBe(false)
    }
  })

  it('keeps numbers plausible: one to four digits, odd one way and the even number below it the other way', () => {
    for (const carrier of ['AA', 'BA', 'WN']) {
      for (const [from, to] of network(carrier)) {
        if (from.iata > to.iata) continue
        const out = numbersOf(carrier, from.iata, to.iata)
        const back = numbersOf(carrier, to.iata, from.iata)
        for (const n of out) expect(n).toMatch(/^[1-9]\d{0,3}$/)
        expect(out.every((n) => Number(n) % 2 === 1)).toBe(true)
        expect(back.map(Number).sort((a, b) => a - b)).toEqual(out.map((n) => Number(n) - 1).sort((a, b) => a - b))
      }
    }
  })
})
