import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { alertNotifications, alerts, notificationDigests } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { previewUnsubscribe, unsubscribeAlertEmail, type UnsubscribeOutcome } from './unsubscribe-alert-email.ts'

/** The alerts an emailed digest spoke of (its email notices), by name. */
async function digestAlerts(db: Db, digestId: string): Promise<{ id: string; name: string }[] | null> {
  const [digest] = await db.select({ channel: notificationDigests.channel }).from(notificationDigests).where(eq(notificationDigests.id, digestId))
  if (!digest || digest.channel !== 'email') return null
  return db
    .selectDistinct({ id: alerts.id, name: alerts.name })
    .from(alertNotifications)
    .innerJoin(alerts, eq(alerts.id, alertNotifications.alertId))
    .where(and(eq(alertNotifications.digestId, digestId), eq(alertNotifications.channel, 'email')))
    .orderBy(alerts.name)
}

/** What the confirmation page lists: the digest's alerts that still email, and which of them would pause. */
export async function previewDigestUnsubscribe(db: Db, digestId: string): Promise<{ names: string[]; pausing: string[] } | null> {
  const list = await digestAlerts(db, digestId)
  if (!list) return null
  const names: string[] = []
  const pausing: string[] = []
  for (const alert of list) {
    const preview = await previewUnsubscribe(db, alert.id)
    if (!preview?.emailOn) continue
    names.push(preview.alertName)
    if (preview.wouldPause) pausing.push(preview.alertName)
  }
  return { names, pausing }
}

/**
 * One-click unsubscribe from a daily digest's email (decision 054; the caller checked the signed
 * token): each alert in it stops emailing, exactly as its own link would do (email off, or paused
 * when email was its only channel). Idempotent, like the alert's link.
 */
export async function unsubscribeDigestEmail(deps: { db: Db; now: () => Date }, digestId: string): Promise<{ alerts: { name: string; outcome: UnsubscribeOutcome }[] }> {
  const list = await digestAlerts(deps.db, digestId)
  if (!list) throw new AppError('not_found', 'This digest no longer exists.')
  const out: { name: string; outcome: UnsubscribeOutcome }[] = []
  for (const alert of list) {
    try {
      const { outcome, alertName } = await unsubscribeAlertEmail(deps, alert.id)
      out.push({ name: alertName, outcome })
    } catch (error) {
      // Deleted meanwhile: it emails nobody any more.
      if (!(error instanceof AppError && error.code === 'not_found')) throw error
    }
  }
  return { alerts: out }
}
