// `npm run bench:relearn`: the worker's daily live-forecast re-count (decision 052, addendum of
// 2026-11-28) at its read cap. Seeds OBSERVATIONS fare observations (default 300,000: the task's
// `maxRows`) on PGlite in memory or PostgreSQL (DB=postgres: a throwaway cluster or DATABASE_URL),
// shaped as FareDrop makes them (300 busy routes, trips checked twice a day over the last 90 days,
// prices on a random walk), runs `relearnLiveForecast` once and prints its time, the moments it
// learned and scored, and the process's peak memory. The other periodic tasks wait while it runs.
import { cpus, loadavg } from 'node:os'
import type { Database } from '#server/db/client.ts'
import { fareObservations } from '#server/db/schema.ts'
import { relearnLiveForecast } from '#server/forecast/live/relearn-live-forecast.ts'
import { freshPglite, freshPostgres, startPostgres } from './bench-engine/databases.ts'
import { busyRoutes, dayAfter, random } from './bench-engine/population.ts'

const total = Number(process.env.OBSERVATIONS ?? 300_000)
const usePostgres = process.env.DB === 'postgres'
const DAY_MS = 86_400_000
const now = new Date()

console.log('Live forecast re-count benchmark (npm run bench:relearn)')
console.log(`  machine: ${cpus()[0]?.model ?? 'cpu'}, ${cpus().length} cores; Node ${process.version}; ${now.toISOString()}; load ${loadavg()[0]!.toFixed(2)}`)

const server = usePostgres ? startPostgres() : null
const database: Database = server ? await freshPostgres(server.url) : await freshPglite()
try {
  const rand = random(52)
  const routes = busyRoutes()
  type Row = typeof fareObservations.$inferInsert
  let batch: Row[] = []
  let seeded = 0
  const flush = async () => {
    if (batch.length > 0) await database.db.insert(fareObservations).values(batch)
    seeded += batch.length
    batch = []
  }
  const seedStarted = performance.now()
  // Trips of 90 days' history each: departures spread over the next and last 90 days, each trip
  // checked at 09:00 and 21:00 UTC from 60 days before departure (or the window's start) until it left.
  outer: for (let trip = 0; ; trip++) {
    const route = routes[trip % routes.length]!
    const departure = Math.floor(now.getTime() / DAY_MS) * DAY_MS + Math.floor(rand() * 180 - 90) * DAY_MS
    const returnDate = rand() < 0.5 ? null : dayAfter(new Date(departure), 3 + Math.floor(rand() * 10))
    let price = 80 + route.km * 0.08 * (0.8 + 0.4 * rand())
    for (let at = Math.max(departure - 60 * DAY_MS, now.getTime() - 90 * DAY_MS); at < Math.min(departure, now.getTime()); at += DAY_MS / 2) {
      price = Math.max(30, price * (1 + (rand() - 0.48) * 0.06))
      batch.push({ origin: route.from, destination: route.to, departureDate: new Date(departure).toISOString().slice(0, 10), returnDate, cabin: 1, adults: 1, currency: 'USD', lowestPrice: Math.round(price), observedAt: new Date(at + 9 * 3_600_000), source: 'check' })
      if (seeded + batch.length >= total) break outer
      if (batch.length >= 2_000) await flush()
    }
  }
  await flush()
  console.log(`  seeded ${seeded.toLocaleString('en')} observations on ${usePostgres ? 'PostgreSQL 15' : 'PGlite (in memory)'} in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`)

  const rssBefore = process.memoryUsage().rss
  let peak = rssBefore
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
  const started = performance.now()
  const result = await relearnLiveForecast({ db: database.db, now, provider: 'serpapi' })
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`
  console.log(`  re-count: ${seconds.toFixed(1)} s; ${JSON.stringify(result)}`)
  console.log(`  memory: RSS ${mib(rssBefore)} before the re-count, ${mib(peak)} at most during it (sampled every 50 ms; ${usePostgres ? 'the client' : 'with the in-memory database'})`)
} finally {
  await database.close()
  server?.stop()
}
process.exit(0)
