import type { AirportSuggestion } from '#shared/flights/model.ts'
import data from './airports.json' with { type: 'json' }

/**
 * Airports with scheduled service (OpenFlights + OurAirports, see scripts/build-flight-data.mjs):
 * IATA code, name, city, country, position and IANA time zone. Loaded once, indexed in memory.
 */
export interface Airport {
  iata: string
  name: string
  city: string
  country: string
  countryCode: string
  lat: number
  lon: number
  timeZone: string
  /** Large airports are hubs and get more flights in the simulated market. */
  size: 'large' | 'medium'
}

type Row = [string, string, string, string, string, number, number, string, string]

export const AIRPORTS: readonly Airport[] = (data.rows as Row[]).map(([iata, name, city, country, countryCode, lat, lon, timeZone, size]) => ({
  iata,
  name,
  city,
  country,
  countryCode,
  lat,
  lon,
  timeZone,
  size: size === 'L' ? 'large' : 'medium',
}))

const byIata = new Map(AIRPORTS.map((airport) => [airport.iata, airport]))

export function findAirport(iata: string): Airport | undefined {
  return byIata.get(iata.toUpperCase())
}

/** Cities with more than one airport ("London, United Kingdom" → LHR, LGW, LCY, STN, LTN). */
const cityKey = (airport: Airport) => `${airport.city}|${airport.countryCode}`
const airportsByCity = new Map<string, Airport[]>()
for (const airport of AIRPORTS) {
  const list = airportsByCity.get(cityKey(airport)) ?? []
  list.push(airport)
  airportsByCity.set(cityKey(airport), list)
}
for (const list of airportsByCity.values()) list.sort((a, b) => sizeRank(a) - sizeRank(b) || a.iata.localeCompare(b.iata))

function sizeRank(airport: Airport): number {
  return airport.size === 'large' ? 0 : 1
}

export function cityAirports(airport: Airport): Airport[] {
  return airportsByCity.get(cityKey(airport)) ?? [airport]
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

interface Indexed {
  airport: Airport
  city: string
  name: string
  words: string[]
}
const index: Indexed[] = AIRPORTS.map((airport) => ({
  airport,
  city: fold(airport.city),
  name: fold(airport.name),
  words: fold(`${airport.city} ${airport.name}`).split(/[^a-z0-9]+/).filter(Boolean),
}))

const MAX_RESULTS = 10

/**
 * Autocomplete: an exact IATA code first, then cities whose name starts with the text (a city with
 * several airports first as "City (all airports)", then its airports), then airports whose name
 * starts with it or has a word that does. Large airports before medium ones within each group.
 */
export function searchAirports(query: string, limit = MAX_RESULTS): AirportSuggestion[] {
  const q = fold(query.trim())
  if (q.length === 0) return []
  const results: AirportSuggestion[] = []
  const used = new Set<string>()
  const push = (suggestion: AirportSuggestion) => {
    if (results.length >= limit || used.has(`${suggestion.kind}:${suggestion.code}`)) return
    used.add(`${suggestion.kind}:${suggestion.code}`)
    results.push(suggestion)
  }
  const pushAirport = (airport: Airport) =>
    push({ kind: 'airport', code: airport.iata, name: airport.name, city: airport.city, country: airport.country })
  const pushCity = (airport: Airport) => {
    const airports = cityAirports(airport)
    if (airports.length < 2) return pushAirport(airport)
    push({
      kind: 'city',
      code: airports.map((a) => a.iata).join(','),
      name: `${airport.city} (all airports)`,
      city: airport.city,
      country: airport.country,
      airports: airports.map((a) => ({ code: a.iata, name: a.name })),
    })
    for (const a of airports) pushAirport(a)
  }

  if (/^[a-z]{3}$/.test(q)) {
    const exact = byIata.get(q.toUpperCase())
    if (exact) pushAirport(exact)
  }
  const bySize = (a: Indexed, b: Indexed) => sizeRank(a.airport) - sizeRank(b.airport) || a.city.localeCompare(b.city)
  const cityMatches = index.filter((entry) => entry.city.startsWith(q)).sort(bySize)
  for (const entry of cityMatches) pushCity(entry.airport)
  const nameMatches = index
    .filter((entry) => !entry.city.startsWith(q) && (entry.name.startsWith(q) || entry.words.some((w) => w.startsWith(q))))
    .sort(bySize)
  for (const entry of nameMatches) pushAirport(entry.airport)
  return results
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: Pick<Airport, 'lat' | 'lon'>, b: Pick<Airport, 'lat' | 'lon'>): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)))
}
