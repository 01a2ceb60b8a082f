import type { AlertStatus } from '#shared/alert-status.ts'
import { channelAllowed } from '#shared/alerts/alert-rules.ts'
import type { NotificationChannel } from '#shared/plans.ts'
import { effectiveStatus } from '../alerts/alert-scope.ts'
import type { NotificationRow } from './claim-notifications.ts'
import type { DeliveryTarget } from './load-delivery-targets.ts'

/** Statuses whose notices still go out: the alert is live (a triggered one is the usual case). */
const SENDABLE: readonly AlertStatus[] = ['active', 'triggered', 'at_risk']

const PHONE_CHANNELS: readonly NotificationChannel[] = ['sms', 'whatsapp']

/**
 * Why a claimed notice must not be sent any more, judged at send time rather than when it was
 * queued: the alert was deleted or paused (or expired, archived, disabled), the channel was
 * switched off (the one-click unsubscribe does that), the plan no longer includes the channel, or
 * the phone number for an SMS or WhatsApp notice has not been verified by its code (decision 015:
 * an unproved number may be someone else's). Null when it may go. A missing number is the
 * driver's to report (MissingAddressError), as for every channel's address.
 */
export function skipReason(row: Pick<NotificationRow, 'channel'>, target: DeliveryTarget | undefined, today: string): string | null {
  if (!target?.alert) return 'the alert no longer exists'
  if (!target.owner) return 'the account no longer exists'
  const status = effectiveStatus(target.alert.status, target.alert.departureDate, today)
  if (!SENDABLE.includes(status)) return `the alert is ${status.replaceAll('_', ' ')}`
  if (!target.alert.notificationChannels[row.channel]) return `${row.channel} notifications are switched off on the alert`
  if (!channelAllowed(target.owner.plan, row.channel)) return `the ${target.owner.plan} plan does not include ${row.channel} notifications`
  if (target.client) return clientSkipReason(row.channel, target.client)
  if (PHONE_CHANNELS.includes(row.channel) && target.owner.recipient.phone && !target.owner.phoneVerified) return 'the phone number is not verified'
  return null
}

/**
 * An advisor's client's alert (decision 043): the notice goes to the client's contact for the
 * channel, and only once the client confirmed it (double opt-in) and while they haven't unsubscribed.
 */
function clientSkipReason(channel: NotificationChannel, client: NonNullable<DeliveryTarget['client']>): string | null {
  if (channel === 'push') return "push notices don't go to clients"
  if (!client.channels.includes(channel)) return `the client doesn't get ${channel} notices`
  const status = channel === 'email' ? client.emailStatus : client.phoneStatus
  const contact = channel === 'email' ? 'email address' : 'phone number'
  if (status === 'none') return `the client has no ${contact}`
  if (status === 'pending') return `the client has not confirmed their ${contact} yet`
  if (status === 'unsubscribed') return `the client unsubscribed their ${contact}`
  return null
}
