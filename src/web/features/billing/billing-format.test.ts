import { describe, expect, it } from 'vitest'
import { billedText, formatCardNumber, formatExpiry, paymentMethodText, pricePerPeriod, priceText, subscriptionStatusLabel } from './billing-format.ts'

describe('billing texts', () => {
  it('reads prices per period', () => {
    expect(priceText('premium_monthly')).toBe('$3.99/month')
    expect(priceText('elite_yearly')).toBe('$72/year')
    expect(pricePerPeriod('elite_monthly')).toBe('$7.99 per month')
    expect(billedText('year')).toBe('Billed yearly')
    expect(paymentMethodText({ brand: 'Visa', last4: '4242' })).toBe('Visa •••• 4242')
  })

  it('labels the status, a scheduled cancellation before active, a failed payment before both', () => {
    expect(subscriptionStatusLabel({ status: 'active', cancel_at_period_end: false })).toEqual({ label: 'Active', variant: 'success' })
    expect(subscriptionStatusLabel({ status: 'active', cancel_at_period_end: true }).label).toBe('Cancels soon')
    expect(subscriptionStatusLabel({ status: 'past_due', cancel_at_period_end: true }).label).toBe('Payment failed')
    expect(subscriptionStatusLabel({ status: 'trialing', cancel_at_period_end: false }).label).toBe('Trialing')
  })
})

describe('card inputs as they are typed', () => {
  it('groups the card number by four, digits only, at most 19', () => {
    expect(formatCardNumber('4242')).toBe('4242')
    expect(formatCardNumber('42424')).toBe('4242 4')
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111')
  })

  it('writes the expiry as MM / YY, and backspacing over the separator takes a digit', () => {
    expect(formatExpiry('1')).toBe('1')
    expect(formatExpiry('4')).toBe('04 / ')
    expect(formatExpiry('12')).toBe('12 / ')
    expect(formatExpiry('12 / 3')).toBe('12 / 3')
    expect(formatExpiry('1234')).toBe('12 / 34')
    expect(formatExpiry('12/345')).toBe('12 / 34')
    expect(formatExpiry('12 /', '12 / ')).toBe('1')
    expect(formatExpiry('12 / ', '12 / 3')).toBe('12')
  })
})
