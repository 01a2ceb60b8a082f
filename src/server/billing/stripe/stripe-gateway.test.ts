import { describe, expect, it } from 'vitest'
import { configuredStripePrice } from './stripe-gateway.ts'

describe('Stripe price ids from the environment', () => {
  it('takes real price ids and treats missing or placeholder ones as "not yet available"', () => {
    expect(configuredStripePrice('price_1PgafmB7WZ01zgkW6dKueIc5')).toBe('price_1PgafmB7WZ01zgkW6dKueIc5')
    for (const value of [undefined, '', 'premium_monthly', 'price_', 'price_xxx', 'price_XXXXXXXX', 'price_placeholder', 'price_REPLACE_ME', 'price_your_id_here', 'price_example123', 'price_...', 'prod_1Abcdefgh', 'price_12345 ']) {
      expect(configuredStripePrice(value), String(value)).toBeNull()
    }
  })
})
