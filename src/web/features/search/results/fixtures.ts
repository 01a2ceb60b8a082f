import type { BookingOptionsResponse, FlightLayover, FlightSegment, Itinerary, PriceInsights, SearchResponse } from '#shared/flights/model.ts'

/**
 * Neutral-model flights for the results tests, the preview harness and the filter benchmark
 * (`makeSyntheticItineraries`). Pure data, no DOM or Node imports.
 */

const AIRLINES: Record<string, string> = {
  BA: 'British Airways',
  AA: 'American Airlines',
  VS: 'Virgin Atlantic',
  DL: 'Delta',
  UA: 'United',
  LH: 'Lufthansa',
  EI: 'Aer Lingus',
  AF: 'Air France',
  KL: 'KLM',
  FI: 'Icelandair',
}

const AIRPORTS: Record<string, string> = {
  LHR: 'Heathrow Airport',
  JFK: 'John F. Kennedy International Airport',
  DUB: 'Dublin Airport',
  KEF: 'Keflavík International Airport',
  BOS: 'Logan International Airport',
  FRA: 'Frankfurt Airport',
  AMS: 'Amsterdam Airport Schiphol',
  CDG: 'Paris Charles de Gaulle Airport',
  ORD: "O'Hare International Airport",
}

export function segment(options: {
  from: string
  to: string
  departs: string
  arrives: string
  minutes: number
  airline?: string
  number?: number
  overrides?: Partial<FlightSegment>
}): FlightSegment {
  const code = options.airline ?? 'BA'
  return {
    departure: { airport: options.from, name: AIRPORTS[options.from] ?? `${options.from} Airport`, time: options.departs },
    arrival: { airport: options.to, name: AIRPORTS[options.to] ?? `${options.to} Airport`, time: options.arrives },
    durationMinutes: options.minutes,
    airline: { code, name: AIRLINES[code] ?? code, logoUrl: null },
    flightNumber: `${code} ${options.number ?? 100}`,
    aircraft: 'Boeing 777',
    cabin: 'Economy',
    legroom: '31 in',
    amenities: ['Wi-Fi for a fee', 'In-seat power & USB outlets'],
    overnight: false,
    oftenDelayed: false,
    alsoSoldBy: [],
    operatedBy: null,
    ...options.overrides,
  }
}

export function layover(airport: string, minutes: number, overnight = false): FlightLayover {
  return { airport, name: AIRPORTS[airport] ?? `${airport} Airport`, durationMinutes: minutes, overnight }
}

let idCounter = 0

export function itinerary(segments: FlightSegment[], overrides: Partial<Itinerary> = {}): Itinerary {
  idCounter += 1
  const layovers = overrides.layovers ?? []
  return {
    id: `it-${idCounter}`,
    segments,
    layovers,
    durationMinutes: segments.reduce((sum, s) => sum + s.durationMinutes, 0) + layovers.reduce((sum, l) => sum + l.durationMinutes, 0),
    stops: layovers.length,
    price: 689,
    currency: 'USD',
    priceIsTripTotal: false,
    emissions: { grams: 403000, typicalGrams: 421000, differencePercent: -4 },
    type: 'One way',
    logoUrl: null,
    fareNotes: ['Checked baggage for a fee'],
    isBest: false,
    departureToken: null,
    bookingToken: 'book-token.1',
    ...overrides,
  }
}

