import { describe, expect, it } from 'vitest'
import { isLoopback, sameToken } from './metrics-access.ts'

describe('metrics access', () => {
  it('knows loopback addresses, IPv4-mapped ones included', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', ' 127.0.0.1 ']) expect(isLoopback(ip), ip).toBe(true)
    for (const ip of ['10.0.0.1', '::ffff:10.0.0.1', '203.0.113.9', '127.0.0.1.evil', 'unknown', '', '::2']) expect(isLoopback(ip), ip).toBe(false)
  })

  it('compares tokens exactly, whatever their lengths', () => {
    expect(sameToken('metrics-token-0123456789', 'metrics-token-0123456789')).toBe(true)
    expect(sameToken('metrics-token-012345678', 'metrics-token-0123456789')).toBe(false)
    expect(sameToken('', 'metrics-token-0123456789')).toBe(false)
  })
})
