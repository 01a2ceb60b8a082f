import { eq, inArray } from 'drizzle-orm'
import type { AlertStatus } from '#shared/alert-status.ts'
import type { NotificationChannels } from '#shared/alerts/alert.ts'
import { planForProfile } from '#shared/alerts/alert-rules.ts'
import type { PlanId } from '#shared/plans.ts'
import type { Db } from '../db/client.ts'
import { alerts, profiles, users } from '../db/schema.ts'
import type { NotificationRecipient } from './channel-driver.ts'
import type { NotificationRow } from './claim-notifications.ts'
import { loadPushDevices } from './load-push-devices.ts'

/** What the dispatcher re-reads at send time: the alert as it is now, the owner's plan and addresses. */
export interface DeliveryTarget {
  /** Null when the alert is gone. */
  alert: { status: AlertStatus; departureDate: string | null; notificationChannels: NotificationChannels } | null
  /**
   * Null when the owner is gone. `phoneVerified`: the saved number was proved by a code (decision
   * 015); SMS and WhatsApp notices to an unverified number are skipped.
   */
  owner: { plan: PlanId; phoneVerified: boolean; recipient: NotificationRecipient } | null
}

/** Four queries for a whole batch (alerts, owners with profiles, browsers and apps for push), not four per row. */
export async function loadDeliveryTargets(
  db: Db,
  rows: readonly NotificationRow[],
  unsubscribeUrl: (alertId: string) => string,
): Promise<Map<string, DeliveryTarget>> {
  const alertIds = [...new Set(rows.map((row) => row.alertId))]
  const userIds = [...new Set(rows.map((row) => row.userId))]
  const [alertRows, ownerRows, devicesByUser] = await Promise.all([
    db
      .select({ id: alerts.id, status: alerts.status, departureDate: alerts.departureDate, notificationChannels: alerts.notificationChannels })
      .from(alerts)
      .where(inArray(alerts.id, alertIds)),
    db
      .select({ id: users.id, email: users.email, role: profiles.role, tier: profiles.subscriptionTier, phone: profiles.phone, phoneVerifiedAt: profiles.phoneVerifiedAt })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(inArray(users.id, userIds)),
    loadPushDevices(db, userIds),
  ])
  const alertById = new Map(alertRows.map((row) => [row.id, row]))
  const ownerById = new Map(ownerRows.map((row) => [row.id, row]))

  const targets = new Map<string, DeliveryTarget>()
  for (const row of rows) {
    const alert = alertById.get(row.alertId)
    const owner = ownerById.get(row.userId)
    targets.set(row.id, {
      alert: alert ? { status: alert.status, departureDate: alert.departureDate, notificationChannels: alert.notificationChannels } : null,
      owner: owner
        ? {
            plan: planForProfile({ role: owner.role, subscription_tier: owner.tier }),
            phoneVerified: Boolean(owner.phone && owner.phoneVerifiedAt),
            recipient: {
              userId: owner.id,
              email: owner.email,
              phone: owner.phone,
              pushSubscriptions: devicesByUser.get(owner.id)?.pushSubscriptions ?? [],
              nativePushDevices: devicesByUser.get(owner.id)?.nativePushDevices ?? [],
              unsubscribeUrl: unsubscribeUrl(row.alertId),
            },
          }
        : null,
    })
  }
  return targets
}
