import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { scheduledTaskRuns } from '../db/schema.ts'

/**
 * Claims this period's run of a periodic task for the calling process: true for exactly one of
 * however many worker processes ask, once per `everyMs` (the row's time moves only for the winner).
 */
export async function claimScheduledRun(db: Db, name: string, everyMs: number, now: Date): Promise<boolean> {
  const due = new Date(now.getTime() - everyMs)
  const rows = await db
    .insert(scheduledTaskRuns)
    .values({ name, lastRunAt: now })
    .onConflictDoUpdate({
      target: scheduledTaskRuns.name,
      set: { lastRunAt: now },
      setWhere: sql`${scheduledTaskRuns.lastRunAt} <= ${due.toISOString()}::timestamptz`,
    })
    .returning({ name: scheduledTaskRuns.name })
  return rows.length > 0
}
