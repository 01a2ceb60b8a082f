import { flightSearchBusyMessage } from '#shared/flights/search-params.ts'
import type { Db } from '../db/client.ts'
import type { Env } from '../env.ts'
import { AppError } from '../lib/app-error.ts'
import { reserveProviderCalls, type BudgetLimits } from '../provider-budget/provider-budget.ts'

/** Takes one provider call from the searches' budget, or throws `search_busy` (503, Retry-After). */
export type SearchCallBudget = () => Promise<void>

/**
 * The budget key of the provider calls made for public and API searches (decision 050): beside the
 * price checks' own key (the provider id), so neither can spend the other's calls.
 */
export const searchBudgetKey = (providerId: string) => `${providerId}:search`

/** SEARCH_PROVIDER_CALLS_PER_MINUTE / _PER_DAY. */
export function searchCallLimits(env: Env): BudgetLimits {
  return { perMinute: env.SEARCH_PROVIDER_CALLS_PER_MINUTE, perDay: env.SEARCH_PROVIDER_CALLS_PER_DAY }
}

/**
 * The global cap on the provider calls the flight routes make for travellers (decision 050), on
 * the price checks' reservation (provider-budget/provider-budget.ts): counted in the database, so every
 * process shares it, and taken before the call, so a refused search costs nothing.
 */
export function searchCallBudget(deps: { db: Db; providerId: string; limits: BudgetLimits; now: () => Date }): SearchCallBudget {
  const key = searchBudgetKey(deps.providerId)
  return async () => {
    const now = deps.now()
    const grant = await reserveProviderCalls(deps.db, key, 1, now, deps.limits)
    if (grant.granted === 1) return
    const wait = Math.max(1, Math.ceil(((grant.retryAt?.getTime() ?? now.getTime()) - now.getTime()) / 1000))
    throw new AppError('search_busy', flightSearchBusyMessage(wait), { headers: { 'Retry-After': String(wait) } })
  }
}
