// `tsx scripts/profile-simulator.ts [searches] [--warm-up N] [--profile out.cpuprofile]`: CPU per
// simulated search, the price-check engine's main cost (docs/benchmarks.md). Runs a warm-up, then
// SEARCHES (default 2,000) raw SerpApi queries through the simulated market, single-threaded,
// spread over the engine benchmark's 300 busy routes and 100 departure dates: one-way and
// round-trip searches (some followed to the returns with their departure token), a few multi-city
// ones, some in business or for several passengers. Prints CPU ms per search (user + system).
// --profile writes a CPU profile of the measured searches only (not the warm-up, which builds the
// airlines' flight-number tables and fills the caches); read it with Chrome DevTools or a summary.
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { createSimulatedMarket } from '#server/flights/providers/simulator/simulated-market.ts'
import type { SerpFlightsResponse, SerpQuery } from '#server/flights/providers/serpapi/serp-types.ts'
import { busyRoutes, dayAfter, random } from './bench-engine/population.ts'

const args = process.argv.slice(2)
const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const SEARCHES = Number(args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith('--')) ?? 2_000)
const WARM_UP = Number(flag('--warm-up') ?? 400)
const PROFILE = flag('--profile')
const DATES = 100
const NOW = new Date('2026-11-02T09:30:00Z')

const rand = random(42)
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!
const routes = busyRoutes()
const offsets = Array.from({ length: DATES }, (_, i) => 1 + Math.floor((i * 180) / DATES))

let now = NOW.getTime()
const market = createSimulatedMarket({ now: () => new Date(now), bookingUrl: 'http://localhost:3000/api/flights/simulated-seller' })

function query(): SerpQuery {
  const route = pick(routes)
  const out = dayAfter(NOW, pick(offsets))
  const extras = {
    ...(rand() < 0.1 ? { adults: 2, children: rand() < 0.5 ? 1 : 0 } : {}),
    ...(rand() < 0.07 ? { travel_class: 3 } : {}),
  }
  const r = rand()
  if (r < 0.05) {
    const next = routes.find((x) => x.from === route.to && x.to !== route.from) ?? route
    const legs = [
      { departure_id: route.from, arrival_id: route.to, date: out },
      { departure_id: next.from, arrival_id: next.to, date: dayAfter(new Date(`${out}T00:00:00Z`), 5) },
    ]
    return { type: 3, multi_city_json: JSON.stringify(legs), ...extras }
  }
  if (r < 0.55) {
    const back = dayAfter(new Date(`${out}T00:00:00Z`), pick([3, 4, 5, 7, 7, 10, 14]))
    return { type: 1, departure_id: route.from, arrival_id: route.to, outbound_date: out, return_date: back, ...extras }
  }
  return { type: 2, departure_id: route.from, arrival_id: route.to, outbound_date: out, ...extras }
}

/** One search, and for a fifth of the round trips and multi-city ones the second step too. Returns the calls made. */
async function search(): Promise<number> {
  const q = query()
  now += 1_000
  const answer: SerpFlightsResponse = await market.fetch(q)
  const token = answer.best_flights?.[0]?.departure_token ?? answer.other_flights?.[0]?.departure_token
  if (!token || rand() >= 0.2) return 1
  await market.fetch({ ...q, departure_token: token })
  return 2
}

for (let i = 0; i < WARM_UP; i++) await search()

const session = PROFILE ? new Session() : null
if (session) {
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
}
const cpuBefore = process.cpuUsage()
const wallBefore = performance.now()
let calls = 0
for (let i = 0; i < SEARCHES; i++) calls += await search()
const cpu = process.cpuUsage(cpuBefore)
const wallMs = performance.now() - wallBefore
const cpuMs = (cpu.user + cpu.system) / 1000
if (session && PROFILE) {
  const { profile } = await session.post('Profiler.stop')
  writeFileSync(PROFILE, JSON.stringify(profile))
  session.disconnect()
}

console.log(`${calls} simulated searches (${SEARCHES} first steps) after ${WARM_UP} warm-up ones`)
console.log(`  CPU ${cpuMs.toFixed(0)} ms (${(cpuMs / calls).toFixed(2)} ms per search), wall ${wallMs.toFixed(0)} ms, heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`)
