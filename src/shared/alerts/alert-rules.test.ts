import { describe, expect, it } from 'vitest'
import type { PlanId } from '../plans.ts'
import {
  alertCategory,
  allowedFrequencies,
  canCreateAlert,
  checkFrequencyHours,
  frequencyAllowed,
  planForProfile,
  premiumReasons,
  quotaStatus,
  type AlertFeatures,
} from './alert-rules.ts'

const BASIC: AlertFeatures = { channels: { email: true }, checkFrequency: '15d', travelClass: 1, international: false }
const reasons = (plan: PlanId, over: Partial<AlertFeatures>) => premiumReasons(plan, { ...BASIC, ...over })

describe('planForProfile', () => {
  it('counts admins as Unlimited', () => {
    expect(planForProfile({ role: 'admin' })).toBe('unlimited')
    expect(planForProfile({ role: 'admin', subscription_tier: 'free' })).toBe('unlimited')
  })

  it('takes the higher of role and subscription tier', () => {
    expect(planForProfile({ role: 'free', subscription_tier: 'elite' })).toBe('elite')
    expect(planForProfile({ role: 'elite', subscription_tier: 'premium' })).toBe('elite')
    expect(planForProfile({ role: 'premium', subscription_tier: null })).toBe('premium')
    expect(planForProfile({ role: 'unlimited', subscription_tier: 'elite' })).toBe('unlimited')
  })

  it('treats an absent or unknown role as Free', () => {
    expect(planForProfile({})).toBe('free')
    expect(planForProfile({ role: null, subscription_tier: null })).toBe('free')
    expect(planForProfile({ role: 'gold' })).toBe('free')
  })
})

describe('premiumReasons on Free', () => {
  it('finds nothing in an email-only, 15-day economy alert', () => {
    expect(reasons('free', {})).toEqual([])
  })

  it('flags SMS, WhatsApp and push notifications', () => {
    expect(reasons('free', { channels: { email: true, sms: true } })).toEqual(['sms_notifications'])
    expect(reasons('free', { channels: { email: true, whatsapp: true } })).toEqual(['whatsapp_notifications'])
    expect(reasons('free', { channels: { email: true, push: true } })).toEqual(['sms_notifications'])
  })

  it('flags business and first class only on international trips', () => {
    expect(reasons('free', { travelClass: 3, international: true })).toEqual(['international_business'])
    expect(reasons('free', { travelClass: 4, international: true })).toEqual(['international_first'])
    expect(reasons('free', { travelClass: 3, international: false })).toEqual([])
    expect(reasons('free', { travelClass: 4, international: false })).toEqual([])
    expect(reasons('free', { travelClass: 2, international: true })).toEqual([])
  })

  it.each(['12h', '6h', '1h'])('flags the %s check frequency', (checkFrequency) => {
    expect(reasons('free', { checkFrequency })).toEqual(['high_frequency_check'])
  })

  it('lists several reasons in the spec order', () => {
    const all = reasons('free', { channels: { email: true, sms: true, whatsapp: true }, travelClass: 4, international: true, checkFrequency: '1h' })
    expect(all).toEqual(['sms_notifications', 'whatsapp_notifications', 'international_first', 'high_frequency_check'])
  })
})

describe('premiumReasons on Premium', () => {
  it('allows WhatsApp, international premium cabins and 12-hour checks', () => {
    expect(reasons('premium', { channels: { email: true, whatsapp: true } })).toEqual([])
    expect(reasons('premium', { travelClass: 3, international: true })).toEqual([])
    expect(reasons('premium', { travelClass: 4, international: true })).toEqual([])
    expect(reasons('premium', { checkFrequency: '12h' })).toEqual([])
  })

  it('flags SMS and push', () => {
    expect(reasons('premium', { channels: { email: true, sms: true } })).toEqual(['sms_notifications'])
    expect(reasons('premium', { channels: { push: true } })).toEqual(['sms_notifications'])
  })

  it.each(['6h', '1h'])('flags the %s check frequency', (checkFrequency) => {
    expect(reasons('premium', { checkFrequency })).toEqual(['high_frequency_check'])
  })
})

