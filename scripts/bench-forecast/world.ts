// The world one replay of scripts/bench-forecast.ts runs: routes (busy real routes, as many of each
// haul as of the others), the trips travellers watch on them with their neighbouring dates, when
// FareDrop observes each (price checks of alerts, travellers' searches at daytime hours), and the
// price shocks the market suffers. Everything is drawn from one seed.
import { findAirport } from '#server/reference-data/airports.ts'
import { addDays, utcOffsetMinutes } from '#server/flights/providers/simulator/time-zones.ts'
import type { SimulatedPriceShock } from '#server/flights/providers/simulator/simulated-market.ts'
import { haulKind, HAUL_KINDS, type HaulKind } from '#server/forecast/forecast-kind.ts'
import { NEIGHBOUR_DAYS } from '#server/forecast/forecast-features.ts'
import { busyRoutes, random } from '../bench-engine/population.ts'

export const STEP_HOURS = 3
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000
export const STEPS_PER_DAY = 24 / STEP_HOURS

export interface WorldOptions {
  seed: number
  /** Midnight UTC of the first simulated day. */
  start: Date
  routes: number
  /** Days forecasts are asked on (after the warm-up); the replay runs 7 more to see what happened. */
  days: number
  warmupDays: number
  /** Watched trips per route. */
  windows: number
}

export interface Trip {
  departureDate: string
  returnDate: string | null
  /** The watched trip of its window (an alert), not one of its neighbouring dates. */
  watched: boolean
  /** Grid steps FareDrop observes it at, ascending, with what made the observation. */
  observed: Array<{ step: number; source: 'search' | 'check' }>
  /** Steps the forecast is asked at (the first check of each day once the alert exists). */
  asked: number[]
}

export interface WorldRoute {
  from: string
  to: string
  km: number
  haul: HaulKind
  trips: Trip[]
  shocks: Array<SimulatedPriceShock & { start: Date }>
}

export interface World {
  options: WorldOptions
  steps: number
  routes: WorldRoute[]
}

/** Grid step s is at :50 past its hour (the market's prices move on the hour, local dates at :00 or :30). */
export const stepTime = (options: Pick<WorldOptions, 'start'>, step: number) => new Date(options.start.getTime() + step * STEP_HOURS * HOUR_MS + 50 * 60_000)

/** The routes of a run: busy routes in traffic order, taken round-robin by haul so each haul has its share. */
function pickRoutes(count: number): Array<{ from: string; to: string; km: number; haul: HaulKind }> {
  const byHaul = new Map(HAUL_KINDS.map((h) => [h, busyRoutes().filter((r) => haulKind(r.km) === h)]))
  const out: Array<{ from: string; to: string; km: number; haul: HaulKind }> = []
  for (let i = 0; out.length < count; i++) {
    let added = false
    for (const haul of HAUL_KINDS) {
      const route = byHaul.get(haul)![i]
      if (route && out.length < count) {
        out.push({ ...route, haul })
        added = true
      }
    }
    if (!added) break
  }
  return out
}

/** A Poisson draw (Knuth): searches per day. */
function poisson(rand: () => number, mean: number): number {
  const limit = Math.exp(-mean)
  let k = 0
  for (let p = rand(); p > limit; p *= rand()) k++
  return k
}

export function drawWorld(options: WorldOptions): World {
  const rand = random(options.seed)
  const totalDays = options.warmupDays + options.days + 7
  const steps = totalDays * STEPS_PER_DAY
  const day0 = options.start.toISOString().slice(0, 10)
  const routes = pickRoutes(options.routes).map((route): WorldRoute => {
    const timeZone = findAirport(route.from)?.timeZone ?? 'UTC'
    // Travellers search in their daytime: grid steps at 07:00–23:59 at the origin.
    const daytime = Array.from({ length: STEPS_PER_DAY }, (_, k) => k).filter((k) => {
      const at = stepTime(options, k).getTime()
      const localHour = Math.floor((((at / HOUR_MS + utcOffsetMinutes(timeZone, at) / 60) % 24) + 24) % 24)
      return localHour >= 7
    })
    const trips: Trip[] = []
    for (let w = 0; w < options.windows; w++) {
      // Windows spread over lead times: the first departs within the run, later ones months out.
      const lead = w === 0 ? 10 + Math.floor(rand() * 60) : 60 + Math.floor(rand() * 110)
      const centre = addDays(day0, lead)
      const stay = rand() < 0.5 ? null : 2 + Math.floor(rand() * 11)
      const alertDay = Math.floor(rand() * (options.warmupDays + options.days / 2))
      const phase = Math.floor(rand() * (STEPS_PER_DAY / 2))
      for (let offset = -NEIGHBOUR_DAYS; offset <= NEIGHBOUR_DAYS; offset++) {
        const departureDate = addDays(centre, offset)
        const watched = offset === 0
        const trip: Trip = { departureDate, returnDate: stay === null ? null : addDays(departureDate, stay), watched, observed: [], asked: [] }
        const departs = Date.parse(`${departureDate}T00:00:00Z`)
        for (let day = 0; day < totalDays; day++) {
          const seen = new Map<number, 'search' | 'check'>()
          const alert = watched && day >= alertDay
          if (alert) for (const k of [phase, phase + STEPS_PER_DAY / 2]) seen.set(day * STEPS_PER_DAY + k, 'check')
          const searches = poisson(rand, watched ? (alert ? 1 : 0.3) : 0.4)
          for (let i = 0; i < searches; i++) {
            const step = day * STEPS_PER_DAY + daytime[Math.floor(rand() * daytime.length)]!
            if (!seen.has(step)) seen.set(step, 'search')
          }
          for (const [step, source] of [...seen.entries()].sort((a, b) => a[0] - b[0])) {
            if (stepTime(options, step).getTime() < departs) trip.observed.push({ step, source })
          }
          const ask = day * STEPS_PER_DAY + phase
          if (alert && day >= options.warmupDays && day < options.warmupDays + options.days && stepTime(options, ask).getTime() < departs - DAY_MS) trip.asked.push(ask)
        }
        trips.push(trip)
      }
    }
    // Fare sales as the engine benchmark draws them (bench-engine/fidelity.ts): the whole route
    // 15–40 % cheaper for 3–40 hours, here about one every 12 days per route.
    const shocks: WorldRoute['shocks'] = []
    for (let n = poisson(rand, totalDays / 12); n > 0; n--) {
      const start = new Date(options.start.getTime() + Math.floor(rand() * (steps * STEP_HOURS)) * HOUR_MS)
      const hours = 3 + Math.floor(rand() * 38)
      shocks.push({ from: route.from, to: route.to, departureDate: null, factor: 0.6 + 0.25 * rand(), start, until: new Date(start.getTime() + hours * HOUR_MS) })
    }
    return { ...route, trips, shocks }
  })
  return { options, steps, routes }
}
