import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Price-check workers write a heartbeat here; GET /api/ready reports 503 when none is fresh.
 * One row per worker process, so several processes on one PostgreSQL show up separately.
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull(),
})
