import type { SubsumableFilter } from '../alerts/search-key.ts'

/**
 * What the engine may read off a broader answer, per provider (decision 053).
 * - `filters`: the filters whose meaning the engine knows exactly enough to apply itself.
 * - `complete`: the provider lists every itinerary of a search (no cut-off list), so a narrower
 *   search finding nothing is proven too (itinerary-filter.ts `narrowAnswer`).
 */
export interface SubsumptionPolicy {
  filters: ReadonlySet<SubsumableFilter>
  complete: boolean
}

const NONE: SubsumptionPolicy = { filters: new Set(), complete: false }

const POLICIES: Record<string, SubsumptionPolicy> = {
  // The simulated market applies exactly the filters of itinerary-filter.ts and lists everything
  // (property-tested against it: subsumption.simulator.test.ts).
  simulated: { filters: new Set<SubsumableFilter>(['stops', 'airlines', 'times']), complete: true },
  // SerpApi documents stops and hour windows precisely; how Google applies an airline filter to
  // codeshares and mixed itineraries is not documented, so airline alerts keep their own search.
  // Its lists may be cut short: a narrower alert with no match in the broad answer asks its own.
  serpapi: { filters: new Set<SubsumableFilter>(['stops', 'times']), complete: false },
}

/** Unknown providers (test fakes, future drivers) subsume nothing: every alert asks its own search. */
export function subsumptionPolicy(providerId: string): SubsumptionPolicy {
  return POLICIES[providerId] ?? NONE
}
