import { arePartners } from '../../../reference-data/alliances.ts'
import { distanceKm, findAirport, type Airport } from '../../../reference-data/airports.ts'
import { CARRIERS, carriersFlying, findCarrier, linksAt, operates } from './carriers.ts'

/**
 * Routings between two airports: which airports a trip passes through and which carrier flies
 * each hop. Schedules (times, flight numbers) come later; this is only the map.
 */
export interface Routing {
  path: Airport[]
  /** carriers[i] flies path[i] → path[i + 1]. */
  carriers: string[]
}

const MAX_ONE_STOP = 12
const MAX_TWO_STOP = 5

/** How far out of the way a connection may go: generous on short trips, tight on long ones. */
function maxDetour(directKm: number, stops: number): number {
  return stops === 1 ? 1.25 + 600 / directKm : 1.45 + 900 / directKm
}

const cache = new Map<string, Routing[]>()
const CACHE_MAX = 2_000

export function routingsBetween(from: Airport, to: Airport): Routing[] {
  const key = `${from.iata}-${to.iata}`
  const cached = cache.get(key)
  if (cached) return cached
  const routings = computeRoutings(from, to)
  if (cache.size >= CACHE_MAX) cache.clear()
  cache.set(key, routings)
  return routings
}

function computeRoutings(from: Airport, to: Airport): Routing[] {
  const direct = distanceKm(from, to)
  const nonstop: Routing[] = carriersFlying(from, to).map((carrier) => ({ path: [from, to], carriers: [carrier] }))
  const oneStop = oneStopRoutings(from, to, direct)
  const twoStop =
    nonstop.length + oneStop.length < 4 || direct > 9_000 || from.size === 'medium' || to.size === 'medium' ? twoStopRoutings(from, to, direct) : []
  return [...nonstop, ...oneStop, ...twoStop]
}

/** Carriers (the preferred one first, then its partners) that fly a hop nonstop. */
function hopCarriers(preferred: string, a: Airport, b: Airport): string[] {
  if (operates(preferred, a, b)) return [preferred]
  return carriersFlying(a, b).filter((c) => c !== preferred && arePartners(preferred, c) && findCarrier(c)?.kind === 'network')
}

function oneStopRoutings(from: Airport, to: Airport, direct: number): Routing[] {
  const limit = maxDetour(direct, 1)
  const found: Array<Routing & { detour: number }> = []
  const seen = new Set<string>()
  for (const carrier of CARRIERS) {
    // Low-cost carriers sell point to point only.
    if (carrier.kind === 'lcc') continue
    for (const hub of carrier.hubs) {
      if (hub === from || hub === to) continue
      const detour = (distanceKm(from, hub) + distanceKm(hub, to)) / direct
      if (detour > limit) continue
      const first = hopCarriers(carrier.iata, from, hub)[0]
      const second = hopCarriers(carrier.iata, hub, to)[0]
      if (!first || !second) continue
      const key = `${first}-${hub.iata}-${second}`
      if (seen.has(key)) continue
      seen.add(key)
      found.push({ path: [from, hub, to], carriers: [first, second], detour })
    }
  }
  found.sort((a, b) => a.detour - b.detour || a.carriers.join().localeCompare(b.carriers.join()))
  return found.slice(0, MAX_ONE_STOP).map(({ path, carriers }) => ({ path, carriers }))
}

/**
 * Two connections: a feeder to a hub near the origin, a trunk between two hubs, a feeder out near
 * the destination, all on one airline or partners. Used for remote airports and very long trips.
 */
function twoStopRoutings(from: Airport, to: Airport, direct: number): Routing[] {
  const limit = maxDetour(direct, 2)
  const outs = gateways(from)
  const ins = gateways(to)
  const found: Array<Routing & { detour: number }> = []
  const seen = new Set<string>()
  for (const out of outs) {
    for (const inn of ins) {
      const [h1, h2] = [out.hub, inn.hub]
      if (h1 === h2 || h1 === to || h2 === from) continue
      const detour = (distanceKm(from, h1) + distanceKm(h1, h2) + distanceKm(h2, to)) / direct
      if (detour > limit) continue
      if (!arePartners(out.carrier, inn.carrier)) continue
      const trunk = hopCarriers(out.carrier, h1, h2)[0] ?? hopCarriers(inn.carrier, h1, h2)[0]
      if (!trunk || !arePartners(trunk, out.carrier) || !arePartners(trunk, inn.carrier)) continue
      const key = `${out.carrier}-${h1.iata}-${trunk}-${h2.iata}-${inn.carrier}`
      if (seen.has(key)) continue
      seen.add(key)
      found.push({ path: [from, h1, h2, to], carriers: [out.carrier, trunk, inn.carrier], detour })
    }
  }
  found.sort((a, b) => a.detour - b.detour || a.carriers.join().localeCompare(b.carriers.join()))
  return found.slice(0, MAX_TWO_STOP).map(({ path, carriers }) => ({ path, carriers }))
}

/** The hubs an airport is flown to from, with the network carrier that flies there. */
function gateways(airport: Airport): Array<{ hub: Airport; carrier: string }> {
  const list: Array<{ hub: Airport; carrier: string }> = []
  for (const [carrier, hubs] of linksAt(airport)) {
    if (findCarrier(carrier)?.kind !== 'network') continue
    for (const hub of hubs) list.push({ hub, carrier })
  }
  return list
}

/** Routing airports by code, for tests and debugging. */
export function describeRoutings(fromIata: string, toIata: string): string[] {
  const from = findAirport(fromIata)
  const to = findAirport(toIata)
  if (!from || !to) return []
  return routingsBetween(from, to).map((r) => r.path.map((a, i) => (i < r.carriers.length ? `${a.iata} ${r.carriers[i]}` : a.iata)).join(' > '))
}
