import { z } from 'zod'

/**
 * Where price-alert notices go: the phone number for SMS and WhatsApp, and a browser's Web Push
 * subscription. The web app's forms and the server's routes validate with the same schemas.
 */

export const NOTIFICATION_MESSAGES = {
  phone: 'Enter the number in international format: + then the country code and number, e.g. +14155550100.',
  endpoint: 'The push subscription endpoint must be an https:// address of a push service.',
  p256dh: 'The push subscription key p256dh must be an uncompressed P-256 public key (base64url).',
  auth: 'The push subscription key auth must be 16 bytes (base64url).',
  platform: 'The platform must be android or ios.',
  fcmToken: 'The Android push token must be the FCM registration token the app was given.',
  apnsToken: 'The iOS push token must be the APNs device token the app was given (hexadecimal).',
} as const

/** E.164: a plus, a country code that doesn't start with 0, at most 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/

/** Drops the spaces, dashes, dots and brackets people type inside a number ("+1 (415) 555-0100"). */
export function normalizePhone(value: string): string {
  return value.replace(/[\s().-]/g, '')
}

export const phoneSchema = z
  .string()
  .max(32, { message: NOTIFICATION_MESSAGES.phone })
  .transform(normalizePhone)
  .pipe(z.string().regex(E164_PATTERN, { message: NOTIFICATION_MESSAGES.phone }))

/** PUT /api/me/phone */
export const setPhoneSchema = z.strictObject({ phone: phoneSchema })
export type SetPhoneInput = z.infer<typeof setPhoneSchema>

const IPV4_LITERAL = /^\d{1,3}(\.\d{1,3}){3}$/
const PRIVATE_HOST = /(^|\.)(localhost|local|internal|home\.arpa)$/i

/**
 * The server POSTs to whatever endpoint a subscription names, so only public https:// hosts are
 * taken: push services are (FCM, Mozilla, Apple, Microsoft), and an IP literal or a local name
 * would let a user aim the server at machines on its own network.
 */
export function isPushEndpoint(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  const host = url.hostname
  return (
    url.protocol === 'https:' &&
    !url.username &&
    !url.password &&
    host.includes('.') &&
    !host.startsWith('[') &&
    !IPV4_LITERAL.test(host) &&
    !PRIVATE_HOST.test(host)
  )
}

const endpointSchema = z.string().max(2048, { message: NOTIFICATION_MESSAGES.endpoint }).refine(isPushEndpoint, { message: NOTIFICATION_MESSAGES.endpoint })

/**
 * POST /api/push/subscriptions: what `PushSubscription.toJSON()` gives in the browser. The keys are
 * base64url without padding: p256dh is a 65-byte uncompressed point (starts 0x04, hence "B"), auth
 * 16 bytes.
 */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: endpointSchema,
  // The browser includes it; push services that expire subscriptions answer 404/410 when they do.
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}$/, { message: NOTIFICATION_MESSAGES.p256dh }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/, { message: NOTIFICATION_MESSAGES.auth }),
  }),
})
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>

/** GET /api/push/subscriptions: the caller's devices, and how many of their live alerts send push. */
export interface PushSubscriptionsResponse {
  subscriptions: { endpoint: string; userAgent: string | null; createdAt: string }[]
  pushAlerts: number
}

/** DELETE /api/push/subscriptions */
export const deletePushSubscriptionSchema = z.strictObject({ endpoint: z.string().min(1).max(2048) })

/**
 * Native app push (decision 039): Android's token comes from FCM (an opaque registration token of
 * letters, digits, `-`, `_` and `:`, about 160 characters today; Google gives no fixed length), iOS's
 * from APNs (the device token's bytes in hex: 32 bytes today, and Apple warns it may grow). Each is
 * sent only to its own service's fixed address, so the token is a path or body value, never a URL.
 */
export const NATIVE_PUSH_PLATFORMS = ['android', 'ios'] as const
export type NativePushPlatform = (typeof NATIVE_PUSH_PLATFORMS)[number]

const fcmTokenSchema = z.string().regex(/^[A-Za-z0-9_:-]{32,4096}$/, { message: NOTIFICATION_MESSAGES.fcmToken })
const apnsTokenSchema = z
  .string()
  .regex(/^(?:[0-9a-fA-F]{2}){32,200}$/, { message: NOTIFICATION_MESSAGES.apnsToken })
  // APNs tokens are case-insensitive hex: one device is one row however the app spelled it.
  .transform((token) => token.toLowerCase())

/** POST /api/push/devices: what the Capacitor push plugin's `registration` event gave the app. */
export const nativePushDeviceSchema = z.discriminatedUnion(
  'platform',
  [
    z.strictObject({ platform: z.literal('android'), token: fcmTokenSchema }),
    z.strictObject({ platform: z.literal('ios'), token: apnsTokenSchema }),
  ],
  { error: NOTIFICATION_MESSAGES.platform },
)
export type NativePushDeviceInput = z.infer<typeof nativePushDeviceSchema>

/** DELETE /api/push/devices: the app forgets its token on sign-out. */
export const deleteNativePushDeviceSchema = z.strictObject({ token: z.string().min(1).max(4096) })

/** GET /api/push/public-key: the VAPID key the browser passes as `applicationServerKey`. */
export interface PushPublicKeyResponse {
  publicKey: string
}

/** `discarded`: a dead letter an admin decided not to retry (kept for the record). */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'dead', 'skipped', 'discarded'] as const
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number]
