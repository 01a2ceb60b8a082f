import { alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import { alertToday } from '../alerts/alert-scope.ts'
import { engineQuery, searchKey, splitQuery, type SubsumableFilter } from '../alerts/search-key.ts'
import type { AlertRow } from '../alerts/to-alert.ts'
import type { AlertGroup } from './check-alert-group.ts'
import type { CheckOutcome } from './evaluate-alert.ts'
import type { ObserverPlan } from './search-observer.ts'

/**
 * Splits claimed alerts into those settled without asking anyone (departure passed, unreadable
 * search) and groups: alerts asking the same provider question, with the alerts whose searches are
 * narrower versions of it (the filters `filters` allows split off, decision 053). A flight alert
 * always asks its own search: its next steps follow its own question. `claimKeys`: each grouped
 * alert's claim key now (search-key.ts `alertSearchKey`), to store where it changed.
 */
export function groupAlerts(
  claimed: readonly AlertRow[],
  now: Date,
  filters: ReadonlySet<SubsumableFilter> = new Set(),
): { groups: AlertGroup[]; settled: Array<{ alert: AlertRow; outcome: CheckOutcome }>; claimKeys: Map<string, string> } {
  const today = alertToday(now)
  const groups = new Map<string, AlertGroup>()
  const settled: Array<{ alert: AlertRow; outcome: CheckOutcome }> = []
  const claimKeys = new Map<string, string>()
  for (const alert of claimed) {
    if (alert.departureDate !== null && alert.departureDate < today) {
      settled.push({ alert, outcome: { kind: 'expired' } })
      continue
    }
    const parsed = alertSearchParamsSchema.safeParse(alert.searchParameters)
    if (!parsed.success) {
      settled.push({ alert, outcome: { kind: 'failed', reason: 'the saved search is no longer valid', retryable: false } })
      continue
    }
    const own = engineQuery(parsed.data)
    claimKeys.set(alert.id, searchKey(splitQuery(own).broad))
    const flight = alert.alertType === 'flight' && alert.trackedFlights.length > 0
    const { broad, filter } = flight ? { broad: own, filter: null } : splitQuery(own, filters)
    const key = searchKey(broad)
    let group = groups.get(key)
    if (!group) groups.set(key, (group = { key, query: broad, alerts: [], narrow: new Map() }))
    group.alerts.push(alert)
    if (filter) group.narrow.set(alert.id, { key: searchKey(own), query: own, filter })
  }
  return { groups: [...groups.values()], settled, claimKeys }
}

/**
 * What the batch will ask (createSearchObserver's plan): a group's question when it serves its own
 * alerts or more than one search; a lone narrower search's own question, which a stored answer to
 * the broad one makes unneeded. The narrower searches of bigger groups are asked only when the
 * broad answer can't prove theirs: looked up, not budgeted.
 */
export function observerPlan(groups: readonly AlertGroup[]): { keys: string[] } & Required<ObserverPlan> {
  const keys: string[] = []
  const lookup: string[] = []
  const servedBy = new Map<string, string>()
  for (const group of groups) {
    const own = new Set(group.alerts.map((a) => group.narrow.get(a.id)?.key ?? group.key))
    const lone = own.size === 1 && !own.has(group.key) ? [...own][0]! : null
    if (lone) {
      keys.push(lone)
      servedBy.set(lone, group.key)
      lookup.push(group.key)
    } else {
      keys.push(group.key)
      lookup.push(...[...own].filter((k) => k !== group.key))
    }
  }
  return { keys, lookup, servedBy }
}
