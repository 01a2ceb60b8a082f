import { eq } from 'drizzle-orm'
import type { AdminAlertRow } from '#shared/admin.ts'
import { LIVE_ALERT_STATUSES } from '#shared/alert-status.ts'
import { alertNotFound } from '../alerts/alert-errors.ts'
import { applyPlanLimits } from '../alerts/apply-plan-limits.ts'
import { alertToday, effectiveStatus, isAlertId } from '../alerts/alert-scope.ts'
import type { Db } from '../db/client.ts'
import { alerts } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { getAdminAlertRow } from './admin-alerts.ts'
import { recordAdminAction, type AuditActor } from './audit-log.ts'
import { queueAlertStatusChanges } from '../webhooks/alert-events.ts'

export const DISABLED_BY_SUPPORT_NOTE = 'Disabled by FareDrop support.'

/**
 * POST /api/admin/alerts/:id/disable | enable. Disable stops any alert that is not already over
 * (expired); enable brings a disabled alert back to active, checked from now and fitted to the
 * owner's plan (over the cap it is paused, as any resume would be).
 */
export async function setAlertEnabled(
  deps: { db: Db; now: () => Date },
  actor: AuditActor,
  id: string,
  enabled: boolean,
): Promise<AdminAlertRow> {
  if (!isAlertId(id)) throw alertNotFound()
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(alerts).where(eq(alerts.id, id)).for('update')
    if (!row) throw alertNotFound()
    const status = effectiveStatus(row.status, row.departureDate, alertToday(now))
    if (status === 'expired') throw new AppError('conflict', 'This alert has expired: its departure date has passed.')
    if (enabled) {
      if (status !== 'disabled') throw new AppError('conflict', 'Only a disabled alert can be re-enabled.')
      await tx.update(alerts).set({ status: 'active', statusNote: null, nextCheckAt: now, consecutiveFailures: 0, updatedAt: now }).where(eq(alerts.id, id))
      await applyPlanLimits({ db: tx, now: () => now }, row.userId)
    } else {
      if (status === 'disabled') throw new AppError('conflict', 'This alert is already disabled.')
      await tx
        .update(alerts)
        .set({ status: 'disabled', statusNote: DISABLED_BY_SUPPORT_NOTE, nextCheckAt: null, pausedByPlan: false, updatedAt: now })
        .where(eq(alerts.id, id))
    }
    // Support's disable or enable: `alert.status_changed` to the owner's webhooks (decision 044).
    await queueAlertStatusChanges(tx, [{ alert: row, from: status, to: enabled ? 'active' : 'disabled', note: enabled ? null : DISABLED_BY_SUPPORT_NOTE }], now)
    await recordAdminAction(tx, actor, {
      action: enabled ? 'alert.enable' : 'alert.disable',
      targetType: 'alert',
      targetId: id,
      targetLabel: row.name,
      detail: { from: status, wasLive: (LIVE_ALERT_STATUSES as readonly string[]).includes(status) },
    })
  })
  return getAdminAlertRow(deps.db, id, now)
}
