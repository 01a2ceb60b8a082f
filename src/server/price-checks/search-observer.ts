import { randomUUID } from 'node:crypto'
import { ProviderError, type CallContext, type ProviderSearchResult } from '../flights/providers/provider.ts'
import { loadCachedObservations, type Observation } from './load-cached-observations.ts'
import { observedItineraries } from './observed-itinerary.ts'
import type { PriceCheckDeps } from './price-check-config.ts'
import { breakerScope, clearBackoffs, loadBackoffs, recordFailure, searchScope, type BackoffState } from './provider-backoff.ts'
import { reserveProviderCalls } from '../provider-budget/provider-budget.ts'
import { backoffMs } from '../lib/backoff.ts'
import { RETRYABLE_BACKOFF } from './schedule.ts'
import { withTimeout } from '#shared/timeout.ts'

/** Which limit holds a check back: the shared call budget, or the breaker or a search's backoff after failures. */
export type DeferReason = 'budget' | 'backoff' | 'stopping'

const DEFER_MESSAGE: Record<DeferReason, string> = {
  budget: 'provider call budget spent',
  backoff: 'provider backing off',
  stopping: 'worker stopping',
}

/** The check can't run now without breaking a limit (budget, breaker, a key's backoff): it waits, it didn't fail. */
export class CheckDeferred extends Error {
  constructor(
    readonly until: Date | null,
    readonly reason: DeferReason,
  ) {
    super(DEFER_MESSAGE[reason])
    this.name = 'CheckDeferred'
  }
}

export type ProviderCall = (ctx: CallContext) => Promise<ProviderSearchResult>

export interface ObserveOptions {
  /** Bypass every cache: a provider call with no_cache, unless `freshWithinMs` allows a recent one. */
  fresh: boolean
  /**
   * With `fresh`: an answer made with every cache bypassed no longer ago than this (this cycle's or
   * another batch's or worker's) confirms as well as a new call would. Absent: always a new call.
   */
  freshWithinMs?: number
}

/**
 * How recent a no-cache answer must be to confirm a notice without a call of its own (decision
 * 013): fares move by the hour, not by the minute, and without it every batch holding alerts of a
 * busy search would ask it again.
 */
export const FRESH_ANSWER_REUSE_MS = 5 * 60_000

export interface SearchObserver {
  /** The answer for a key: this cycle's, a stored fresh-enough one, or a provider call (`fresh`: see ObserveOptions). */
  observe(key: string, currency: string, call: ProviderCall, options: ObserveOptions): Promise<Observation>
  /** The answer `observe` would reuse for a key without calling, or null (counts as a cache hit when used: see `observe`). */
  peek(key: string, options: ObserveOptions): Observation | null
  /** Observations this cycle made, to store with the results. */
  readonly made: Observation[]
  readonly stats: { calls: number; cacheHits: number; freshReuses: number; failures: number; deferredUntil: Date | null }
}

/**
 * One cycle's gateway to the provider (decision 013): coalescing through this cycle's and stored
 * observations, the shared budget, the circuit breaker, per-key backoff and the call timeout. Made
 * once per batch: the cache, the backoff states and the expected calls' budget come in bulk.
 */
export interface ObserverPlan {
  /** Keys that may be asked without being expected to (a narrower alert's own search): loaded, not budgeted. */
  lookup?: readonly string[]
  /** A key whose call a stored answer of another key makes unneeded (a narrow search, its broad one). */
  servedBy?: ReadonlyMap<string, string>
}

