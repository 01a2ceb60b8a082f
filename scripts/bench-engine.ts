// `npm run bench:engine`: the price-check engine's throughput and fidelity on the simulated market.
// Seeds ALERTS due alerts (default 100,000) over 300 busy routes with a Zipf skew (plus IDLE alerts
// not yet due), runs ONE full check cycle (the engine's batch cycles until nothing is due) and
// prints alerts checked per second, provider calls against one per alert, cycle time, p95 lag from
// due time to check, notifications queued, peak memory and where the CPU went. Then the fidelity
// run (FIDELITY=0 skips it): fixed-date alerts on a simulated clock across 3 days, then flexible-date
// alerts across 7 and bag-inclusive ones across 3 (FIDELITY_FLEX_* / FIDELITY_BAG_*), each scored
// against an independent copy of the market (scripts/bench-engine/fidelity*.ts).
// DB=postgres (default: a throwaway cluster via scripts/postgres-cluster.sh, or DATABASE_URL) or pglite.
// WORKERS=1|2: worker processes, each with its own pool (the market is CPU work in the worker's
// JS thread, so a second worker needs a second process to use the second core). WORKERS and IDLE
// take comma lists (WORKERS=1,2): one run per value, each on a fresh database; ROUNDS=N repeats
// them in turn and judges 2 workers against 1 on the median of the rounds. SUBSUMPTION=0: every
// alert asks its own search (decision 053's comparison). CALENDAR=0: no fare calendar, so flexible
// alerts are swept as on SerpApi (decision 055). Worker processes run with the production worker's
// node flags (package.json `worker`: decisions 056, 058), and first check WARMUP alerts each (default
// 10,000) on a database of their own, so the run measures warm processes as deployed (decision 057;
// WARMUP=0: cold processes, as before). Every run starts after a checkpoint. Exits 0 even when a
// target is missed.
import { fork, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { benchProvider, runUntilIdle, type WorkerResult } from './bench-engine/engine-run.ts'
import { machineCpu, postgresCpu, printCpu } from './bench-engine/cpu-use.ts'
import { machineScaling } from './bench-engine/machine-scaling.ts'
import { freshPglite, freshPostgres, startPostgres, type PostgresServer } from './bench-engine/databases.ts'
import { runFidelity } from './bench-engine/fidelity.ts'
import { printFidelity, printRun, readOptions, summarize, twoAgainstOne, type RunFigures } from './bench-engine/report.ts'
import { seedDueAlerts, seedIdleAlerts, seedUsers } from './bench-engine/seed.ts'
import type { FromWorker, ToWorker } from './bench-engine/worker.ts'

const options = readOptions(process.argv.slice(2), process.env)
const load = () => loadavg().map((v) => v.toFixed(2)).join(' / ')
const cpu = cpus()
console.log('Price-check engine benchmark (npm run bench:engine)')
console.log(`  machine: ${cpu[0]?.model ?? 'cpu'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.version}`)
console.log(`  date: ${new Date().toISOString()}; load average at start: ${load()}`)
console.log(`  options: ${JSON.stringify(options)}${process.env.SUBSUMPTION === '0' ? ', SUBSUMPTION=0 (every alert asks its own search)' : ''}`)

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows
const log = (line: string) => console.log(line)

/**
 * Node flags of worker processes: the production worker's (package.json's `worker` script: its
 * young-generation size and V8 thread pool, decisions 056 and 058), so the benchmark runs what a
 * deployment runs, then any extra ones, e.g. BENCH_WORKER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
 */
const workerNodeArgs = [...productionWorkerFlags(), ...(process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean)]
console.log(`  worker node flags: ${workerNodeArgs.join(' ') || '(none)'}`)

function productionWorkerFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: Record<string, string> }
  const command = scripts.worker!.split('&&').at(-1)!.trim().split(/\s+/)
  return command.slice(command.indexOf('node') + 1).filter((arg) => arg.startsWith('--'))
}