/** LHR → JFK one way: two best, three other (a nonstop, a 1-stop via DUB, an overnight 2-stop). */
export function oneWayResults(overrides: Partial<SearchResponse> = {}): SearchResponse {
  const nonstopBA = itinerary([segment({ from: 'LHR', to: 'JFK', departs: '2026-12-10T11:20', arrives: '2026-12-10T14:25', minutes: 485, airline: 'BA', number: 117 })], {
    id: 'ba117',
    price: 689,
    isBest: true,
    bookingToken: 'tok-ba117.1',
  })
  const nonstopVS = itinerary([segment({ from: 'LHR', to: 'JFK', departs: '2026-12-10T13:20', arrives: '2026-12-10T16:20', minutes: 480, airline: 'VS', number: 3 })], {
    id: 'vs3',
    price: 712,
    isBest: true,
    emissions: { grams: 520000, typicalGrams: 421000, differencePercent: 24 },
    bookingToken: 'tok-vs3.1',
  })
  const viaDub = itinerary(
    [
      segment({ from: 'LHR', to: 'DUB', departs: '2026-12-10T07:05', arrives: '2026-12-10T08:25', minutes: 80, airline: 'EI', number: 151 }),
      segment({ from: 'DUB', to: 'JFK', departs: '2026-12-10T10:30', arrives: '2026-12-10T13:05', minutes: 455, airline: 'EI', number: 105, overrides: { legroom: '32 in' } }),
    ],
    { id: 'ei151', layovers: [layover('DUB', 125)], price: 498, emissions: { grams: 380000, typicalGrams: 421000, differencePercent: -12 }, bookingToken: 'tok-ei151.1' },
  )
  const overnight = itinerary(
    [
      segment({ from: 'LHR', to: 'KEF', departs: '2026-12-10T20:40', arrives: '2026-12-10T23:45', minutes: 185, airline: 'FI', number: 455 }),
      segment({ from: 'KEF', to: 'BOS', departs: '2026-12-11T07:10', arrives: '2026-12-11T08:55', minutes: 345, airline: 'FI', number: 631, overrides: { oftenDelayed: true } }),
      segment({ from: 'BOS', to: 'JFK', departs: '2026-12-11T11:00', arrives: '2026-12-11T12:20', minutes: 80, airline: 'DL', number: 5721, overrides: { operatedBy: 'Operated by Republic Airways as Delta Connection' } }),
    ],
    { id: 'fi455', layovers: [layover('KEF', 445, true), layover('BOS', 125)], price: 402, emissions: null, bookingToken: 'tok-fi455.1' },
  )
  const noPrice = itinerary([segment({ from: 'LHR', to: 'JFK', departs: '2026-12-10T18:00', arrives: '2026-12-10T21:10', minutes: 490, airline: 'AA', number: 101 })], {
    id: 'aa101',
    price: null,
    bookingToken: 'tok-aa101.1',
  })
  return {
    searchId: 'search-one-way',
    legIndex: 0,
    legCount: 1,
    best: [nonstopBA, nonstopVS],
    other: [viaDub, overnight, noPrice],
    priceInsights: priceInsights(),
    currency: 'USD',
    fetchedAt: '2026-11-02T09:14:05.000Z',
    fromCache: false,
    provider: 'simulated',
    ...overrides,
  }
}

/** Round trip LHR ⇄ JFK: outbound options carry departure tokens and trip-total prices. */
export function roundTripOutbound(): SearchResponse {
  const base = oneWayResults()
  const asOutbound = (it: Itinerary): Itinerary => ({
    ...it,
    type: 'Round trip',
    priceIsTripTotal: true,
    price: it.price === null ? null : it.price + 420,
    departureToken: `dep-${it.id}.1`,
    bookingToken: null,
  })
  return { ...base, searchId: 'search-round-trip', legCount: 2, best: base.best.map(asOutbound), other: base.other.map(asOutbound) }
}

export function roundTripReturn(): SearchResponse {
  const back = (id: string, departs: string, arrives: string, minutes: number, airline: string, number: number, price: number, best = false) =>
    itinerary([segment({ from: 'JFK', to: 'LHR', departs, arrives, minutes, airline, number })], {
      id,
      type: 'Round trip',
      priceIsTripTotal: true,
      price,
      isBest: best,
      bookingToken: `book-${id}.1`,
    })
  return {
    searchId: 'search-round-trip',
    legIndex: 1,
    legCount: 2,
    best: [back('ba112', '2026-12-17T18:30', '2026-12-18T06:35', 425, 'BA', 112, 1109, true)],
    other: [back('vs4', '2026-12-17T21:00', '2026-12-18T09:05', 425, 'VS', 4, 1150), back('aa100', '2026-12-17T08:15', '2026-12-17T20:10', 415, 'AA', 100, 1190)],
    priceInsights: null,
    currency: 'USD',
    fetchedAt: '2026-11-02T09:14:07.000Z',
    fromCache: false,
    provider: 'simulated',
  }
}

export function priceInsights(overrides: Partial<PriceInsights> = {}): PriceInsights {
  const start = Date.UTC(2026, 8, 3) / 1000
  return {
    lowest_price: 402,
    price_level: 'low',
    typical_price_range: [520, 780],
    price_history: Array.from({ length: 60 }, (_, i) => [start + i * 86_400, Math.round(640 + 90 * Math.sin(i / 6) - i * 1.5)] as [number, number]),
    ...overrides,
  }
}

