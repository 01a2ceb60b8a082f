import { createHmac, timingSafeEqual } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { newWebhookSecret, signatureHeader } from './webhook-signature.ts'

/** The receiver's check as README.md ("Webhooks") prints it, so the documented snippet stays right. */
function verifyFareDrop(rawBody: string, header: string, secret: string, toleranceSeconds = 300, nowMs = Date.now()) {
  const parts = Object.fromEntries(header.split(',').map((pair) => pair.split('=')))
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest('hex')
  const fresh = Math.abs(nowMs / 1000 - Number(parts.t)) <= toleranceSeconds
  const valid = parts.v1?.length === expected.length && timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected))
  if (!fresh || !valid) throw new Error('Invalid FareDrop-Signature')
  return JSON.parse(rawBody)
}

describe('FareDrop-Signature', () => {
  it('is Stripe’s t=…,v1=… over "<t>.<body>", which the documented check accepts and refuses when anything differs', () => {
    const secret = newWebhookSecret()
    const body = JSON.stringify({ id: 'e1', type: 'alert.triggered', created: 1, data: { price: 399 } })
    const at = new Date('2026-11-27T10:00:00Z')
    const header = signatureHeader(secret, body, at)
    expect(header).toMatch(/^t=1795773600,v1=[0-9a-f]{64}$/)
    expect(verifyFareDrop(body, header, secret, 300, at.getTime() + 60_000)).toMatchObject({ id: 'e1' })
    expect(() => verifyFareDrop(body.replace('399', '398'), header, secret, 300, at.getTime())).toThrow()
    expect(() => verifyFareDrop(body, header, newWebhookSecret(), 300, at.getTime())).toThrow()
    expect(() => verifyFareDrop(body, header, secret, 300, at.getTime() + 301_000)).toThrow()
  })
})
