import type { AlertSearchParams } from '#shared/alerts/alert-search-params.ts'
import { alertSearchKey, engineQuery, searchKey } from '#server/alerts/search-key.ts'

/**
 * What a benchmark population asks, counted three ways (decision 053):
 * - `distinctCombos`: distinct (search + filters) combinations, every filter the alert set included,
 *   its price ceiling too (issue 17's yardstick: what one dedicated search per combination costs);
 * - `distinctSearches`: distinct questions of the engine before subsumption (its ceiling already
 *   dropped from the question, decision 013);
 * - `distinctBroad`: distinct broadest questions (the claim keys: stops, airlines and time windows
 *   split off wherever a search allows it). No engine asks fewer than this.
 * `filters`: alerts per filter (an alert can count under several).
 */
export interface PopulationCounts {
  distinctCombos: number
  distinctSearches: number
  distinctBroad: number
  filters: Record<string, number>
}

export function populationCounter() {
  const combos = new Set<string>()
  const searches = new Set<string>()
  const broad = new Set<string>()
  const filters: Record<string, number> = { nonstop: 0, 'at most 1 stop': 0, airlines: 0, 'time window': 0, 'max price': 0, bags: 0, any: 0 }
  const count = (name: string, yes: boolean) => {
    if (yes) filters[name]!++
    return yes
  }
  return {
    add(p: AlertSearchParams) {
      const query = engineQuery(p)
      searches.add(searchKey(query))
      combos.add(searchKey({ ...query, ...(p.max_price !== undefined ? { max_price: p.max_price } : {}) }))
      broad.add(alertSearchKey(p))
      const any = [
        count('nonstop', p.stops === 1),
        count('at most 1 stop', p.stops === 2),
        count('airlines', Boolean(p.include_airlines || p.exclude_airlines)),
        count('time window', Boolean(query.outbound_times || query.return_times)),
        count('max price', p.max_price !== undefined),
        count('bags', p.bags > 0),
      ].some(Boolean)
      count('any', any)
    },
    counts(): PopulationCounts {
      return { distinctCombos: combos.size, distinctSearches: searches.size, distinctBroad: broad.size, filters: { ...filters } }
    },
  }
}
