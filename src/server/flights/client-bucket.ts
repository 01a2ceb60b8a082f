import { isIPv4, isIPv6 } from 'node:net'

/**
 * The rate-limit bucket of a client address (decision 048): an IPv4 address as is (an IPv4-mapped
 * IPv6 address, as Node reports IPv4 peers on a dual-stack socket, too), an IPv6 address as its
 * /64 prefix, since one subscriber gets a whole /64 and could take a new address per request.
 * Anything else (no socket in tests) is one bucket of its own.
 */
export function clientBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!
  if (isIPv4(address)) return address
  if (!isIPv6(address)) return address.slice(0, 64)
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`
}

/** The eight 16-bit groups of an IPv6 address, in lowercase without leading zeros ("::1" → 0,…,0,1). */
function expandIPv6(address: string): string[] {
  const plain = address.split('%')[0]! // a zone ("fe80::1%eth0") is not part of the address
  // A trailing dotted IPv4 part ("::ffff:1.2.3.4", "64:ff9b::1.2.3.4") is two groups.
  const withoutV4 = plain.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) => `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`)
  const [head, tail] = withoutV4.split('::') as [string, string | undefined]
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = withoutV4.includes('::') ? Array(8 - left.length - right.length).fill('0') : []
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16))
}
