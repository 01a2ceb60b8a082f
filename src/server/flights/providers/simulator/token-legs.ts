import { findAirport } from '../../../reference-data/airports.ts'
import { ProviderError } from '../provider.ts'
import { legOptions, type LegOption } from './leg-options.ts'
import { SIMULATED_ID } from './read-query.ts'
import { tokenLegKey, type DecodedToken } from './tokens.ts'

/**
 * A decoded token's legs back as LegOptions: the schedules are deterministic, so each chosen leg
 * is found again among its route's options. A flight that is not in the schedule means a forged
 * token (400); one that has already left means a stale token (token_expired).
 */
export function resolveTokenLegs(token: DecodedToken, now: Date): LegOption[] {
  return token.legs.map((flights) => {
    const first = flights[0]!
    const last = flights[flights.length - 1]!
    const from = findAirport(first[0])
    const to = findAirport(last[2])
    const key = tokenLegKey(flights)
    const option = from && to ? legOptions(from, to, first[1]).find((o) => o.key === key) : undefined
    if (!option) throw new ProviderError('bad_request', SIMULATED_ID, 'Invalid token: flights not offered', { status: 400 })
    if (option.segments[0]!.departureUtc <= now.getTime()) {
      throw new ProviderError('token_expired', SIMULATED_ID, 'This flight has already departed', { status: 410 })
    }
    return option
  })
}
