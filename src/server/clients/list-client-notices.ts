import { and, desc, eq, isNotNull, isNull, lt, type SQL } from 'drizzle-orm'
import type { ClientNoticeView } from '#shared/clients.ts'
import type { Db } from '../db/client.ts'
import { alertNotifications, alerts, clients } from '../db/schema.ts'

export const CLIENT_NOTICES_PAGE = 50

/**
 * GET /api/clients/notices: the advisor's notices across every client, newest first, filtered to
 * one client (`clientId`), to the advisor's own alerts ("none") or to every client's ("all").
 * `before` pages back by the last row's time.
 */
export async function listClientNotices(db: Db, userId: string, filter: { client: string; before?: Date | undefined }): Promise<ClientNoticeView[]> {
  const conditions: (SQL | undefined)[] = [eq(alerts.userId, userId)]
  if (filter.client === 'all') conditions.push(isNotNull(alerts.clientId))
  else if (filter.client === 'none') conditions.push(isNull(alerts.clientId))
  else conditions.push(eq(alerts.clientId, filter.client))
  if (filter.before) conditions.push(lt(alertNotifications.createdAt, filter.before))
  const rows = await db
    .select({
      id: alertNotifications.id,
      alertId: alerts.id,
      alertName: alerts.name,
      clientId: alerts.clientId,
      clientName: clients.name,
      channel: alertNotifications.channel,
      status: alertNotifications.status,
      attempts: alertNotifications.attempts,
      lastError: alertNotifications.lastError,
      price: alertNotifications.price,
      currency: alerts.currency,
      createdAt: alertNotifications.createdAt,
      sentAt: alertNotifications.sentAt,
    })
    .from(alertNotifications)
    .innerJoin(alerts, eq(alerts.id, alertNotifications.alertId))
    .leftJoin(clients, eq(clients.id, alerts.clientId))
    .where(and(...conditions))
    .orderBy(desc(alertNotifications.createdAt), desc(alertNotifications.id))
    .limit(CLIENT_NOTICES_PAGE)
  return rows.map(({ lastError, ...row }) => ({
    ...row,
    note: row.status === 'skipped' && lastError ? lastError.replace(/^skipped: /, '') : null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }))
}
