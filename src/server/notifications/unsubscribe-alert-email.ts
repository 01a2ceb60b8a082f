import { eq } from 'drizzle-orm'
import { alertCategory } from '#shared/alerts/alert-rules.ts'
import type { AlertStatus } from '#shared/alert-status.ts'
import { NOTIFICATION_CHANNELS } from '#shared/plans.ts'
import { alertFeatures } from '../alerts/alert-features.ts'
import type { Db } from '../db/client.ts'
import { alerts } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'

export type UnsubscribeOutcome =
  /** Email switched off; the alert goes on through its other channels. */
  | 'email-off'
  /** Email was its only channel: the alert is paused instead (an alert keeps at least one channel). */
  | 'paused'
  /** Nothing to do: email was already off, or the alert no longer runs. */
  | 'already'

const RUNNING: readonly AlertStatus[] = ['active', 'triggered', 'at_risk']
export const UNSUBSCRIBE_NOTE = 'Paused from the unsubscribe link in an alert email.'

/**
 * One-click unsubscribe of one alert's email (the caller has checked the signed token). Idempotent:
 * mail clients may POST twice. Pending email notices of the alert are skipped by the dispatcher's
 * send-time check, so nothing already queued goes out either.
 */
export async function unsubscribeAlertEmail(
  deps: { db: Db; now: () => Date },
  alertId: string,
): Promise<{ outcome: UnsubscribeOutcome; alertName: string }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(alerts).where(eq(alerts.id, alertId)).for('update')
    if (!row) throw new AppError('not_found', 'This alert no longer exists.')
    const channels = row.notificationChannels
    const others = NOTIFICATION_CHANNELS.some((channel) => channel !== 'email' && channels[channel])
    const result = (outcome: UnsubscribeOutcome) => ({ outcome, alertName: row.name })

    if (!channels.email || (!others && !RUNNING.includes(row.status))) return result('already')
    if (others) {
      const notificationChannels = { ...channels, email: false }
      await tx
        .update(alerts)
        .set({ notificationChannels, alertCategory: alertCategory(alertFeatures({ ...row, notificationChannels })), updatedAt: deps.now() })
        .where(eq(alerts.id, alertId))
      return result('email-off')
    }
    await tx.update(alerts).set({ status: 'paused', statusNote: UNSUBSCRIBE_NOTE, updatedAt: deps.now() }).where(eq(alerts.id, alertId))
    return result('paused')
  })
}

/** What the confirmation page says before the button: which alert, and whether it would pause. */
export async function previewUnsubscribe(db: Db, alertId: string): Promise<{ alertName: string; wouldPause: boolean; emailOn: boolean } | null> {
  const [row] = await db
    .select({ name: alerts.name, status: alerts.status, channels: alerts.notificationChannels })
    .from(alerts)
    .where(eq(alerts.id, alertId))
  if (!row) return null
  const others = NOTIFICATION_CHANNELS.some((channel) => channel !== 'email' && row.channels[channel])
  const emailOn = row.channels.email && (others || RUNNING.includes(row.status))
  return { alertName: row.name, wouldPause: emailOn && !others, emailOn }
}
