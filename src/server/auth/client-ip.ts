import { isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The client's address. With no trusted proxy (TRUST_PROXY=false, `trustedHops` 0) the socket
 * peer, whatever headers say. Behind `trustedHops` proxies that each append the peer they saw to
 * X-Forwarded-For (nginx's $proxy_add_x_forwarded_for, AWS ALB, Fly, Render), the entry
 * `trustedHops` places from the right: the one our outermost trusted proxy wrote. Every entry left
 * of it is the client's to write, so reading further left would let a forged header pick a new
 * rate-limit bucket per request. A header too short for the hops, or whose entry there is not an IP
 * address, falls back to the socket peer.
 */
export function clientIp(c: Context, trustedHops: number): string {
  if (trustedHops > 0) {
    // Repeated X-Forwarded-For headers reach us joined in order with ", " (Fetch Headers.get).
    const entries = (c.req.header('x-forwarded-for') ?? '').split(',')
    const entry = entries.length >= trustedHops ? entries[entries.length - trustedHops] : undefined
    const address = entry === undefined ? null : forwardedAddress(entry)
    if (address) return address
  }
  return socketAddress(c)
}

/** The socket peer ("unknown" when there is none: app.request() in tests). */
export function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/**
 * One X-Forwarded-For entry as a plain IP address, or null. Some proxies add a port
 * ("203.0.113.7:4711", "[2001:db8::1]:443", Azure's gateways) or write IPv6 in brackets; those are
 * unambiguous and taken off. A zone ("fe80::1%eth0") is local to the proxy's host and dropped.
 * Anything else (a hostname, "unknown", an obfuscated `_id`) is not an address.
 */
export function forwardedAddress(entry: string): string | null {
  let value = entry.trim()
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value)
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(value)
  if (bracketed) value = bracketed[1]!
  else if (v4WithPort) value = v4WithPort[1]!
  const zone = value.indexOf('%')
  if (zone >= 0) {
    value = value.slice(0, zone)
    if (isIP(value) !== 6) return null
  }
  return isIP(value) === 0 ? null : value.toLowerCase()
}
