import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm'
import type { ClientView } from '#shared/clients.ts'
import type { Db } from '../db/client.ts'
import { alerts, clients } from '../db/schema.ts'
import { toClientView, type ClientRow } from './client-view.ts'

/** Statuses that no longer track anything: not counted as a client's alerts. */
const ENDED = ['archived_not_found', 'expired'] as const

/** Live alerts per client, one query for the whole list. */
export async function alertCounts(db: Db, clientIds: readonly string[]): Promise<Map<string, number>> {
  if (clientIds.length === 0) return new Map()
  const rows = await db
    .select({ clientId: alerts.clientId, n: count() })
    .from(alerts)
    .where(and(inArray(alerts.clientId, [...clientIds]), notInArray(alerts.status, [...ENDED])))
    .groupBy(alerts.clientId)
  return new Map(rows.map((row) => [row.clientId!, row.n]))
}

/** GET /api/clients: the advisor's clients by name. */
export async function listClients(db: Db, userId: string): Promise<ClientView[]> {
  const rows = await db.select().from(clients).where(eq(clients.userId, userId)).orderBy(asc(clients.name), asc(clients.id))
  return withCounts(db, rows)
}

export async function withCounts(db: Db, rows: readonly ClientRow[]): Promise<ClientView[]> {
  const counts = await alertCounts(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toClientView(row, counts.get(row.id) ?? 0))
}
