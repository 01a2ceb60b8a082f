import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { NoticeChannel, TestNoticeResult } from '#shared/admin.ts'
import type { Db } from '../db/client.ts'
import { profiles, type AlertNotificationPayload } from '../db/schema.ts'
import type { ChannelDrivers } from '../notifications/channels/create-channels.ts'
import { loadPushDevices } from '../notifications/load-push-devices.ts'

/** "+14155550123" → "+1 ••• ••• 0123": enough to recognise, not to copy. */
const maskPhone = (phone: string) => `${phone.slice(0, 2)} ••• ••• ${phone.slice(-4)}`

/** "2 browsers and 1 app". */
function pushDevicesText(devices: { pushSubscriptions: unknown[]; nativePushDevices: unknown[] }): string {
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`
  const parts = [devices.pushSubscriptions.length ? count(devices.pushSubscriptions.length, 'browser') : '', devices.nativePushDevices.length ? count(devices.nativePushDevices.length, 'app') : '']
  return parts.filter(Boolean).join(' and ')
}

/**
 * POST /api/admin/debug/test-notice: a sample price-drop notice to the admin's own address on one
 * channel, through the same driver the dispatcher uses (SMTP, Twilio, Web Push, FCM, APNs or the outbox), so
 * an operator proves a channel's credentials end to end. Texts go only to a verified number.
 */
export async function sendTestNotice(
  deps: { db: Db; channels: ChannelDrivers; publicUrl: string; now: () => Date },
  admin: { id: string; email: string },
  channel: NoticeChannel,
): Promise<TestNoticeResult> {
  const driver = deps.channels[channel]
  const [profile] = await deps.db.select({ phone: profiles.phone, verifiedAt: profiles.phoneVerifiedAt }).from(profiles).where(eq(profiles.id, admin.id))
  const devices = (await loadPushDevices(deps.db, [admin.id])).get(admin.id) ?? { pushSubscriptions: [], nativePushDevices: [] }
  const deviceCount = devices.pushSubscriptions.length + devices.nativePushDevices.length
  const phone = profile?.phone && profile.verifiedAt ? profile.phone : null
  const refuse = (detail: string): TestNoticeResult => ({ channel, driver: driver.name, delivered: false, detail })
  if ((channel === 'sms' || channel === 'whatsapp') && !phone) return refuse('Add and verify a phone number on your profile first.')
  if (channel === 'push' && deviceCount === 0) {
    return refuse('Turn on browser notifications on this account first (Profile → Notifications), or sign in to the app with push allowed.')
  }

  const payload: AlertNotificationPayload = {
    alertName: 'Test notice from FareDrop admin',
    route: 'JFK → LHR',
    departureDate: null,
    returnDate: null,
    price: 399,
    targetPrice: 450,
    currency: 'USD',
    dropPercent: 11,
    itinerarySummary: 'This is a test: no alert changed and no fare is held.',
    searchUrl: `${deps.publicUrl}/search`,
    bookingUrl: null,
    history: [{ price: 449, recordedAt: deps.now().toISOString() }],
  }
  try {
    const sent = await driver.send(
      payload,
      {
        userId: admin.id,
        email: admin.email,
        phone,
        ...devices,
        unsubscribeUrl: `${deps.publicUrl}/profile`,
      },
      `test:${randomUUID()}`,
    )
    const to = channel === 'email' ? admin.email : channel === 'push' ? pushDevicesText(devices) : maskPhone(phone!)
    return { channel, driver: driver.name, delivered: true, detail: `Sent to ${to}${sent.providerMessageId ? ` (id ${sent.providerMessageId})` : ''}.` }
  } catch (err) {
    return refuse(`The ${driver.name} driver refused it: ${err instanceof Error ? err.message.slice(0, 300) : String(err)}`)
  }
}
