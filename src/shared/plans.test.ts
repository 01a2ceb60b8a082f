import { describe, expect, it } from 'vitest'
import { CHECK_FREQUENCY_HOURS, PLANS, getPlan, priceIdFor, yearlySavings } from './plans.ts'

describe('plans', () => {
  it('offers the four tiers in order', () => {
    expect(PLANS.map((p) => p.id)).toEqual(['free', 'premium', 'elite', 'unlimited'])
  })

  it('charges the spec prices with their price ids', () => {
    const premium = getPlan('premium')
    const elite = getPlan('elite')
    expect([premium.monthlyPrice, premium.yearlyPrice]).toEqual([3.99, 36])
    expect([elite.monthlyPrice, elite.yearlyPrice]).toEqual([7.99, 72])
    expect(priceIdFor(premium, 'month')).toBe('premium_monthly')
    expect(priceIdFor(premium, 'year')).toBe('premium_yearly')
    expect(priceIdFor(elite, 'month')).toBe('elite_monthly')
    expect(priceIdFor(elite, 'year')).toBe('elite_yearly')
    expect(getPlan('free').monthlyPrice).toBe(0)
    expect(getPlan('unlimited').enterprise).toBe(true)
  })

  it('saves $11.88 on Premium and $23.88 on Elite when paid yearly', () => {
    expect(yearlySavings(getPlan('premium'))).toBe(11.88)
    expect(yearlySavings(getPlan('elite'))).toBe(23.88)
    expect(yearlySavings(getPlan('free'))).toBe(0)
  })

  it('limits alerts to 3, 15, 30 and no cap', () => {
    expect(PLANS.map((p) => p.limits.maxAlerts)).toEqual([3, 15, 30, null])
  })

  it('allows email only on Free, email and WhatsApp on Premium, every channel above', () => {
    expect(getPlan('free').limits.channels).toEqual(['email'])
    expect(getPlan('premium').limits.channels).toEqual(['email', 'whatsapp'])
    expect([...getPlan('elite').limits.channels].sort()).toEqual(['email', 'push', 'sms', 'whatsapp'])
    expect([...getPlan('unlimited').limits.channels].sort()).toEqual(['email', 'push', 'sms', 'whatsapp'])
  })

  it('checks every 15 days on Free, at most every 12 hours on Premium and Elite, hourly on Unlimited', () => {
    expect(getPlan('free').limits.minCheckIntervalHours).toBe(360)
    expect(getPlan('premium').limits.minCheckIntervalHours).toBe(CHECK_FREQUENCY_HOURS['12h'])
    expect(getPlan('elite').limits.minCheckIntervalHours).toBe(12)
    expect(getPlan('unlimited').limits).toMatchObject({ minCheckIntervalHours: 0.25, customFrequency: true })
  })

  it('marks exactly one plan as most popular and gives every plan a button text', () => {
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['premium'])
    for (const plan of PLANS) expect(plan.buttonText).not.toBe('')
  })
})
