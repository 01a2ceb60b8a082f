import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { withTimeout } from '#shared/timeout.ts'
import { WEBHOOK_MESSAGES } from '#shared/webhooks.ts'
import { AppError } from '../lib/app-error.ts'

/** Longest wait for the registration's DNS lookup. */
const LOOKUP_TIMEOUT_MS = 5_000

/**
 * The delivery guard's rule (request-filtering-agent's, on ipaddr.js's ranges): only ordinary
 * unicast addresses. Loopback, private, link-local (cloud metadata at 169.254.169.254), carrier-grade
 * NAT, unique-local, IPv4-mapped IPv6, multicast, reserved and 0.0.0.0 are all refused.
 */
export function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.parse(address).range() === 'unicast'
  } catch {
    return false
  }
}

const refuse = (message: string) => new AppError('validation_failed', message, { fieldErrors: { url: [message] } })

/**
 * At registration, with the SSRF guard on: the URL must be https:// and its host must be, or
 * resolve only to, public addresses. This catches mistakes early and says why; the guarantee is
 * the delivery agent's check of the address it actually connects to (a host may resolve elsewhere
 * later: DNS rebinding), see post-webhook.ts.
 */
export async function assertPublicEndpoint(url: string, options: { allowPrivateAddresses: boolean }): Promise<void> {
  if (options.allowPrivateAddresses) return
  const { protocol, hostname } = new URL(url)
  // The shared schema lets http:// through for loopback hosts only: private by definition.
  if (protocol !== 'https:') throw refuse(WEBHOOK_MESSAGES.privateAddress)
  const host = hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = (await withTimeout(() => lookup(host, { all: true, verbatim: true }), LOOKUP_TIMEOUT_MS)).map((found) => found.address)
    } catch {
      throw refuse(WEBHOOK_MESSAGES.hostNotFound)
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw refuse(WEBHOOK_MESSAGES.privateAddress)
}