async function startWorkers(count: number, url: string, warmupUrl: string | null): Promise<ChildProcess[]> {
  const script = path.resolve(import.meta.dirname, 'bench-engine/worker.ts')
  const env = { ...process.env, BENCH_DATABASE_URL: url, ...(warmupUrl ? { BENCH_WARMUP_DATABASE_URL: warmupUrl } : {}) }
  const children = Array.from({ length: count }, () => fork(script, [], { execArgv: ['--import', 'tsx', ...workerNodeArgs], env }))
  await Promise.all(children.map((child) => new Promise<void>((resolve, reject) => {
    child.once('message', (m: FromWorker) => (m.type === 'ready' ? resolve() : reject(new Error(JSON.stringify(m)))))
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready`)))
  })))
  return children
}

function result(child: ChildProcess): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    child.once('message', (m: FromWorker) => (m.type === 'result' ? resolve(m.result) : reject(new Error(m.type === 'error' ? m.message : 'unexpected message'))))
  })
}

/**
 * WARMUP: a database of its own with WARMUP due alerts per worker process, which the processes
 * check (together, as in the run) before they say ready: the run then measures workers whose hot
 * code is already compiled, as a deployed worker's is (it runs for days; decision 057). Dropped
 * when the run's database is.
 */
async function seedWarmup(warm: Database, workers: number): Promise<void> {
  const started = performance.now()
  const count = options.warmup * workers
  const base = new Date()
  const users = await seedUsers(warm.db, Math.max(1, Math.round(count / 5)), 2)
  await seedDueAlerts(warm.db, { count, users, base, dueFrom: new Date(base.getTime() - 60_000), provider: benchProvider(warm.db, () => base), seed: 2 })
  await warm.db.execute(sql`analyze`)
  console.log(`  warm-up: ${count.toLocaleString('en')} other alerts (${options.warmup.toLocaleString('en')} a worker), seeded in ${((performance.now() - started) / 1000).toFixed(1)} s, checked before the run (not measured)`)
}

async function checkpoint(db: Database['db']): Promise<void> {
  try {
    await db.execute(sql`checkpoint`)
  } catch (error) {
    console.log(`  (no checkpoint before the run: ${error instanceof Error ? error.message : String(error)})`)
  }
}

async function oneRun(server: PostgresServer | null, workers: number, idle: number): Promise<RunFigures> {
  const label = `${options.db === 'postgres' ? 'PostgreSQL 15' : 'PGlite (in process)'}, ${workers} worker${workers > 1 ? 's' : ''}, ${options.alerts.toLocaleString('en')} due + ${idle.toLocaleString('en')} idle alerts`
  console.log(`\n== ${label}`)
  const database: Database & { url?: string } = server ? await freshPostgres(server.url) : await freshPglite()
  let warm: (Database & { url: string }) | null = null
  try {
    const seedStarted = performance.now()
    const base = new Date()
    const dueFrom = new Date(base.getTime() - 60_000)
    const users = await seedUsers(database.db, Math.max(1, Math.round(options.alerts / 5)))
    const population = await seedDueAlerts(database.db, { count: options.alerts, users, base, dueFrom, provider: benchProvider(database.db, () => base) })
    console.log(`  seeded ${users.length.toLocaleString('en')} users, ${options.alerts.toLocaleString('en')} due alerts ${JSON.stringify(population.kinds)} in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`)
    // The clock starts as the last seeded alert comes due: a backlog of ALERTS due at once.
    const simStart = dueFrom.getTime() + 5_000
    if (idle > 0) {
      await seedIdleAlerts(database.db, idle, new Date(simStart))
      console.log(`  + ${idle.toLocaleString('en')} idle alerts (generate_series) at ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`)
    }
    await database.db.execute(sql`analyze`)
    const seedSeconds = (performance.now() - seedStarted) / 1000
    if (server && options.warmup > 0) await seedWarmup((warm = await freshPostgres(server.url)), workers)

    let results: WorkerResult[]
    const children = server ? await startWorkers(workers, database.url!, warm?.url ?? null) : []
    // Every run starts just after a checkpoint: otherwise one that the earlier runs' WAL brings on
    // (max_wal_size) lands inside whichever run comes next, with its full-page writes.
    if (server) await checkpoint(database.db)
    const offsetMs = simStart - Date.now()
    const now = () => new Date(Date.now() + offsetMs)
    const started = performance.now()
    const machineBefore = machineCpu()
    const postgresBefore = postgresCpu(server?.postmasterPid ?? null)
    if (server) {
      const pending = children.map(result)
      children.forEach((child) => child.send({ type: 'go', offsetMs } satisfies ToWorker))
      results = await Promise.all(pending)
    } else {
      results = [await runUntilIdle(database.db, now)]
    }
    const wallMs = performance.now() - started
    const postgresAfter = postgresCpu(server?.postmasterPid ?? null)
    const machineAfter = machineCpu()

    const [left] = rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from alerts where status in ('active', 'triggered', 'at_risk') and next_check_at <= ${now().toISOString()}::timestamptz`))
    const [twice] = rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from (select alert_id from alert_prices group by alert_id having count(*) > 1) t`))
    const [notes] = rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from alert_notifications`))
    const figures: RunFigures = {
      label,
      db: options.db,
      workers,
      due: options.alerts,
      idle,
      seedSeconds,
      wallMs,
      results,
      leftDue: left?.n ?? -1,
      checkedTwice: twice?.n ?? -1,
      notificationRows: notes?.n ?? -1,
      population,
    }
    printRun(figures)
    const workerMain = results.reduce((sum, r) => sum + r.cpu.main, 0)
    printCpu({
      wallSeconds: wallMs / 1000,
      workerWallSeconds: results.map((r) => r.wallMs / 1000),
      workerMain,
      workerOther: results.reduce((sum, r) => sum + r.cpu.total, 0) - workerMain,
      postgres: postgresBefore === null || postgresAfter === null ? null : postgresAfter - postgresBefore,
      machine: machineAfter - machineBefore,
    })
    return figures
  } finally {
    await database.close()
    await warm?.close()
  }
}

