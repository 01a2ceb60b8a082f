import { createHash, timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { clientIp, socketAddress } from '../auth/client-ip.ts'
import { AppError } from '../lib/app-error.ts'

export interface MetricsAccess {
  /** METRICS_TOKEN: required as `Authorization: Bearer …` when set. */
  token?: string | undefined
  /** TRUST_PROXY: proxies whose X-Forwarded-For entries name the client (auth/client-ip.ts); 0: none. */
  trustProxy: number
}

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv6-mapped address. */
export function isLoopback(address: string): boolean {
  const ip = address.trim().toLowerCase().replace(/^::ffff:/, '')
  return ip === '::1' || /^127(\.\d{1,3}){3}$/.test(ip)
}

/** Every address a proxy said it forwarded for: X-Forwarded-For, X-Real-IP and Forwarded's `for=`. */
export function forwardedAddresses(c: Context): string[] {
  const addresses: string[] = []
  for (const entry of (c.req.header('x-forwarded-for') ?? '').split(',')) if (entry.trim()) addresses.push(entry.trim())
  const realIp = c.req.header('x-real-ip')?.trim()
  if (realIp) addresses.push(realIp)
  for (const match of (c.req.header('forwarded') ?? '').matchAll(/for=("?)\[?([^\]";,]+)\]?\1/gi)) addresses.push(match[2]!)
  return addresses
}

/** Equal strings, compared in constant time whatever their lengths (their SHA-256 digests, of equal size). */
export function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/**
 * Who may read /metrics (decision 033). With a token: whoever presents it, from anywhere (401
 * otherwise). Without one: only a caller on this machine, which takes the socket peer being
 * loopback, the client address (TRUST_PROXY's reading of it) being loopback, and no proxy header
 * naming anyone else, so a request a local reverse proxy forwarded from outside is refused (403)
 * whether or not TRUST_PROXY is set, and so is one that forges a loopback entry in front of the
 * address its proxy appended.
 */
export function metricsAccess({ token, trustProxy }: MetricsAccess): MiddlewareHandler {
  return async (c, next) => {
    if (token !== undefined) {
      const header = c.req.header('authorization') ?? ''
      const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? ''
      if (!sameToken(given, token)) {
        throw new AppError('unauthorized', 'The metrics token is missing or wrong.', { headers: { 'www-authenticate': 'Bearer realm="metrics"' } })
      }
    } else {
      const local = isLoopback(socketAddress(c)) && isLoopback(clientIp(c, trustProxy)) && forwardedAddresses(c).every(isLoopback)
      if (!local) throw new AppError('forbidden', 'Metrics are served to this machine only unless METRICS_TOKEN is set.')
    }
    await next()
  }
}
