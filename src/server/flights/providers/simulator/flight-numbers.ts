import { AIRPORTS, type Airport } from '../../../reference-data/airports.ts'
import { isHub } from '../../../reference-data/hubs.ts'
import { linksAt } from './carriers.ts'
import { routePlan, type RoutePlan } from './route-plan.ts'

/**
 * Flight numbers that name one route each. Picked pair by pair, numbers collided (AA 647 flew
 * CLT→LAX and CLT→ORD the same day), yet price alerts and itinerary ids key flights by number and
 * date. So a carrier's numbers are handed out over its whole network at once: its routes, in a
 * stable order (most important first), take the numbers they want (route-plan.ts) or the next
 * free ones. Deterministic: it depends on the network data only.
 *
 * Four digits hold 9,999 numbers, and a few carriers (AA, DL, UA) fly more flights a day than that
 * in the simulated network. Theirs keep numbers of their own on hub-to-hub routes and share the
 * rest among the other routes, never between two routes that meet at an airport: the flights from
 * or to any one airport still all have different numbers.
 */

/** Bases are even, 2 … 9998; a flight flies base or base + 1, so at most four digits. */
const MAX_BASE = 9_998
const SLOTS = MAX_BASE / 2
const slotOf = (base: number) => base / 2 - 1
const baseOf = (slot: number) => 2 * slot + 2

interface Route {
  plan: RoutePlan
  a: string
  b: string
  /** 0: between two hub airports (any airline's), 1: between two large airports, 2: the rest. */
  tier: number
}

const tables = new Map<string, Map<string, number[]>>()

/** Base numbers of the pair's daily flights, lowest first: one per flight, in the plan's order. */
export function flightBases(carrier: string, plan: RoutePlan): number[] {
  let table = tables.get(carrier)
  if (!table) {
    // Built once per carrier: tens of ms for the largest, plus ~0.3 s for the first (every airport's links).
    table = allocate(carrierRoutes(carrier))
    tables.set(carrier, table)
  }
  // A pair the carrier does not fly is never scheduled by the market; keep its wish.
  return table.get(plan.pairKey) ?? plan.wantedBases
}

function tier(a: Airport, b: Airport): number {
  if (isHub(a.iata) && isHub(b.iata)) return 0
  return a.size === 'large' && b.size === 'large' ? 1 : 2
}

/** Every pair the carrier flies (each is a hub of its and an airport linksAt() links to it), in allocation order. */
function carrierRoutes(carrier: string): Route[] {
  const routes = new Map<string, Route>()
  for (const airport of AIRPORTS) {
    for (const hub of linksAt(airport).get(carrier) ?? []) {
      const plan = routePlan(carrier, hub, airport)
      if (!routes.has(plan.pairKey)) routes.set(plan.pairKey, { plan, a: hub.iata, b: airport.iata, tier: tier(hub, airport) })
    }
  }
  return [...routes.values()].sort((x, y) => x.tier - y.tier || (x.plan.pairKey < y.plan.pairKey ? -1 : 1))
}

/**
 * How many tiers get numbers of their own: all when the carrier's flights fit; otherwise the first
 * tiers that fit in half the numbers, which leaves the shared routes enough numbers that routes
 * meeting at one airport never need the same one.
 */
function exclusiveTiers(routes: readonly Route[]): number {
  const demand = [0, 0, 0]
  for (const r of routes) demand[r.tier]! += r.plan.flightsPerDay
  if (demand[0]! + demand[1]! + demand[2]! <= SLOTS) return demand.length
  let tiers = 0
  let used = 0
  while (tiers < demand.length && used + demand[tiers]! <= SLOTS / 2) used += demand[tiers++]!
  return tiers
}

/**
 * Slot sets as bitmaps: allocation probes a lot (AA's network fills every slot), and a probe then
 * tests 32 slots per step. Bits past the last slot are set, so they never look free.
 */
const WORDS = Math.ceil(SLOTS / 32)

function slotMap(padded: boolean): Uint32Array {
  const map = new Uint32Array(WORDS)
  if (padded && SLOTS % 32 !== 0) map[WORDS - 1] = ~((1 << SLOTS % 32) - 1) >>> 0
  return map
}

const mark = (map: Uint32Array, slot: number) => void (map[slot >>> 5]! |= 1 << (slot & 31))
const isMarked = (map: Uint32Array, slot: number) => (map[slot >>> 5]! & (1 << (slot & 31))) !== 0

/** The first slot from `start` on (wrapping) that is clear in every map, or -1. */
function firstClear(start: number, maps: readonly Uint32Array[]): number {
  const first = start >>> 5
  // WORDS + 1 steps: the start word again at the end, for its slots before `start`.
  for (let k = 0; k <= WORDS; k++) {
    const w = (first + k) % WORDS
    let taken = k === 0 ? (1 << (start & 31)) - 1 : 0
    for (const map of maps) taken |= map[w]!
    const free = ~taken >>> 0
    if (free !== 0) return w * 32 + 31 - Math.clz32(free & -free)
  }
  return -1
}

function allocate(routes: readonly Route[]): Map<string, number[]> {
  const ownTiers = exclusiveTiers(routes)
  const owned = slotMap(true)
  const used = slotMap(true)
  let unused = SLOTS
  const atAirport = new Map<string, Uint32Array>()
  const slotsAt = (iata: string) => {
    let map = atAirport.get(iata)
    if (!map) atAirport.set(iata, (map = slotMap(false)))
    return map
  }
  const table = new Map<string, number[]>()
  for (const route of routes) {
    const [atA, atB] = [slotsAt(route.a), slotsAt(route.b)]
    const slots = route.plan.wantedBases.map((wanted) => {
      const start = slotOf(wanted)
      let slot: number
      if (route.tier < ownTiers) {
        slot = firstClear(start, [used]) // always found: these tiers fit by construction
        mark(owned, slot)
      } else {
        // A number nobody flies while there is one, then one shared away from this route's airports.
        slot = unused > 0 ? firstClear(start, [used]) : firstClear(start, [owned, atA, atB])
        if (slot < 0) slot = start // cannot happen with today's data (see exclusiveTiers)
      }
      if (!isMarked(used, slot)) unused--
      mark(used, slot)
      mark(atA, slot)
      mark(atB, slot)
      return slot
    })
    table.set(route.plan.pairKey, slots.map(baseOf).sort((x, y) => x - y))
  }
  return table
}