const server = options.db === 'postgres' ? startPostgres() : null
try {
  const runs: Array<RunFigures & { round: number }> = []
  for (let round = 1; round <= options.rounds; round++) {
    if (options.rounds > 1) console.log(`\n# round ${round} of ${options.rounds}`)
    for (const idle of options.idle) for (const workers of options.workers) runs.push({ ...(await oneRun(server, workers, idle)), round })
  }
  const find = (w: number, i: number, round = 1) => runs.find((r) => r.workers === w && r.idle === i && r.round === round)
  const one = find(1, 0)
  const two = find(2, 0)
  if (one && two) {
    const rounds = Array.from({ length: options.rounds }, (_, i) => {
      const [a, b] = [find(1, 0, i + 1)!, find(2, 0, i + 1)!]
      return { one: { rate: summarize(a).rate, wallMs: a.wallMs }, two: { rate: summarize(b).rate, wallMs: b.wallMs } }
    })
    console.log(`\n${twoAgainstOne(rounds).line}`)
    const slower = await machineScaling()
    console.log(`  this machine, two processes at once: each ${slower.compute.toFixed(2)}× as slow as alone on computation, ${slower.memory.toFixed(2)}× on memory copies`)
  }
  const withIdle = runs.find((r) => r.workers === 1 && r.idle >= 1_000_000)
  if (one && withIdle) {
    const extra = withIdle.wallMs / one.wallMs - 1
    console.log(`${withIdle.idle.toLocaleString('en')} idle alerts add ${(100 * extra).toFixed(1)} % to the cycle time  (< 10 %  ${extra < 0.1 ? 'PASS' : 'FAIL'})`)
  }
  if (options.fidelity) {
    console.log(`\n== Fidelity (${options.db})`)
    const database = server ? await freshPostgres(server.url) : await freshPglite()
    try {
      printFidelity(await runFidelity(database, { alerts: options.fidelityAlerts, searches: options.fidelitySearches, hours: options.fidelityHours, shocks: options.fidelityShocks }, log))
    } finally {
      await database.close()
    }
  }
  for (const run of runs) console.log(`result ${JSON.stringify({ label: run.label, ...(options.rounds > 1 ? { round: run.round } : {}), wallMs: Math.round(run.wallMs), seedSeconds: run.seedSeconds, ...summarize(run) })}`)
  console.log(`\nload average at end: ${load()}`)
} finally {
  server?.stop()
}
process.exit(0)