export async function createSearchObserver(deps: PriceCheckDeps, keys: readonly string[], plan: ObserverPlan = {}): Promise<SearchObserver> {
  const { db, provider, config } = deps
  const random = deps.random ?? Math.random
  const now = deps.now()
  const all = [...new Set([...keys, ...(plan.lookup ?? [])])]
  const cached = await loadCachedObservations(db, all, new Date(now.getTime() - config.cacheTtlMs))
  const breaker = breakerScope(provider.id)
  const backoffs = await loadBackoffs(db, [breaker, ...all.map(searchScope)])
  const waitUntil = (scope: string) => {
    const retryAt = backoffs.get(scope)?.retryAt
    return retryAt && retryAt > deps.now() ? retryAt : null
  }
  const stored = (key: string) => cached.has(key) || cached.has(plan.servedBy?.get(key) ?? '')
  // Budget for the calls this batch will surely make, in one reservation; later ones (round-trip steps, re-checks) one by one.
  const expected = waitUntil(breaker) ? 0 : keys.filter((key) => !stored(key) && !waitUntil(searchScope(key))).length
  const first = await reserveProviderCalls(db, provider.id, expected, now, config.budget)
  let allowance = first.granted
  let budgetRetryAt = first.granted < expected ? first.retryAt : null

  let breakerReset = false
  const memo = new Map<string, Observation>()
  const inFlight = new Map<string, Promise<Observation>>()
  const made: Observation[] = []
  const stats = { calls: 0, cacheHits: 0, freshReuses: 0, failures: 0, deferredUntil: null as Date | null }

  const defer = (until: Date | null, reason: DeferReason): never => {
    if (until && (!stats.deferredUntil || until > stats.deferredUntil)) stats.deferredUntil = until
    throw new CheckDeferred(until, reason)
  }

  // Calls past the first reservation (a narrower alert's own search, a next step, a re-check) are
  // reserved together: those asked for while a reservation is on its way wait for the next one,
  // which takes all of them in one transaction. The budget's row lock is shared by every worker,
  // so one reservation per call queued the cycle's groups, and the other workers', behind it.
  let waiting: Array<{ resolve: (granted: boolean) => void; reject: (error: unknown) => void }> = []
  let reserving = false

  async function reserveWaiting(): Promise<void> {
    reserving = true
    try {
      while (waiting.length > 0) {
        // Requests made in the same turn join this reservation.
        await Promise.resolve()
        const batch = waiting
        waiting = []
        if (budgetRetryAt) {
          batch.forEach((w) => w.resolve(false))
          continue
        }
        try {
          const grant = await reserveProviderCalls(db, provider.id, batch.length, deps.now(), config.budget)
          if (grant.granted < batch.length) budgetRetryAt = grant.retryAt
          batch.forEach((w, i) => w.resolve(i < grant.granted))
        } catch (error) {
          batch.forEach((w) => w.reject(error))
        }
      }
    } finally {
      reserving = false
    }
  }

  function reserveOne(): Promise<boolean> {
    return new Promise((resolve, reject) => {
      waiting.push({ resolve, reject })
      if (!reserving) void reserveWaiting()
    })
  }

  async function takeCall(): Promise<void> {
    if (allowance > 0) {
      allowance--
      return
    }
    if (!budgetRetryAt && (await reserveOne())) return
    defer(budgetRetryAt, 'budget')
  }

  async function remember(scope: string, state: Promise<BackoffState>) {
    backoffs.set(scope, await state)
  }

  async function onFailure(key: string, error: unknown) {
    stats.failures++
    const message = error instanceof Error ? error.message : String(error)
    const retryable = error instanceof ProviderError ? error.retryable : true
    const retryAfter = error instanceof ProviderError ? (error.options.retryAfterMs ?? 0) : 0
    const at = deps.now()
    try {
      await remember(breaker, recordFailure(db, breaker, at, message, (n) => (n >= config.breaker.failures ? config.breaker.cooldownMs : null)))
      if (retryable) {
        await remember(searchScope(key), recordFailure(db, searchScope(key), at, message, (n) => Math.max(backoffMs(n, RETRYABLE_BACKOFF, random), retryAfter)))
      }
    } catch (err) {
      deps.logger.warn({ err }, 'price checks: could not record a provider failure')
    }
  }

  async function callProvider(key: string, currency: string, call: ProviderCall, fresh: boolean): Promise<Observation> {
    const wait = waitUntil(breaker) ?? waitUntil(searchScope(key))
    if (wait) defer(wait, 'backoff')
    await takeCall()
    stats.calls++
    let result: ProviderSearchResult
    try {
      // A late answer is a retryable 'timeout' like any other provider failure.
      result = await withTimeout((signal) => call({ signal, fresh, withoutInsights: true }), config.timeoutMs, () => new ProviderError('timeout', provider.id, `No answer within ${config.timeoutMs} ms`))
    } catch (error) {
      await onFailure(key, error)
      throw error
    }
    // A success closes the breaker (once per cycle, whatever this cycle loaded: another process may
    // have counted failures since) and ends this search's backoff.
    const recovered = [breaker, searchScope(key)].filter((scope) => (backoffs.get(scope)?.failures ?? 0) > 0 || (scope === breaker && !breakerReset))
    breakerReset = true
    if (recovered.length > 0) {
      recovered.forEach((scope) => backoffs.delete(scope))
      await clearBackoffs(db, recovered).catch((err: unknown) => deps.logger.warn({ err }, 'price checks: could not clear a backoff'))
    }
    const itineraries = observedItineraries(result)
    const observation: Observation = {
      id: randomUUID(),
      searchKey: key,
      provider: provider.id,
      observedAt: deps.now(),
      lowestPrice: itineraries[0]?.price ?? null,
      currency,
      itineraries,
      fresh,
    }
    made.push(observation)
    memo.set(key, observation)
    return observation
  }

  function peek(key: string, { fresh, freshWithinMs }: ObserveOptions): Observation | null {
    if (fresh) {
      if (freshWithinMs === undefined) return null
      const since = deps.now().getTime() - freshWithinMs
      return [memo.get(key), cached.get(key)].find((o) => o?.fresh && o.observedAt.getTime() >= since) ?? null
    }
    // A stored answer counts as cached, whatever it was when made: a notice from it is re-checked.
    const kept = cached.get(key)
    return memo.get(key) ?? (kept ? { ...kept, fresh: false } : null)
  }

  return {
    made,
    stats,
    peek,
    async observe(key, currency, call, options) {
      const { fresh } = options
      const reused = peek(key, options)
      if (reused) {
        if (fresh) stats.freshReuses++
        else stats.cacheHits++
        return reused
      }
      // Single flight: alerts of one search in one cycle never wait on two identical calls.
      const flightKey = `${fresh ? 'fresh' : 'any'}:${key}`
      let pending = inFlight.get(flightKey)
      if (!pending) {
        pending = callProvider(key, currency, call, fresh).finally(() => inFlight.delete(flightKey))
        inFlight.set(flightKey, pending)
      }
      return pending
    },
  }
}
