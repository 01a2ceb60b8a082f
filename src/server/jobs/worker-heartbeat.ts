import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { workerHeartbeats } from '../db/schema.ts'
import { systemClock, type Clock } from '../lib/clock.ts'
import type { Logger } from '../lib/logger.ts'

export const HEARTBEAT_INTERVAL_MS = 15_000
/** A worker that has not beaten for this long counts as gone. */
export const HEARTBEAT_STALE_MS = 60_000

export interface HeartbeatHandle {
  workerId: string
  stop(): Promise<void>
}

/**
 * Records that this worker process is alive, every 15 s, and prunes rows of workers that
 * vanished long ago. Readiness checks read these rows.
 */
export async function startWorkerHeartbeat(deps: { db: Db; logger: Logger; now?: Clock }): Promise<HeartbeatHandle> {
  const now = deps.now ?? systemClock
  const workerId = randomUUID()
  const startedAt = now()
  const beat = async () => {
    const at = now()
    await deps.db
      .insert(workerHeartbeats)
      .values({ workerId, hostname: hostname(), pid: process.pid, startedAt, beatAt: at })
      .onConflictDoUpdate({ target: workerHeartbeats.workerId, set: { beatAt: at } })
    await deps.db.delete(workerHeartbeats).where(lt(workerHeartbeats.beatAt, new Date(at.getTime() - 24 * 3600_000)))
  }
  await beat()
  const timer = setInterval(() => {
    beat().catch((err: unknown) => deps.logger.warn({ err }, 'worker heartbeat failed'))
  }, HEARTBEAT_INTERVAL_MS)
  timer.unref()
  return {
    workerId,
    stop: async () => {
      clearInterval(timer)
      await deps.db
        .delete(workerHeartbeats)
        .where(eq(workerHeartbeats.workerId, workerId))
        .catch(() => {})
    },
  }
}

export async function hasFreshWorker(db: Db, now: Date = new Date()): Promise<boolean> {
  const rows = await db
    .select({ workerId: workerHeartbeats.workerId })
    .from(workerHeartbeats)
    .where(gt(workerHeartbeats.beatAt, new Date(now.getTime() - HEARTBEAT_STALE_MS)))
    .limit(1)
  return rows.length > 0
}
