import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { clientIp, forwardedAddress } from './client-ip.ts'

const PEER = '10.0.0.2'

/** What clientIp makes of a request from the socket peer PEER carrying `forwarded` X-Forwarded-For headers. */
async function seen(trustedHops: number, ...forwarded: string[]): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(clientIp(c, trustedHops)))
  const headers = new Headers()
  for (const value of forwarded) headers.append('x-forwarded-for', value)
  // What @hono/node-server's getConnInfo reads.
  const res = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: PEER, remotePort: 40_000 } } })
  return res.text()
}

describe('clientIp', () => {
  it('without a trusted proxy takes the socket peer, whatever X-Forwarded-For says', async () => {
    expect(await seen(0)).toBe(PEER)
    expect(await seen(0, '203.0.113.7')).toBe(PEER)
    expect(await seen(0, '203.0.113.7, 198.51.100.1')).toBe(PEER)
  })

  it('behind one appending proxy takes the entry it appended (the right-most), not the forged ones before it', async () => {
    expect(await seen(1, '203.0.113.7')).toBe('203.0.113.7')
    // nginx's $proxy_add_x_forwarded_for: whatever the client sent, then the peer nginx saw.
    expect(await seen(1, '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7')
    expect(await seen(1, '127.0.0.1, 1.2.3.4, 203.0.113.7')).toBe('203.0.113.7')
  })

  it('behind two proxies (a CDN, then a load balancer) takes the entry the outer one appended', async () => {
    expect(await seen(2, '203.0.113.7, 198.51.100.1')).toBe('203.0.113.7')
    expect(await seen(2, '1.2.3.4, 203.0.113.7, 198.51.100.1')).toBe('203.0.113.7')
  })

  it('joins repeated X-Forwarded-For headers in order', async () => {
    expect(await seen(1, '1.2.3.4', '203.0.113.7')).toBe('203.0.113.7')
    expect(await seen(2, '1.2.3.4, 203.0.113.7', '198.51.100.1')).toBe('203.0.113.7')
  })

  it('falls back to the socket peer with no header, too few entries for the hops, or no address where the client should be', async () => {
    expect(await seen(1)).toBe(PEER)
    expect(await seen(1, '')).toBe(PEER)
    expect(await seen(2, '203.0.113.7')).toBe(PEER)
    expect(await seen(3, '203.0.113.7, 198.51.100.1')).toBe(PEER)
    for (const garbage of ['unknown', 'evil.example', '_hidden', '999.1.1.1', '1.2.3.4.5', '<script>', '2001:db8::g', '1.2.3.4%eth0']) {
      expect(await seen(1, `203.0.113.7, ${garbage}`), garbage).toBe(PEER)
    }
    // An empty entry where our proxy's should be is not skipped over to a client-written one.
    expect(await seen(1, '203.0.113.7,')).toBe(PEER)
  })

  it('without a socket at all says "unknown"', async () => {
    const app = new Hono().get('/', (c) => c.text(clientIp(c, 1)))
    expect(await (await app.request('/', { headers: { 'x-forwarded-for': 'nonsense' } })).text()).toBe('unknown')
  })
})

describe('forwardedAddress', () => {
  it('takes IPv4 and IPv6 addresses as they are, IPv6 in lower case', () => {
    expect(forwardedAddress(' 203.0.113.7 ')).toBe('203.0.113.7')
    expect(forwardedAddress('2001:DB8::1')).toBe('2001:db8::1')
    expect(forwardedAddress('::ffff:203.0.113.7')).toBe('::ffff:203.0.113.7')
  })

  it('takes off a port, IPv6 brackets and an IPv6 zone, which some proxies write', () => {
    expect(forwardedAddress('203.0.113.7:4711')).toBe('203.0.113.7')
    expect(forwardedAddress('[2001:db8::1]')).toBe('2001:db8::1')
    expect(forwardedAddress('[2001:db8::1]:443')).toBe('2001:db8::1')
    expect(forwardedAddress('fe80::1%eth0')).toBe('fe80::1')
  })

  it('refuses anything else', () => {
    for (const value of ['', 'unknown', 'localhost', '203.0.113.7:', '203.0.113.7:123456', '2001:db8::1:443x', '[2001:db8::1', '[evil]:80', '1.2.3.4%eth0', '%eth0']) {
      expect(forwardedAddress(value), value).toBeNull()
    }
  })
})
