import { ProviderError } from '../provider.ts'
import { hex32 } from './hash.ts'
import type { LegOption } from './leg-options.ts'
import type { Cabin } from './price-model.ts'
import { SIMULATED_ID } from './read-query.ts'

/**
 * The simulator's departure and booking tokens, shaped like SerpApi's real ones: base64 of
 * `["sim:<seed>", [[from, date, to, null, carrier, number], …]]`. The seed carries a checksum, the
 * token kind, trip type, cabin and how many flights each chosen leg has, e.g. "sim:1f0c2e9b.d13.21"
 * (departure token, multi-city, business, legs of 2 and 1 flights). Only the simulator reads them;
 * to everyone else they stay opaque.
 */

export type TokenKind = 'departure' | 'booking'

/** One flight as the token lists it: [from, date, to, null, carrier, number]. */
export type TokenFlight = [from: string, date: string, to: string, unused: null, carrier: string, number: string]

export interface DecodedToken {
  kind: TokenKind
  type: 1 | 2 | 3
  cabin: Cabin
  /** The chosen legs so far, each as its flights. */
  legs: TokenFlight[][]
}

const SEED = /^sim:([0-9a-f]{8})\.([db])([123])([1-4])\.([1-9]+)$/

function checksum(meta: string, flights: TokenFlight[]): string {
  return hex32(`faredrop-sim|${meta}|${JSON.stringify(flights)}`)
}

export function encodeToken(kind: TokenKind, type: 1 | 2 | 3, cabin: Cabin, legs: readonly LegOption[]): string {
  const flights: TokenFlight[] = legs.flatMap((leg) =>
    leg.segments.map((s): TokenFlight => [s.flight.from.iata, s.date, s.flight.to.iata, null, s.flight.carrier, s.flight.number]),
  )
  const meta = `${kind === 'departure' ? 'd' : 'b'}${type}${cabin}.${legs.map((l) => l.segments.length).join('')}`
  return Buffer.from(JSON.stringify([`sim:${checksum(meta, flights)}.${meta}`, flights]), 'utf8').toString('base64')
}

function bad(message: string): ProviderError {
  return new ProviderError('bad_request', SIMULATED_ID, message, { status: 400 })
}

function isFlight(value: unknown): value is TokenFlight {
  if (!Array.isArray(value) || value.length !== 6) return false
  const [from, date, to, unused, carrier, number] = value as unknown[]
  return (
    typeof from === 'string' &&
    /^[A-Z]{3}$/.test(from) &&
    typeof date === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(date) &&
    typeof to === 'string' &&
    /^[A-Z]{3}$/.test(to) &&
    unused === null &&
    typeof carrier === 'string' &&
    /^[A-Z0-9]{2}$/.test(carrier) &&
    typeof number === 'string' &&
    /^\d{1,4}$/.test(number)
  )
}

/** Decodes and checks a token. Anything malformed, tampered with or from another provider is a 400. */
export function decodeToken(token: string): DecodedToken {
  let parsed: unknown
  try {
    if (!/^[A-Za-z0-9+/=_-]+$/.test(token)) throw new Error('not base64')
    parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8'))
  } catch {
    throw bad('Invalid token: not a simulated-market token')
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string' || !Array.isArray(parsed[1])) {
    throw bad('Invalid token: unexpected shape')
  }
  const match = SEED.exec(parsed[0])
  if (!match) throw bad('Invalid token: issued by another provider')
  const [, check, kind, type, cabin, sizes] = match as unknown as [string, string, string, string, string, string]
  const flights = parsed[1] as unknown[]
  if (!flights.every(isFlight)) throw bad('Invalid token: malformed flight list')
  if (checksum(`${kind}${type}${cabin}.${sizes}`, flights) !== check) throw bad('Invalid token: checksum mismatch')
  const legSizes = [...sizes].map(Number)
  if (legSizes.reduce((a, b) => a + b, 0) !== flights.length) throw bad('Invalid token: leg sizes do not match its flights')
  const legs: TokenFlight[][] = []
  let at = 0
  for (const size of legSizes) {
    legs.push(flights.slice(at, at + size))
    at += size
  }
  return { kind: kind === 'd' ? 'departure' : 'booking', type: Number(type) as 1 | 2 | 3, cabin: Number(cabin) as Cabin, legs }
}

/** The LegOption key of a token leg ("BA117@2026-12-10|…"). */
export function tokenLegKey(leg: readonly TokenFlight[]): string {
  return leg.map(([, date, , , carrier, number]) => `${carrier}${number}@${date}`).join('|')
}
