import type { Alliance } from '#shared/flights/search-params.ts'
import { allianceOf, arePartners } from '../../../reference-data/alliances.ts'
import { findAirline } from '../../../reference-data/airlines.ts'
import { distanceKm, findAirport, type Airport } from '../../../reference-data/airports.ts'
import { AIRLINE_HUBS, carriersAt, isHub } from '../../../reference-data/hubs.ts'
import { CARRIER_PROFILES, type CarrierProfile } from './carrier-profiles.ts'
import { unit } from './hash.ts'

/** A carrier of the simulated market: a hub airline with its profile and resolved hub airports. */
export interface Carrier extends CarrierProfile {
  iata: string
  alliance: Alliance | undefined
  hubs: Airport[]
  hubCodes: ReadonlySet<string>
  homeCountry: string
}

const DEFAULT_PROFILE: Omit<CarrierProfile, 'name'> = { kind: 'network', reachKm: 12_000, priceFactor: 1, topCabin: 3 }

/** Built once at module load: ~90 carriers, cheap. Hubs missing from the airport data are skipped. */
export const CARRIERS: readonly Carrier[] = AIRLINE_HUBS.flatMap((entry) => {
  const hubs = entry.hubs.map((code) => findAirport(code)).filter((a): a is Airport => a !== undefined)
  if (hubs.length === 0) return []
  const profile = CARRIER_PROFILES.get(entry.airline) ?? { ...DEFAULT_PROFILE, name: findAirline(entry.airline)?.name ?? entry.airline }
  return [
    {
      ...profile,
      iata: entry.airline,
      alliance: allianceOf(entry.airline),
      hubs,
      hubCodes: new Set(hubs.map((h) => h.iata)),
      homeCountry: hubs[0]!.countryCode,
    },
  ]
})

const byIata = new Map(CARRIERS.map((c) => [c.iata, c]))

export function findCarrier(iata: string): Carrier | undefined {
  return byIata.get(iata)
}

/** Display name for any airline code: our profile's name, else OpenFlights', else the code. */
/**
 * Where SerpApi's answers point for an airline's logo (Google's set, by IATA code, `multi.png` for
 * a mix): the simulated answers carry the same addresses, so the app shows the same logos, and the
 * tile with the initials where one does not load (offline, or a code Google has no logo for).
 */
const LOGO_BASE = 'https://www.gstatic.com/flights/airline_logos/70px/'
export const airlineLogoUrl = (iata: string) => `${LOGO_BASE}${iata}.png`
export const MIXED_AIRLINES_LOGO_URL = `${LOGO_BASE}multi.png`

export function airlineName(iata: string): string {
  return byIata.get(iata)?.name ?? findAirline(iata)?.name ?? iata
}

/** Below this a flight makes no sense (LHR–LGW); above a carrier's reach it does not exist. */
export const MIN_SEGMENT_KM = 120
const LONG_HAUL_KM = 4_500

/**
 * Which of a carrier's hubs fly to an airport. Deterministic per (carrier, hub, airport) and
 * shaped by what real networks look like: home-country airports are nearly all served, foreign
 * gateways (other airlines' hubs) and partners' hubs very likely, other large airports within
 * range often, small foreign airports rarely; low-cost carriers stay short-haul.
 */
function hubFlies(carrier: Carrier, hub: Airport, airport: Airport, hubIndex: number): boolean {
  const d = distanceKm(hub, airport)
  if (d < MIN_SEGMENT_KM || d > carrier.reachKm) return false
  const large = airport.size === 'large'
  const domestic = airport.countryCode === carrier.homeCountry
  let p: number
  if (carrier.kind === 'lcc') {
    p = domestic ? (large ? 0.75 : 0.5) : large ? 0.45 : 0.3
    if (d > LONG_HAUL_KM) p *= 0.4
  } else if (domestic) {
    p = large ? 0.97 : d > 3_000 ? 0.45 : 0.75
  } else if (carriersAt(airport.iata).some((other) => arePartners(carrier.iata, other))) {
    p = 0.95
  } else if (isHub(airport.iata)) {
    p = d <= 9_500 ? 0.85 : 0.55
  } else if (large) {
    p = d <= 3_000 ? 0.7 : d <= 9_000 ? 0.35 : 0.15
  } else {
    p = d <= 1_500 ? 0.25 : d <= 3_000 ? 0.08 : 0
  }
  // Secondary hubs run a thinner network than the main one.
  if (hubIndex > 0) p *= domestic ? 0.9 : large ? 0.7 : 0.4
  return unit(`link|${carrier.iata}|${hub.iata}|${airport.iata}`) < p
}

/** carrier → the hubs it flies to this airport from. Cached per airport. */
export type AirportLinks = ReadonlyMap<string, readonly Airport[]>

const linksCache = new Map<string, AirportLinks>()

export function linksAt(airport: Airport): AirportLinks {
  const cached = linksCache.get(airport.iata)
  if (cached) return cached
  const links = new Map<string, Airport[]>()
  for (const carrier of CARRIERS) {
    if (carrier.hubCodes.has(airport.iata)) {
      // Hub to hub of the same airline: always flown when in range.
      const others = carrier.hubs.filter((h) => h !== airport && withinReach(carrier, h, airport))
      if (others.length > 0) links.set(carrier.iata, others)
      continue
    }
    const flying = carrier.hubs.filter((hub, i) => hubFlies(carrier, hub, airport, i))
    if (flying.length > 0) links.set(carrier.iata, flying)
  }
  if (links.size === 0) addRegionalService(airport, links)
  linksCache.set(airport.iata, links)
  return links
}

function withinReach(carrier: Carrier, a: Airport, b: Airport): boolean {
  const d = distanceKm(a, b)
  return d >= MIN_SEGMENT_KM && d <= carrier.reachKm
}

/**
 * An airport no hub carrier picked still gets service: the two nearest hubs (home-country ones
 * first) fly to it, as regional feeders do for remote airports.
 */
function addRegionalService(airport: Airport, links: Map<string, Airport[]>): void {
  const options: Array<{ carrier: Carrier; hub: Airport; score: number }> = []
  for (const carrier of CARRIERS) {
    for (const hub of carrier.hubs) {
      const d = distanceKm(hub, airport)
      if (d < MIN_SEGMENT_KM || d > Math.max(carrier.reachKm, 6_000)) continue
      options.push({ carrier, hub, score: d * (hub.countryCode === airport.countryCode ? 0.5 : 1) })
    }
  }
  options.sort((a, b) => a.score - b.score || a.carrier.iata.localeCompare(b.carrier.iata))
  for (const option of options) {
    if (links.size >= 2) break
    if (!links.has(option.carrier.iata)) links.set(option.carrier.iata, [option.hub])
  }
}

/** True when the carrier flies this airport pair nonstop (symmetric). */
export function operates(carrierIata: string, a: Airport, b: Airport): boolean {
  return (linksAt(b).get(carrierIata)?.includes(a) ?? false) || (linksAt(a).get(carrierIata)?.includes(b) ?? false)
}

/** Carriers flying this pair nonstop, in a stable order. */
export function carriersFlying(a: Airport, b: Airport): string[] {
  const found = new Set<string>()
  for (const [carrier, hubs] of linksAt(b)) if (hubs.includes(a)) found.add(carrier)
  for (const [carrier, hubs] of linksAt(a)) if (hubs.includes(b)) found.add(carrier)
  return [...found].sort()
}
