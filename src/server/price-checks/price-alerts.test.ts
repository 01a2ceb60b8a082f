import { describe, expect, it } from 'vitest'
import { alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import type { TrackedFlight } from '#shared/alerts/alert.ts'
import type { AlertRow } from '../alerts/to-alert.ts'
import type { ObservedFlight, ObservedItinerary } from '../db/schema.ts'
import { ProviderError, type FlightProvider } from '../flights/providers/provider.ts'
import type { Observation } from './load-cached-observations.ts'
import { priceAlerts } from './price-alerts.ts'
import { engineQuery } from '../alerts/search-key.ts'
import { CheckDeferred, type SearchObserver } from './search-observer.ts'

const f = (number: string, from: string, to: string, time: string): ObservedFlight => ({
  airline: 'AA',
  flight_number: number,
  departure_airport: from,
  arrival_airport: to,
  departure_time: time,
  arrival_time: time,
})
const t = (number: string, from: string, to: string, time: string): TrackedFlight => ({
  marketing_airline: 'AA',
  marketing_flight_number: number,
  departure_airport_id: from,
  arrival_airport_id: to,
  departure_local_time: time,
  arrival_local_time: time,
})
const option = (id: string, price: number, flights: ObservedFlight[], token?: string): ObservedItinerary => ({
  id,
  price,
  flights,
  stops: flights.length - 1,
  total_duration: 300,
  ...(token ? { departure_token: token } : {}),
})
const observation = (id: string, itineraries: ObservedItinerary[]): Observation => ({
  id,
  searchKey: id,
  provider: 'fake',
  observedAt: new Date(),
  lowestPrice: itineraries[0]?.price ?? null,
  currency: 'USD',
  itineraries,
  fresh: false,
})

const params = alertSearchParamsSchema.parse({ type: 1, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: '2027-03-01', return_date: '2027-03-08' })
const query = engineQuery(params)
const OUT_1 = f('1', 'JFK', 'LAX', '2027-03-01T08:00')
const OUT_2 = f('2', 'JFK', 'LAX', '2027-03-01T12:00')
const BACK_3 = f('3', 'LAX', 'JFK', '2027-03-08T09:00')
const first = observation('step1', [option('o1', 300, [OUT_1], 'tok-1'), option('o2', 350, [OUT_2], 'tok-2')])

const alert = (id: string, over: Partial<AlertRow>): AlertRow => ({ id, alertType: 'route', trackedFlights: [], searchParameters: params, ...over }) as AlertRow

/** An observer whose next steps answer from a table keyed by the departure token. */
function fakeObserver(steps: Record<string, ObservedItinerary[] | Error>) {
  const calls: string[] = []
  const observer = {
    made: [],
    stats: { calls: 0, cacheHits: 0, failures: 0, deferredUntil: null },
    async observe(_key: string, _currency: string, call: (ctx: object) => Promise<unknown>) {
      const token = (await call({})) as string
      calls.push(token)
      const answer = steps[token]
      if (answer instanceof Error) throw answer
      return observation(`obs-${token}`, answer ?? [])
    },
  } as unknown as SearchObserver
  const provider = { id: 'fake', next: async (_q: unknown, token: string) => token } as unknown as FlightProvider
  return { observer, provider, calls }
}

describe('priceAlerts', () => {
  it('prices route alerts from the first step, under their own ceiling', async () => {
    const { observer, provider } = fakeObserver({})
    const capped = alert('capped', { searchParameters: { ...params, max_price: 250 } })
    const out = await priceAlerts({ observer, provider, query, fresh: false }, first, [alert('route', {}), capped])
    expect(out.get('route')).toMatchObject({ kind: 'price', price: 300, observationId: 'step1' })
    expect(out.get('capped')).toMatchObject({ kind: 'missing' })
  })

  it('follows a round-trip flight alert to its tracked return, one call per chosen outbound', async () => {
    const { observer, provider, calls } = fakeObserver({ 'tok-1': [option('r3', 420, [BACK_3]), option('r4', 390, [f('4', 'LAX', 'JFK', '2027-03-08T18:00')])] })
    const trip = [t('1', 'JFK', 'LAX', '2027-03-01T08:00'), t('3', 'LAX', 'JFK', '2027-03-08T09:00')]
    const alerts = [alert('a', { alertType: 'flight', trackedFlights: trip }), alert('b', { alertType: 'flight', trackedFlights: trip })]
    const out = await priceAlerts({ observer, provider, query, fresh: false }, first, alerts)
    expect(calls).toEqual(['tok-1'])
    expect(out.get('a')).toMatchObject({ kind: 'price', price: 420, observationId: 'obs-tok-1' })
    const priced = out.get('b')
    expect(priced?.kind === 'price' && priced.itinerary.flights.map((x) => x.flight_number)).toEqual(['1', '3'])
  })

  it('reports a vanished flight as missing, and a failed step as that step’s failure', async () => {
    const { observer, provider } = fakeObserver({ 'tok-2': new ProviderError('upstream', 'fake', 'down'), 'tok-1': [] })
    const gone = alert('gone', { alertType: 'flight', trackedFlights: [t('9', 'JFK', 'LAX', '2027-03-01T08:00')] })
    const noReturn = alert('noReturn', { alertType: 'flight', trackedFlights: [t('1', 'JFK', 'LAX', '2027-03-01T08:00'), t('3', 'LAX', 'JFK', '2027-03-08T09:00')] })
    const failing = alert('failing', { alertType: 'flight', trackedFlights: [t('2', 'JFK', 'LAX', '2027-03-01T12:00'), t('3', 'LAX', 'JFK', '2027-03-08T09:00')] })
    const outbound = alert('outbound', { alertType: 'flight', trackedFlights: [t('2', 'JFK', 'LAX', '2027-03-01T12:00')] })
    const out = await priceAlerts({ observer, provider, query, fresh: false }, first, [gone, noReturn, failing, outbound])
    expect(out.get('gone')).toMatchObject({ kind: 'missing', note: expect.stringContaining('AA 9') as unknown })
    expect(out.get('noReturn')).toMatchObject({ kind: 'missing', note: expect.stringContaining('AA 3') as unknown })
    expect(out.get('failing')).toMatchObject({ kind: 'failed', retryable: true })
    // Only the outbound tracked: its step-1 price (the cheapest round trip starting with it).
    expect(out.get('outbound')).toMatchObject({ kind: 'price', price: 350 })
  })

  it('sends alerts back to the queue when a step has to wait', async () => {
    const until = new Date('2027-01-01T00:01:00Z')
    const { observer, provider } = fakeObserver({ 'tok-1': new CheckDeferred(until, 'budget') })
    const trip = [t('1', 'JFK', 'LAX', '2027-03-01T08:00'), t('3', 'LAX', 'JFK', '2027-03-08T09:00')]
    const out = await priceAlerts({ observer, provider, query, fresh: false }, first, [alert('a', { alertType: 'flight', trackedFlights: trip })])
    expect(out.get('a')).toEqual({ kind: 'deferred', until, reason: 'budget' })
  })
})
