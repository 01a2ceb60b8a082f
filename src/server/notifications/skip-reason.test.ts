import { describe, expect, it } from 'vitest'
import type { AlertStatus } from '#shared/alert-status.ts'
import type { DeliveryTarget } from './load-delivery-targets.ts'
import { skipReason } from './skip-reason.ts'

interface TargetOverrides {
  status?: AlertStatus
  plan?: 'free' | 'premium' | 'elite'
  departureDate?: string | null
  sms?: boolean
  phone?: string | null
  phoneVerified?: boolean
}

const target = (overrides: TargetOverrides = {}): DeliveryTarget => ({
  client: null,
  alert: {
    status: overrides.status ?? 'triggered',
    departureDate: overrides.departureDate === undefined ? '2099-01-01' : overrides.departureDate,
    notificationChannels: { email: true, sms: overrides.sms ?? true, whatsapp: true, push: false },
  },
  owner: {
    plan: overrides.plan ?? 'elite',
    phoneVerified: overrides.phoneVerified ?? true,
    recipient: { userId: 'u', email: 'ana@example.com', phone: overrides.phone === undefined ? '+14155550100' : overrides.phone, pushSubscriptions: [], nativePushDevices: [], unsubscribeUrl: 'https://x.test/u' },
  },
})

describe('skipReason', () => {
  const today = '2027-01-01'

  it('lets a notice of a live alert through on a channel the plan includes', () => {
    for (const status of ['active', 'triggered', 'at_risk'] as const) expect(skipReason({ channel: 'sms' }, target({ status }), today)).toBeNull()
  })

  it('skips when the alert is gone, paused, disabled or its departure has passed', () => {
    expect(skipReason({ channel: 'email' }, undefined, today)).toBe('the alert no longer exists')
    expect(skipReason({ channel: 'email' }, { ...target(), alert: null }, today)).toBe('the alert no longer exists')
    expect(skipReason({ channel: 'email' }, target({ status: 'paused' }), today)).toBe('the alert is paused')
    expect(skipReason({ channel: 'email' }, target({ status: 'disabled' }), today)).toBe('the alert is disabled')
    expect(skipReason({ channel: 'email' }, target({ departureDate: '2026-12-31' }), today)).toBe('the alert is expired')
  })

  it('skips a channel switched off on the alert since, and one the plan no longer has', () => {
    expect(skipReason({ channel: 'sms' }, target({ sms: false }), today)).toBe('sms notifications are switched off on the alert')
    expect(skipReason({ channel: 'sms' }, target({ plan: 'premium' }), today)).toBe('the premium plan does not include sms notifications')
    expect(skipReason({ channel: 'email' }, target({ plan: 'free' }), today)).toBeNull()
  })

  it('skips SMS and WhatsApp to a number not verified by its code, and nothing else', () => {
    const unverified = target({ phoneVerified: false })
    expect(skipReason({ channel: 'sms' }, unverified, today)).toBe('the phone number is not verified')
    expect(skipReason({ channel: 'whatsapp' }, unverified, today)).toBe('the phone number is not verified')
    expect(skipReason({ channel: 'email' }, unverified, today)).toBeNull()
    // No number at all is the driver's "no phone number on the profile".
    expect(skipReason({ channel: 'sms' }, target({ phone: null, phoneVerified: false }), today)).toBeNull()
  })
})
