import { SERP_NO_RESULTS, type SerpFlightsResponse, type SerpQuery } from '../serpapi/serp-types.ts'
import { hex32, unit } from './hash.ts'

/**
 * search_metadata and search_parameters as SerpApi sends them. Both are functions of the query
 * and the hour, never of the wall clock's minutes, so an answer is identical within the hour.
 */

/** The call being answered: what the envelope echoes and seeds its id with. */
export interface CallInfo {
  raw: SerpQuery
  now: Date
}

function canonical(raw: SerpQuery): string {
  return Object.keys(raw)
    .sort()
    .map((k) => `${k}=${String(raw[k])}`)
    .join('&')
}

export function responseEnvelope(call: CallInfo): Pick<SerpFlightsResponse, 'search_metadata' | 'search_parameters'> {
  const { raw } = call
  const seed = `${canonical(raw)}#${Math.floor(call.now.getTime() / 3_600_000)}`
  const id = `${hex32(`a|${seed}`)}${hex32(`b|${seed}`)}${hex32(`c|${seed}`)}`
  // SerpApi takes ~1–2.5 s for a search and 4–9 s for booking options; the simulator reports that
  // (deterministically) rather than its own few milliseconds, so the UI sees realistic numbers.
  const taken = raw.booking_token ? 4 + 5 * unit(`t|${seed}`) : 0.8 + 1.7 * unit(`t|${seed}`)
  const parameters: Record<string, unknown> = { engine: 'google_flights' }
  for (const [key, value] of Object.entries(raw)) if (key !== 'api_key') parameters[key] = String(value)
  return {
    search_metadata: { id, status: 'Success', total_time_taken: Math.round(taken * 100) / 100 },
    search_parameters: parameters,
  }
}

/** SerpApi's "no results": HTTP 200, status Success, and this error text. */
export function noResults(call: CallInfo): SerpFlightsResponse {
  return { ...responseEnvelope(call), error: SERP_NO_RESULTS }
}
