import type { ClientView } from '#shared/clients.ts'
import type { NotificationChannel } from '#shared/plans.ts'

/**
 * What the alert form says under a channel when the alert is for a client (decision 043): the
 * notice goes to the client's confirmed contact, never to the advisor, so the advisor's own phone
 * is beside the point. Mirrors the server's skip reasons (notifications/skip-reason.ts) before
 * they happen. Null when the client will get this channel's notices.
 */
export function clientChannelNote(client: Pick<ClientView, 'name' | 'channels' | 'emailStatus' | 'phoneStatus'>, channel: NotificationChannel): string | null {
  if (channel === 'push') return "Clients don't get push notices; they get email, SMS or WhatsApp."
  const contact = channel === 'email' ? 'email address' : 'phone number'
  const status = channel === 'email' ? client.emailStatus : client.phoneStatus
  if (status === 'none') return `${client.name} has no ${contact}: these notices are skipped until you add one.`
  if (!client.channels.includes(channel)) return `${client.name} doesn't take ${channel === 'email' ? 'email' : channel === 'sms' ? 'SMS' : 'WhatsApp'} notices: change that on the Clients page.`
  if (status === 'pending') return `Sent once ${client.name} confirms their ${contact}.`
  if (status === 'unsubscribed') return `${client.name} unsubscribed their ${contact}: these notices are skipped.`
  return null
}
