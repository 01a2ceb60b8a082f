import { desc, inArray, lt, or, sql } from 'drizzle-orm'
import type { ServerErrorEntry } from '#shared/admin.ts'
import type { Db } from '../db/client.ts'
import { serverErrors } from '../db/schema.ts'
import type { Logger } from '../lib/logger.ts'

/**
 * Server errors kept for /admin/debug (issue 13, decision 033): one row per request that failed with
 * a 500, with the request id that finds its log line. The table is capped: the newest
 * KEPT_SERVER_ERRORS rows of the last KEPT_DAYS days stay, older ones are deleted every
 * PRUNE_EVERY-th insert of a process (its first included), so a burst of failures can't fill the disk.
 */

export const KEPT_SERVER_ERRORS = 500
export const KEPT_DAYS = 14
const PRUNE_EVERY = 50
const MAX_MESSAGE = 500
const MAX_PATH = 500

export interface NewServerError {
  requestId: string | null
  method: string
  /** The path alone: a query string may carry tokens. */
  path: string
  status: number
  message: string
  userId: string | null
}

/** Inserts so far, per database: every PRUNE_EVERY-th one prunes. */
const inserts = new WeakMap<Db, number>()

/** Records one failure. Never throws: a failed insert (the database may be why the request failed) is logged and dropped. */
export async function recordServerError(db: Db, entry: NewServerError, logger?: Logger): Promise<void> {
  try {
    await db.insert(serverErrors).values({
      requestId: entry.requestId?.slice(0, 200) ?? null,
      method: entry.method.slice(0, 16),
      path: entry.path.split('?')[0]!.slice(0, MAX_PATH),
      status: entry.status,
      message: entry.message.slice(0, MAX_MESSAGE),
      userId: entry.userId,
    })
    const count = (inserts.get(db) ?? 0) + 1
    inserts.set(db, count)
    if (count % PRUNE_EVERY === 1) await pruneServerErrors(db)
  } catch (err) {
    logger?.warn({ err, requestId: entry.requestId }, 'could not record the server error')
  }
}

/** Deletes the rows beyond the newest KEPT_SERVER_ERRORS and those older than KEPT_DAYS days. */
export async function pruneServerErrors(db: Db): Promise<void> {
  const beyondNewest = db.select({ id: serverErrors.id }).from(serverErrors).orderBy(desc(serverErrors.at), desc(serverErrors.id)).offset(KEPT_SERVER_ERRORS)
  await db
    .delete(serverErrors)
    .where(or(lt(serverErrors.at, sql`now() - ${sql.raw(`interval '${KEPT_DAYS} days'`)}`), inArray(serverErrors.id, beyondNewest)))
}

/** The newest `limit` errors, newest first. */
export async function listServerErrors(db: Db, limit: number): Promise<ServerErrorEntry[]> {
  const rows = await db
    .select()
    .from(serverErrors)
    .orderBy(desc(serverErrors.at), desc(serverErrors.id))
    .limit(Math.max(1, Math.min(Math.trunc(limit) || 1, KEPT_SERVER_ERRORS)))
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    requestId: row.requestId,
    method: row.method,
    path: row.path,
    status: row.status,
    message: row.message,
    userId: row.userId,
  }))
}
