import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { SerpFlightsResponse, SerpQuery } from '../serpapi/serp-types.ts'
import { createSimulatedMarket, type SimulatedPriceShock } from './simulated-market.ts'

/**
 * Golden answers: the sha256 of the market's JSON for a fixed set of searches, each followed
 * through its steps (departure_token) to its booking options, against simulated-market.golden.json.
 * The fixture was written by the market as it was before its hot paths were optimised (2026-11),
 * so this pins the optimisations to byte-for-byte the same answers: search lists, prices, tokens,
 * price insights and booking options, around DST changes and in zones with odd offsets.
 *
 * A deliberate change to the market changes these answers: check the change, then rewrite the
 * fixture with UPDATE_GOLDEN=1 npx vitest run src/server/flights/providers/simulator/simulated-market.golden.test.ts
 */

const FIXTURE = new URL('./simulated-market.golden.json', import.meta.url)

interface Case {
  name: string
  now: string
  query: SerpQuery
  /** Follow the first listed option's token to the next step and on to booking options. */
  follow?: boolean
  market?: 'shocks' | 'missing-price'
}

const CASES: Case[] = [
  { name: 'one way JFK-LHR', now: '2026-11-02T09:30:00Z', query: { type: 2, departure_id: 'JFK', arrival_id: 'LHR', outbound_date: '2026-12-10' }, follow: true },
  { name: 'round trip LHR-JFK', now: '2026-11-02T21:10:00Z', query: { type: 1, departure_id: 'LHR', arrival_id: 'JFK', outbound_date: '2026-12-10', return_date: '2026-12-17' }, follow: true },
  { name: 'round trip, business, family', now: '2026-11-03T02:00:00Z', query: { type: 1, departure_id: 'JFK', arrival_id: 'CDG', outbound_date: '2026-11-20', return_date: '2026-11-29', travel_class: 3, adults: 2, children: 1, infants_on_lap: 1 }, follow: true },
  { name: 'one way first, bags, euros', now: '2026-11-02T09:30:00Z', query: { type: 2, departure_id: 'LHR', arrival_id: 'SYD', outbound_date: '2027-02-14', travel_class: 4, bags: 2, currency: 'EUR' }, follow: true },
  {
    name: 'multi-city, three legs',
    now: '2026-11-02T09:30:00Z',
    query: {
      type: 3,
      multi_city_json: JSON.stringify([
        { departure_id: 'CDG', arrival_id: 'NRT', date: '2026-12-08' },
        { departure_id: 'NRT', arrival_id: 'LAX', date: '2026-12-14', times: '8,18,9,23' },
        { departure_id: 'LAX', arrival_id: 'JFK', date: '2026-12-20' },
      ]),
    },
    follow: true,
  },
  // DST changes: the departure day, and "now" on the night of the change, in both hemispheres.
  { name: 'US spring forward, departure day', now: '2026-03-01T15:00:00Z', query: { type: 1, departure_id: 'JFK', arrival_id: 'MIA', outbound_date: '2026-03-08', return_date: '2026-03-15' }, follow: true },
  { name: 'US fall back, now in the repeated hour', now: '2026-11-01T05:40:00Z', query: { type: 2, departure_id: 'ORD', arrival_id: 'LGA', outbound_date: '2026-11-01' }, follow: true },
  { name: 'EU fall back, departure day', now: '2026-10-20T12:00:00Z', query: { type: 2, departure_id: 'LHR', arrival_id: 'MAD', outbound_date: '2026-10-25', sort_by: 3 }, follow: true },
  { name: 'EU spring forward, now at the change', now: '2027-03-28T00:59:00Z', query: { type: 1, departure_id: 'AMS', arrival_id: 'LHR', outbound_date: '2027-03-28', return_date: '2027-03-30' }, follow: true },
  { name: 'Australia spring forward', now: '2026-10-03T15:30:00Z', query: { type: 2, departure_id: 'SYD', arrival_id: 'ADL', outbound_date: '2026-10-04' }, follow: true },
  { name: 'New Zealand fall back', now: '2026-04-04T13:45:00Z', query: { type: 1, departure_id: 'AKL', arrival_id: 'WLG', outbound_date: '2026-04-05', return_date: '2026-04-08' }, follow: true },
  { name: 'Chile spring forward', now: '2026-09-01T04:00:00Z', query: { type: 2, departure_id: 'SCL', arrival_id: 'GRU', outbound_date: '2026-09-06' }, follow: true },
  // Zones with half-hour and 45-minute offsets.
  { name: 'St. John\'s, Newfoundland fall back', now: '2026-11-01T04:15:00Z', query: { type: 1, departure_id: 'YYT', arrival_id: 'YYZ', outbound_date: '2026-11-01', return_date: '2026-11-04' }, follow: true },
  { name: 'St. John\'s to London', now: '2026-03-08T05:45:00Z', query: { type: 2, departure_id: 'YYT', arrival_id: 'LHR', outbound_date: '2026-03-20' }, follow: true },
  { name: 'Chatham Islands', now: '2026-09-26T13:30:00Z', query: { type: 1, departure_id: 'CHT', arrival_id: 'AKL', outbound_date: '2026-09-27', return_date: '2026-10-02' }, follow: true },
  { name: 'India (Asia/Kolkata)', now: '2026-11-02T18:45:00Z', query: { type: 2, departure_id: 'HYD', arrival_id: 'DXB', outbound_date: '2026-11-03' }, follow: true },
  { name: 'Delhi to Kathmandu', now: '2026-11-02T18:20:00Z', query: { type: 1, departure_id: 'DEL', arrival_id: 'KTM', outbound_date: '2026-12-24', return_date: '2027-01-02' }, follow: true },
  { name: 'Adelaide, half-hour DST', now: '2026-10-03T16:30:00Z', query: { type: 2, departure_id: 'ADL', arrival_id: 'AKL', outbound_date: '2026-10-10' } },
  // Far out, filters and sorts, several airports.
  { name: '300 days out', now: '2026-11-02T09:30:00Z', query: { type: 2, departure_id: 'SIN', arrival_id: 'SYD', outbound_date: '2027-08-29' } },
  { name: 'several airports, one stop, by duration', now: '2026-11-02T09:30:00Z', query: { type: 2, departure_id: 'JFK,EWR,LGA', arrival_id: 'LHR,LGW', outbound_date: '2026-12-12', stops: 2, sort_by: 5 }, follow: true },
  { name: 'filters', now: '2026-11-02T09:30:00Z', query: { type: 2, departure_id: 'CDG', arrival_id: 'NRT', outbound_date: '2026-12-05', exclude_conns: 'FRA', layover_duration: '60,300', max_duration: 1_200, emissions: 1 } },
  { name: 'alliance and hidden flights', now: '2026-11-02T09:30:00Z', query: { type: 1, departure_id: 'SFO', arrival_id: 'FRA', outbound_date: '2026-12-01', return_date: '2026-12-09', include_airlines: 'STAR_ALLIANCE', deep_search: true, show_hidden: true, sort_by: 2 }, follow: true },
  { name: 'max price', now: '2026-11-02T09:30:00Z', query: { type: 2, departure_id: 'MAD', arrival_id: 'BCN', outbound_date: '2026-11-20', max_price: 120, currency: 'GBP' } },
  { name: 'today, partly departed', now: '2026-11-02T14:00:00Z', query: { type: 2, departure_id: 'LAX', arrival_id: 'SFO', outbound_date: '2026-11-02', sort_by: 4 }, follow: true },
  { name: 'yesterday: no results', now: '2026-11-02T09:30:00Z', query: { type: 2, departure_id: 'LAX', arrival_id: 'SFO', outbound_date: '2026-11-01' } },
  { name: 'shocked route', now: '2026-11-02T09:30:00Z', query: { type: 1, departure_id: 'JFK', arrival_id: 'LHR', outbound_date: '2026-11-25', return_date: '2026-12-02', sort_by: 6 }, follow: true, market: 'shocks' },
  { name: 'missing prices', now: '2026-11-02T09:30:00Z', query: { type: 2, departure_id: 'DXB', arrival_id: 'BOM', outbound_date: '2026-11-18' }, market: 'missing-price' },
]

