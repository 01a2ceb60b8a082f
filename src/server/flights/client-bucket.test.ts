import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { clientBucket } from './client-bucket.ts'

describe('the rate-limit bucket of a client address', () => {
  it('keeps an IPv4 address, also when Node reports it IPv4-mapped', () => {
    expect(clientBucket('203.0.113.7')).toBe('203.0.113.7')
    expect(clientBucket('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(clientBucket('::FFFF:203.0.113.7')).toBe('203.0.113.7')
  })

  it('puts every address of one IPv6 /64 in one bucket, however it is written', () => {
    const bucket = '2001:db8:85a3:42::/64'
    expect(clientBucket('2001:db8:85a3:42::1')).toBe(bucket)
    expect(clientBucket('2001:0db8:85a3:0042:ffff:ffff:ffff:fffe')).toBe(bucket)
    expect(clientBucket('2001:DB8:85A3:42:0:0:0:9')).toBe(bucket)
    expect(clientBucket('2001:db8:85a3:42:1234::1%eth0')).toBe(bucket)
    expect(clientBucket('2001:db8:85a3:43::1')).not.toBe(bucket)
    expect(clientBucket('::1')).toBe('0:0:0:0::/64')
  })

  it('gives any two addresses of a random /64 the same bucket, and another /64 another', () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16))
    const groups = (n: number) => fc.array(group, { minLength: n, maxLength: n })
    fc.assert(
      fc.property(groups(4), groups(4), groups(4), (prefix, a, b) => {
        expect(clientBucket([...prefix, ...a].join(':'))).toBe(clientBucket([...prefix, ...b].join(':')))
      }),
    )
    fc.assert(
      fc.property(groups(4), groups(4), groups(4), (prefix, other, host) => {
        fc.pre(prefix.join(':') !== other.join(':'))
        expect(clientBucket([...prefix, ...host].join(':'))).not.toBe(clientBucket([...other, ...host].join(':')))
      }),
    )
  })

  it('keeps anything else as one bucket, bounded in length', () => {
    expect(clientBucket('unknown')).toBe('unknown')
    expect(clientBucket('x'.repeat(500))).toHaveLength(64)
  })
})
