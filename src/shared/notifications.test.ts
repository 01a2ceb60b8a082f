import { describe, expect, it } from 'vitest'
import { isPushEndpoint, NOTIFICATION_MESSAGES, pushSubscriptionSchema, setPhoneSchema } from './notifications.ts'

const P256DH = `B${'A'.repeat(86)}`
const AUTH = 'A'.repeat(22)

describe('setPhoneSchema', () => {
  it('takes E.164 numbers, tidying what people type inside them', () => {
    expect(setPhoneSchema.parse({ phone: '+14155550100' })).toEqual({ phone: '+14155550100' })
    expect(setPhoneSchema.parse({ phone: ' +1 (415) 555-0100 ' })).toEqual({ phone: '+14155550100' })
    expect(setPhoneSchema.parse({ phone: '+44 20 7946 0958' })).toEqual({ phone: '+442079460958' })
  })

  it('refuses numbers without a country code, too short or too long, and extra fields', () => {
    for (const phone of ['4155550100', '+0123456789', '+12345', '+1234567890123456', '+1 415 CALL NOW', '']) {
      const result = setPhoneSchema.safeParse({ phone })
      expect(result.success, phone).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(NOTIFICATION_MESSAGES.phone)
    }
    expect(setPhoneSchema.safeParse({ phone: '+14155550100', verified: true }).success).toBe(false)
  })
})

describe('pushSubscriptionSchema', () => {
  const valid = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }

  it("takes what PushSubscription.toJSON() gives", () => {
    expect(pushSubscriptionSchema.parse(valid)).toEqual(valid)
    expect(pushSubscriptionSchema.parse({ endpoint: valid.endpoint, keys: valid.keys })).toEqual({ endpoint: valid.endpoint, keys: valid.keys })
  })

  it('refuses keys of the wrong shape', () => {
    expect(pushSubscriptionSchema.safeParse({ ...valid, keys: { p256dh: `A${'A'.repeat(86)}`, auth: AUTH } }).success).toBe(false)
    expect(pushSubscriptionSchema.safeParse({ ...valid, keys: { p256dh: P256DH, auth: 'short' } }).success).toBe(false)
    expect(pushSubscriptionSchema.safeParse({ ...valid, keys: { p256dh: P256DH } }).success).toBe(false)
  })
})

describe('isPushEndpoint', () => {
  it('takes public https hosts only, so the server is never aimed at its own network', () => {
    for (const ok of ['https://fcm.googleapis.com/fcm/send/x', 'https://updates.push.services.mozilla.com/wpush/v2/x', 'https://web.push.apple.com/x']) {
      expect(isPushEndpoint(ok), ok).toBe(true)
    }
    for (const bad of [
      'http://fcm.googleapis.com/x',
      'https://127.0.0.1:8443/push',
      'https://10.0.0.5/push',
      'https://[::1]/push',
      'https://localhost/push',
      'https://printer.local/push',
      'https://metadata.internal/x',
      'https://intranet/push',
      'https://user:pass@fcm.googleapis.com/x',
      'not a url',
    ]) {
      expect(isPushEndpoint(bad), bad).toBe(false)
    }
  })
})