const SHOCKS: SimulatedPriceShock[] = [
  { from: 'JFK', to: 'LHR', factor: 0.7, until: new Date('2026-12-01T00:00:00Z') },
  { from: 'LHR', to: 'JFK', departureDate: '2026-12-02', factor: 1.4, until: new Date('2026-12-01T00:00:00Z') },
]

type Listed = { departure_token?: string; booking_token?: string }

async function goldenAnswers(): Promise<Record<string, string>> {
  let now = new Date(0)
  const bookingUrl = 'https://faredrop.test/api/flights/simulated-seller'
  const markets = {
    plain: createSimulatedMarket({ now: () => now, bookingUrl }),
    shocks: createSimulatedMarket({ now: () => now, bookingUrl, shocks: SHOCKS }),
    'missing-price': createSimulatedMarket({ now: () => now, bookingUrl, failures: { mode: 'missing-price' } }),
  }
  const hashes: Record<string, string> = {}
  for (const c of CASES) {
    const market = markets[c.market ?? 'plain']
    now = new Date(c.now)
    let answer: SerpFlightsResponse = await market.fetch(c.query)
    hashes[`${c.name} / step 1`] = sha256(answer)
    for (let step = 2; c.follow && step <= 4; step++) {
      const first: Listed | undefined = answer.best_flights?.[0] ?? answer.other_flights?.[0]
      if (!first) break
      now = new Date(now.getTime() + 17 * 60_000) // a later call, sometimes in the next hour
      if (first.booking_token) {
        hashes[`${c.name} / booking`] = sha256(await market.fetch({ ...c.query, booking_token: first.booking_token }))
        break
      }
      if (!first.departure_token) break
      answer = await market.fetch({ ...c.query, departure_token: first.departure_token })
      hashes[`${c.name} / step ${step}`] = sha256(answer)
    }
  }
  return hashes
}

function sha256(answer: SerpFlightsResponse): string {
  return createHash('sha256').update(JSON.stringify(answer)).digest('hex')
}

describe('simulated market: golden answers', () => {
  it('answers every search, next step and booking call byte for byte as before', async () => {
    const hashes = await goldenAnswers()
    expect(Object.keys(hashes).length).toBeGreaterThan(50)
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(FIXTURE, `${JSON.stringify(hashes, null, 2)}\n`)
    expect(hashes).toEqual(JSON.parse(readFileSync(FIXTURE, 'utf8')))
  }, 30_000)
})
