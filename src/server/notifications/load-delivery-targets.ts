import { eq, inArray } from 'drizzle-orm'
import type { AlertStatus } from '#shared/alert-status.ts'
import type { NotificationChannels } from '#shared/alerts/alert.ts'
import { planForProfile } from '#shared/alerts/alert-rules.ts'
import type { ClientChannel, ContactStatus } from '#shared/clients.ts'
import type { PlanId } from '#shared/plans.ts'
import { loadAdvisorBrand, type AdvisorBrand } from '../clients/advisor-brand.ts'
import type { ClientLinks } from '../clients/client-links.ts'
import { emailStatus, phoneStatus } from '../clients/client-view.ts'
import type { Db } from '../db/client.ts'
import { alerts, clients, profiles, users } from '../db/schema.ts'
import type { NotificationRecipient } from './channel-driver.ts'
import type { NotificationRow } from './claim-notifications.ts'
import { loadPushDevices } from './load-push-devices.ts'

/** What the dispatcher re-reads at send time: the alert as it is now, the owner's plan and addresses. */
export interface DeliveryTarget {
  /** Null when the alert is gone. */
  alert: { status: AlertStatus; departureDate: string | null; notificationChannels: NotificationChannels } | null
  /**
   * Null when the owner is gone. `phoneVerified`: the saved number was proved by a code (decision
   * 015); SMS and WhatsApp notices to an unverified number are skipped. For an advisor's client's
   * alert the recipient is the client (their confirmed contacts, the advisor's brand).
   */
  owner: { plan: PlanId; phoneVerified: boolean; recipient: NotificationRecipient } | null
  /** The advisor's client the alert is for (decision 043), or null for the owner's own alert. */
  client: { id: string; channels: ClientChannel[]; emailStatus: ContactStatus; phoneStatus: ContactStatus } | null
}

export interface TargetLinks {
  unsubscribeUrl: (alertId: string) => string
  clientLinks: ClientLinks
  publicUrl: string
}

/** A handful of queries for a whole batch (alerts, owners, clients, brands, devices), not one set per row. */
export async function loadDeliveryTargets(deps: TargetLinks & { db: Db }, rows: readonly NotificationRow[]): Promise<Map<string, DeliveryTarget>> {
  const { db } = deps
  const alertIds = [...new Set(rows.map((row) => row.alertId))]
  const userIds = [...new Set(rows.map((row) => row.userId))]
  const [alertRows, ownerRows, devicesByUser] = await Promise.all([
    db
      .select({ id: alerts.id, status: alerts.status, departureDate: alerts.departureDate, notificationChannels: alerts.notificationChannels, clientId: alerts.clientId })
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
  const clientIds = [...new Set(alertRows.flatMap((row) => (row.clientId ? [row.clientId] : [])))]
  const clientRows = clientIds.length > 0 ? await db.select().from(clients).where(inArray(clients.id, clientIds)) : []
  const clientById = new Map(clientRows.map((row) => [row.id, row]))
  const brands = new Map<string, AdvisorBrand>()
  for (const advisorId of new Set(clientRows.map((row) => row.userId))) brands.set(advisorId, await loadAdvisorBrand(db, advisorId, deps.publicUrl))

  const targets = new Map<string, DeliveryTarget>()
  for (const row of rows) {
    const alert = alertById.get(row.alertId)
    const owner = ownerById.get(row.userId)
    const client = alert?.clientId ? clientById.get(alert.clientId) : undefined
    const plan = owner ? planForProfile({ role: owner.role, subscription_tier: owner.tier }) : null
    let target: DeliveryTarget['owner'] = null
    if (owner && plan && client) {
      const email = emailStatus(client) === 'confirmed' ? client.email : null
      const phone = phoneStatus(client) === 'confirmed' ? client.phone : null
      target = {
        plan,
        phoneVerified: phone !== null,
        recipient: {
          userId: owner.id,
          // Only confirmed contacts: a notice can reach nobody but who said yes (skipReason names why).
          email: email ?? '',
          phone,
          pushSubscriptions: [],
          nativePushDevices: [],
          unsubscribeUrl: email ? deps.clientLinks.url('unsubscribe', client.id, 'email', email) : '',
          brand: brands.get(client.userId)!,
        },
      }
    } else if (owner && plan) {
      target = {
        plan,
        phoneVerified: Boolean(owner.phone && owner.phoneVerifiedAt),
        recipient: {
          userId: owner.id,
          email: owner.email,
          phone: owner.phone,
          pushSubscriptions: devicesByUser.get(owner.id)?.pushSubscriptions ?? [],
          nativePushDevices: devicesByUser.get(owner.id)?.nativePushDevices ?? [],
          unsubscribeUrl: deps.unsubscribeUrl(row.alertId),
        },
      }
    }
    targets.set(row.id, {
      alert: alert ? { status: alert.status, departureDate: alert.departureDate, notificationChannels: alert.notificationChannels } : null,
      owner: target,
      client: client ? { id: client.id, channels: client.channels, emailStatus: emailStatus(client), phoneStatus: phoneStatus(client) } : null,
    })
  }
  return targets
}
