import { asc, eq } from 'drizzle-orm'
import type { AlertDetail } from '#shared/alerts/alert.ts'
import { alertPrices, alerts } from '../db/schema.ts'
import { alertNotFound } from './alert-errors.ts'
import { alertToday, isAlertId, ownedAlert, type AlertDeps, type AlertOwner } from './alert-scope.ts'
import { toAlert } from './to-alert.ts'

/** GET /api/alerts/:id: one of the owner's alerts with its whole price history, oldest first. */
export async function getAlert(deps: AlertDeps, owner: AlertOwner, id: string): Promise<AlertDetail> {
  if (!isAlertId(id)) throw alertNotFound()
  const [row] = await deps.db.select().from(alerts).where(ownedAlert(owner.userId, id))
  if (!row) throw alertNotFound()
  const prices = await deps.db
    .select({ price: alertPrices.price, currency: alertPrices.currency, recordedAt: alertPrices.recordedAt })
    .from(alertPrices)
    .where(eq(alertPrices.alertId, row.id))
    .orderBy(asc(alertPrices.recordedAt))
  return {
    ...toAlert(row, prices, { plan: owner.plan, today: alertToday(deps.now()) }),
    // Notifications arrive with the notification tables (next issue); the field is part of the contract now.
    notifications: [],
  }
}
