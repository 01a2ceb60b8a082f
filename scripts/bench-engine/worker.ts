// A worker process of scripts/bench-engine.ts (PostgreSQL): opens its own connection pool, says
// 'ready', and on 'go' runs the engine's cycles until nothing is due, then sends its figures back.
// The clock is the parent's: real time shifted by `offsetMs`, so every process agrees on "now".
import { openDatabase } from '#server/db/client.ts'
import { runUntilIdle, type WorkerResult } from './engine-run.ts'

export type ToWorker = { type: 'go'; offsetMs: number }
export type FromWorker = { type: 'ready' } | { type: 'result'; result: WorkerResult } | { type: 'error'; message: string }

const url = process.env.BENCH_DATABASE_URL
if (!url || !process.send) throw new Error('worker.ts runs as a child of scripts/bench-engine.ts')
const send = (message: FromWorker) => new Promise<void>((resolve) => process.send!(message, () => resolve()))

// A warm-up first, on a database of its own (BENCH_WARMUP_DATABASE_URL): a deployed worker runs for
// days, so its hot code is compiled long before a backlog; without it each process of the run would
// also pay V8's optimizing compiler for its first thousands of alerts (see bench-engine.ts WARMUP).
const warmupUrl = process.env.BENCH_WARMUP_DATABASE_URL
if (warmupUrl) {
  const warmup = await openDatabase({ driver: 'postgres', url: warmupUrl, poolSize: 10 })
  try {
    await runUntilIdle(warmup.db, () => new Date())
  } finally {
    await warmup.close()
  }
}
const database = await openDatabase({ driver: 'postgres', url, poolSize: 10 })
process.once('message', (message: ToWorker) => {
  void (async () => {
    try {
      const now = () => new Date(Date.now() + message.offsetMs)
      await send({ type: 'result', result: await runUntilIdle(database.db, now) })
    } catch (error) {
      await send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
    } finally {
      await database.close()
      process.disconnect()
    }
  })()
})
await send({ type: 'ready' })
