import { and, inArray, ne } from 'drizzle-orm'
import { REASONABLE_USE_CHECKS_PER_DAY, REASONABLE_USE_MESSAGE, type ReasonableUse } from '#shared/alerts/reasonable-use.ts'
import { LIVE_ALERT_STATUSES } from '#shared/alert-status.ts'
import { alertSearchesPerDay, type DateWindow } from '#shared/alerts/date-window.ts'
import type { Db } from '../db/client.ts'
import { alerts } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { ownedBy } from './alert-scope.ts'

/** Price checks (provider searches) a day of the owner's live alerts (all but `exceptId`); a flexible alert's count its window's searches. */
export async function liveChecksPerDay(db: Db, userId: string, today: string, exceptId?: string): Promise<number> {
  const rows = await db
    .select({ frequency: alerts.checkFrequency, window: alerts.dateWindow })
    .from(alerts)
    .where(and(ownedBy(userId), inArray(alerts.status, LIVE_ALERT_STATUSES), exceptId ? ne(alerts.id, exceptId) : undefined))
  return rows.reduce((sum, row) => sum + alertSearchesPerDay(row.frequency, row.window, today), 0)
}

/** GET /api/alerts/reasonable-use: where the account stands, for the alert form's custom frequency. */
export async function getReasonableUse(db: Db, userId: string, today: string): Promise<ReasonableUse> {
  return { checksPerDay: await liveChecksPerDay(db, userId, today), allowance: REASONABLE_USE_CHECKS_PER_DAY }
}

/**
 * The reasonable-use policy (decision 040): refuses a create, a faster frequency or a resume that
 * would take the owner's live alerts past REASONABLE_USE_CHECKS_PER_DAY price checks a day. Called
 * inside the write's transaction after `lockOwnerPlan`, so concurrent writes queue and can't each
 * fit under the cap on their own. `exceptId`: the alert being changed, counted at its new frequency
 * (and window: a flexible alert counts every search of its checks, decision 055).
 */
export async function assertReasonableUse(
  tx: Db,
  userId: string,
  frequency: string,
  { exceptId, window = null, today }: { exceptId?: string; window?: DateWindow | null; today: string },
): Promise<void> {
  const total = (await liveChecksPerDay(tx, userId, today, exceptId)) + alertSearchesPerDay(frequency, window, today)
  // A hair over from floating-point sums of fractions (3 × 1/3) is not over.
  if (total > REASONABLE_USE_CHECKS_PER_DAY + 1e-9) {
    const message = REASONABLE_USE_MESSAGE(total)
    throw new AppError('validation_failed', message, { fieldErrors: { check_frequency: [message] } })
  }
}
