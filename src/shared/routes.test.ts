import { describe, expect, it } from 'vitest'
import { billingCheckoutPath, isClientRoute, PATHS } from './routes.ts'

describe('isClientRoute', () => {
  it('accepts every fixed path of the route table, with or without a trailing slash', () => {
    for (const path of Object.values(PATHS).filter((p) => !p.includes(':'))) {
      expect(isClientRoute(path), path).toBe(true)
      if (path !== '/') expect(isClientRoute(`${path}/`), `${path}/`).toBe(true)
    }
  })

  it('accepts the test checkout page for a session id, and the billing portal', () => {
    expect(isClientRoute('/billing/checkout/cs_test_local_AbC-123')).toBe(true)
    expect(isClientRoute(billingCheckoutPath('cs_test_local_x'))).toBe(true)
    expect(isClientRoute('/billing/portal')).toBe(true)
  })

  it('refuses the route pattern itself, odd ids and deeper paths', () => {
    for (const path of [
      '/billing/checkout/:sessionId',
      '/billing/checkout/',
      '/billing/checkout',
      '/billing/checkout/a.b',
      '/billing/checkout/a%2Fb',
      `/billing/checkout/${'a'.repeat(101)}`,
      '/billing/checkout/abc/pay',
      '/billing',
      '/billing/portal/x',
      '/nope',
    ]) {
      expect(isClientRoute(path), path).toBe(false)
    }
  })
})
