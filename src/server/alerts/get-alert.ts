import { asc, desc, eq } from 'drizzle-orm'
import type { AlertDetail } from '#shared/alerts/alert.ts'
import { alertNotifications, alertPrices, alerts } from '../db/schema.ts'
import { alertNotFound } from './alert-errors.ts'
import { alertToday, isAlertId, ownedAlert, type AlertDeps, type AlertOwner } from './alert-scope.ts'
import { toAlert, toPricePoint } from './to-alert.ts'

const RECENT_NOTIFICATIONS = 10

/** GET /api/alerts/:id: one of the owner's alerts with its whole price history (oldest first) and recent notices. */
export async function getAlert(deps: AlertDeps, owner: AlertOwner, id: string): Promise<AlertDetail> {
  if (!isAlertId(id)) throw alertNotFound()
  const [row] = await deps.db.select().from(alerts).where(ownedAlert(owner.userId, id))
  if (!row) throw alertNotFound()
  const prices = await deps.db
    .select({ price: alertPrices.price, currency: alertPrices.currency, recordedAt: alertPrices.recordedAt })
    .from(alertPrices)
    .where(eq(alertPrices.alertId, row.id))
    .orderBy(asc(alertPrices.recordedAt))
  const notices = await deps.db
    .select()
    .from(alertNotifications)
    .where(eq(alertNotifications.alertId, row.id))
    .orderBy(desc(alertNotifications.createdAt))
    .limit(RECENT_NOTIFICATIONS)
  return {
    ...toAlert(row, prices.map(toPricePoint), { plan: owner.plan, today: alertToday(deps.now()) }),
    notifications: notices.map((notice) => ({
      id: notice.id,
      channel: notice.channel,
      status: notice.status,
      price: notice.price,
      created_at: notice.createdAt.toISOString(),
      sent_at: notice.sentAt?.toISOString() ?? null,
    })),
  }
}
