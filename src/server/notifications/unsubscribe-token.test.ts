import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createUnsubscribeLinks } from './unsubscribe-token.ts'

const links = createUnsubscribeLinks({ secret: 'x'.repeat(32), publicUrl: 'https://faredrop.test' })

describe('unsubscribe links', () => {
  it('verify the token they made for the alert, and only that one', () => {
    const alertId = randomUUID()
    const token = links.token(alertId)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(links.verify(alertId, token)).toBe(true)
    expect(links.verify(randomUUID(), token)).toBe(false)
    expect(links.verify(alertId, token, 'sms')).toBe(false)
    expect(links.verify(alertId, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(false)
    expect(links.verify(alertId, '')).toBe(false)
    expect(links.verify(alertId, `${token}x`)).toBe(false)
  })

  it('depend on the secret', () => {
    const alertId = randomUUID()
    const other = createUnsubscribeLinks({ secret: 'y'.repeat(32), publicUrl: 'https://faredrop.test' })
    expect(other.verify(alertId, links.token(alertId))).toBe(false)
  })

  it('build the public link with the token', () => {
    const alertId = randomUUID()
    expect(links.url(alertId)).toBe(`https://faredrop.test/api/alerts/${alertId}/unsubscribe?token=${links.token(alertId)}`)
  })
})