describe('premiumReasons on Elite and Unlimited', () => {
  it('lets Elite use every channel, cabin and 12-hour checks', () => {
    const everything = { channels: { email: true, sms: true, whatsapp: true, push: true }, travelClass: 4, international: true, checkFrequency: '12h' }
    expect(reasons('elite', everything)).toEqual([])
  })

  it.each(['6h', '1h', '3h'])('flags %s on Elite', (checkFrequency) => {
    expect(reasons('elite', { checkFrequency })).toEqual(['high_frequency_check'])
  })

  it.each(['15m', '45m', '90m', '1h', '3h', '6h', '2d', '15d', '30d'])('lets Unlimited check every %s', (checkFrequency) => {
    expect(reasons('unlimited', { channels: { sms: true, push: true }, checkFrequency })).toEqual([])
  })

  it('refuses anything faster than 15 minutes even on Unlimited, and custom intervals on other plans', () => {
    expect(checkFrequencyHours('14m')).toBeNull()
    expect(frequencyAllowed('unlimited', '14m')).toBe(false)
    expect(reasons('unlimited', { checkFrequency: '10m' })).toEqual(['high_frequency_check'])
    expect(reasons('elite', { checkFrequency: '45m' })).toEqual(['high_frequency_check'])
    expect(reasons('elite', { checkFrequency: '2d' })).toEqual(['high_frequency_check'])
  })
})

describe('frequencies', () => {
  it('converts frequency strings to hours', () => {
    expect(checkFrequencyHours('15d')).toBe(360)
    expect(checkFrequencyHours('12h')).toBe(12)
    expect(checkFrequencyHours('1h')).toBe(1)
    expect(checkFrequencyHours('3h')).toBe(3)
    expect(checkFrequencyHours('30d')).toBe(720)
    expect(checkFrequencyHours('15m')).toBe(0.25)
    expect(checkFrequencyHours('90m')).toBe(1.5)
    expect(checkFrequencyHours('43200m')).toBe(720)
  })

  it.each(['', '0h', '0m', '14m', '31d', '721h', '43201m', '1H', '15M', 'h', 'm', '1.5h', 'daily', '-1h', '015m', '100000m'])('rejects %j', (frequency) => {
    expect(checkFrequencyHours(frequency)).toBeNull()
  })

  it('offers each plan the named frequencies its minimum interval allows', () => {
    expect(allowedFrequencies('free')).toEqual(['15d'])
    expect(allowedFrequencies('premium')).toEqual(['15d', '12h'])
    expect(allowedFrequencies('elite')).toEqual(['15d', '12h'])
    expect(allowedFrequencies('unlimited')).toEqual(['15d', '12h', '6h', '1h'])
  })
})

describe('alertCategory', () => {
  it('is "other" for what Free covers and "premium" otherwise', () => {
    expect(alertCategory(BASIC)).toBe('other')
    expect(alertCategory({ ...BASIC, travelClass: 3 })).toBe('other')
    expect(alertCategory({ ...BASIC, channels: { email: true, whatsapp: true } })).toBe('premium')
    expect(alertCategory({ ...BASIC, travelClass: 3, international: true })).toBe('premium')
    expect(alertCategory({ ...BASIC, checkFrequency: '12h' })).toBe('premium')
  })
})

describe('quota', () => {
  it('caps Free at 3 alerts', () => {
    expect(quotaStatus('free', { used: 2, active: 1 })).toEqual({ isPremiumUser: false, canCreateFreeAlert: true, used: 2, active: 1, limit: 3, tier: 'free' })
    expect(quotaStatus('free', { used: 3, active: 3 })).toMatchObject({ canCreateFreeAlert: false, limit: 3 })
  })

  it('caps Premium at 15 and Elite at 30', () => {
    expect(quotaStatus('premium', { used: 14, active: 14 })).toMatchObject({ isPremiumUser: true, canCreateFreeAlert: true, limit: 15 })
    expect(quotaStatus('premium', { used: 15, active: 15 })).toMatchObject({ canCreateFreeAlert: false })
    expect(quotaStatus('elite', { used: 29, active: 20 })).toMatchObject({ isPremiumUser: true, canCreateFreeAlert: true, limit: 30 })
    expect(quotaStatus('elite', { used: 30, active: 30 })).toMatchObject({ canCreateFreeAlert: false, limit: 30 })
  })

  it('has no cap on Unlimited', () => {
    expect(quotaStatus('unlimited', { used: 5000, active: 5000 })).toMatchObject({ isPremiumUser: true, canCreateFreeAlert: true, limit: null, tier: 'unlimited' })
  })

  it('allows creating while the quota loads and refuses without quota data', () => {
    expect(canCreateAlert({ status: 'loading' })).toBe(true)
    expect(canCreateAlert({ status: 'ready', data: null })).toBe(false)
  })

  it('follows canCreateFreeAlert once the quota is known', () => {
    expect(canCreateAlert({ status: 'ready', data: quotaStatus('free', { used: 0, active: 0 }) })).toBe(true)
    expect(canCreateAlert({ status: 'ready', data: quotaStatus('free', { used: 3, active: 3 }) })).toBe(false)
    expect(canCreateAlert({ status: 'ready', data: quotaStatus('elite', { used: 12, active: 12 }) })).toBe(true)
    expect(canCreateAlert({ status: 'ready', data: quotaStatus('premium', { used: 15, active: 15 }) })).toBe(false)
  })
})