export function bookingOptions(selected: Itinerary[]): BookingOptionsResponse {
  return {
    selectedFlights: selected,
    currency: 'USD',
    baggagePrices: { together: ['1 free carry-on', '1st checked bag: $75'] },
    bookingOptions: [
      {
        separateTickets: false,
        together: {
          bookWith: 'British Airways',
          isAirline: true,
          logos: [],
          marketedAs: ['BA 117', 'BA 112'],
          price: 1109,
          localPrices: [{ currency: 'GBP', price: 872 }],
          optionTitle: 'Economy Standard',
          features: ['Seat selection for a fee', 'Free change, possible fare difference'],
          baggage: ['1 free carry-on', '1st checked bag: $75'],
          request: { url: 'https://www.britishairways.com/booking', postData: 'u=abc%2Bdef&token=x+y&seg=BA117' },
          phone: null,
          phoneServiceFee: null,
        },
        departing: null,
        returning: null,
      },
      {
        separateTickets: false,
        together: {
          bookWith: 'Expedia',
          isAirline: false,
          logos: [],
          marketedAs: ['BA 117', 'BA 112'],
          price: 1095,
          localPrices: [],
          optionTitle: null,
          features: [],
          baggage: [],
          request: { url: 'https://www.expedia.com/flights?x=1', postData: null },
          phone: null,
          phoneServiceFee: null,
        },
        departing: null,
        returning: null,
      },
      {
        separateTickets: false,
        together: {
          bookWith: 'Fly Phone Travel',
          isAirline: false,
          logos: [],
          marketedAs: [],
          price: 1080,
          localPrices: [],
          optionTitle: null,
          features: [],
          baggage: [],
          request: null,
          phone: '+1 800 555 0100',
          phoneServiceFee: 25,
        },
        departing: null,
        returning: null,
      },
    ],
  }
}

/** A small deterministic PRNG (mulberry32), so the synthetic set is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pad = (n: number) => String(n).padStart(2, '0')
function at(dayOffset: number, minutes: number): string {
  const day = 10 + dayOffset + Math.floor(minutes / 1440)
  const m = ((minutes % 1440) + 1440) % 1440
  return `2026-12-${pad(day)}T${pad(Math.floor(m / 60))}:${pad(m % 60)}`
}

/**
 * `count` plausible one-way itineraries (nonstops and 1–2 stop connections over six hubs, ten
 * airlines across the three alliances and none) for the filter tests and benchmark.
 */
export function makeSyntheticItineraries(count: number, seed = 42): { best: Itinerary[]; other: Itinerary[] } {
  const rand = random(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!
  const airlines = Object.keys(AIRLINES)
  const hubs = ['DUB', 'KEF', 'BOS', 'FRA', 'AMS', 'CDG', 'ORD']
  const best: Itinerary[] = []
  const other: Itinerary[] = []
  for (let i = 0; i < count; i += 1) {
    const stops = rand() < 0.3 ? 0 : rand() < 0.7 ? 1 : 2
    const route = ['LHR', ...Array.from({ length: stops }, () => pick(hubs)), 'JFK']
    let clock = Math.floor(rand() * 1440)
    const segments: FlightSegment[] = []
    const layovers: FlightLayover[] = []
    for (let s = 0; s < route.length - 1; s += 1) {
      const minutes = 60 + Math.floor(rand() * 420)
      const departs = clock
      clock += minutes
      segments.push(
        segment({
          from: route[s]!,
          to: route[s + 1]!,
          departs: at(0, departs),
          arrives: at(0, clock),
          minutes,
          airline: pick(airlines),
          number: 100 + i,
          overrides: { oftenDelayed: rand() < 0.1, overnight: rand() < 0.1 },
        }),
      )
      if (s < route.length - 2) {
        const wait = 45 + Math.floor(rand() * 255)
        layovers.push(layover(route[s + 1]!, wait, rand() < 0.1))
        clock += wait
      }
    }
    const it = itinerary(segments, {
      id: `syn-${seed}-${i}`,
      layovers,
      price: rand() < 0.02 ? null : 250 + Math.floor(rand() * 1500),
      isBest: i < 4,
      emissions: { grams: 400000, typicalGrams: 420000, differencePercent: Math.round(rand() * 60 - 30) },
    })
    ;(it.isBest ? best : other).push(it)
  }
  return { best, other }
}
