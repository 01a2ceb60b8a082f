import { Gauge, type Registry } from 'prom-client'
import { withTimeout } from '#shared/timeout.ts'
import type { Db } from '../db/client.ts'
import { alertNotifications } from '../db/schema.ts'
import type { Logger } from '../lib/logger.ts'
import { CHECK_OUTCOMES, FIGURES_STATEMENT_TIMEOUT_MS, readDatabaseFigures, type DatabaseFigures } from './database-figures.ts'

export interface DatabaseGaugeDeps {
  db: Db
  now: () => Date
  logger: Logger
  /** The price-check provider and its budget (the price-check config). */
  provider: () => { id: string; perMinute: number; perDay: number }
  /** The flight searches' budget and its key (`<provider>:search`, decision 050); null when uncapped (the simulated market). */
  searchBudget?: () => { id: string; perMinute: number; perDay: number } | null
}

/** Longest a scrape waits for the figures; past it they are reported missing, not stale. */
const REFRESH_TIMEOUT_MS = 3 * FIGURES_STATEMENT_TIMEOUT_MS
const CHANNELS = alertNotifications.channel.enumValues
const RESULT_STATUSES = alertNotifications.status.enumValues.filter((status) => status !== 'pending')

/**
 * The database-derived gauges (database-figures.ts), set afresh before each scrape renders, so
 * every process behind one PostgreSQL reports the same numbers. Known label values are filled with
 * 0, so a quiet hour reads 0 rather than no series. When the figures can't be read, every one of
 * them is dropped and `faredrop_metrics_database_up` reads 0.
 */
export function registerDatabaseGauges(registry: Registry, deps: DatabaseGaugeDeps) {
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] })

  const up = gauge('faredrop_metrics_database_up', '1 when this scrape read the database figures below, 0 when it could not.')
  const readSeconds = gauge('faredrop_metrics_database_read_seconds', 'Time this scrape spent reading the database figures.')
  const figures = {
    checks: gauge('faredrop_price_checks', 'Price checks made in the window (5m, 1h), by outcome (price, missing, failed).', ['window', 'outcome']),
    lag: gauge('faredrop_price_check_lag_seconds', 'Seconds from an alert being due to its check, over the last hour (quantile 0.5, 0.95).', ['quantile']),
    overdue: gauge('faredrop_alerts_overdue', 'Live alerts (active, triggered, at risk) past their next check time.'),
    oldestOverdue: gauge('faredrop_alerts_overdue_oldest_seconds', 'How long the most overdue live alert has waited past its check time.'),
    providerCalls: gauge(
      'faredrop_provider_calls',
      'Provider calls counted in the current budget window (minute, day): the price checks\' (provider="<id>") and the flight searches\' (provider="<id>:search").',
      ['provider', 'window'],
    ),
    providerBudget: gauge(
      'faredrop_provider_call_budget',
      'Provider calls allowed per window: the price checks\' (PROVIDER_CALLS_PER_*) and the flight searches\' (SEARCH_PROVIDER_CALLS_PER_*, provider="<id>:search").',
      ['provider', 'window'],
    ),
    providerFailures: gauge('faredrop_provider_consecutive_failures', 'Price-check provider failures in a row (0 after a success).', ['provider']),
    breakerOpen: gauge('faredrop_provider_breaker_open', '1 while the circuit breaker holds price-check calls to the provider back.', ['provider']),
    searchBackoffs: gauge('faredrop_search_backoffs', 'Searches waiting out a backoff after failing.'),
    pending: gauge('faredrop_notifications_pending', 'Notices waiting to be sent (the outbox depth), by channel.', ['channel']),
    due: gauge('faredrop_notifications_due', 'Pending notices whose send time has come, by channel.', ['channel']),
    deliveries: gauge('faredrop_notifications', 'Notices queued in the window (1h, 24h), by channel and current status.', ['window', 'channel', 'status']),
  }

  const apply = (read: DatabaseFigures) => {
    for (const metric of Object.values(figures)) metric.reset()
    for (const outcome of CHECK_OUTCOMES) {
      const row = read.checks.find((check) => check.outcome === outcome)
      figures.checks.set({ window: '5m', outcome }, row?.last5m ?? 0)
      figures.checks.set({ window: '1h', outcome }, row?.lastHour ?? 0)
    }
    if (read.lag) {
      figures.lag.set({ quantile: '0.5' }, read.lag.p50)
      figures.lag.set({ quantile: '0.95' }, read.lag.p95)
    }
    figures.overdue.set(read.overdue.count)
    figures.oldestOverdue.set(read.overdue.oldestSeconds)
    const { id: provider } = deps.provider()
    for (const budget of [deps.provider(), deps.searchBudget?.() ?? null]) {
      if (!budget) continue
      figures.providerBudget.set({ provider: budget.id, window: 'minute' }, budget.perMinute)
      figures.providerBudget.set({ provider: budget.id, window: 'day' }, budget.perDay)
      figures.providerCalls.set({ provider: budget.id, window: 'minute' }, 0)
      figures.providerCalls.set({ provider: budget.id, window: 'day' }, 0)
    }
    for (const row of read.providerCalls) figures.providerCalls.set({ provider: row.provider, window: row.period }, row.calls)
    figures.providerFailures.set({ provider }, 0)
    figures.breakerOpen.set({ provider }, 0)
    for (const row of read.breakers) {
      figures.providerFailures.set({ provider: row.provider }, row.failures)
      figures.breakerOpen.set({ provider: row.provider }, row.open ? 1 : 0)
    }
    figures.searchBackoffs.set(read.searchBackoffs)
    for (const channel of CHANNELS) {
      const row = read.pending.find((p) => p.channel === channel)
      figures.pending.set({ channel }, row?.pending ?? 0)
      figures.due.set({ channel }, row?.due ?? 0)
      for (const status of RESULT_STATUSES) {
        figures.deliveries.set({ window: '1h', channel, status }, 0)
        figures.deliveries.set({ window: '24h', channel, status }, 0)
      }
    }
    for (const row of read.deliveries) {
      figures.deliveries.set({ window: '1h', channel: row.channel, status: row.status }, row.lastHour)
      figures.deliveries.set({ window: '24h', channel: row.channel, status: row.status }, row.lastDay)
    }
  }

  const refreshOnce = async () => {
    const started = performance.now()
    try {
      apply(await withTimeout(() => readDatabaseFigures(deps.db, deps.now()), REFRESH_TIMEOUT_MS))
      up.set(1)
    } catch (err) {
      for (const metric of Object.values(figures)) metric.reset()
      up.set(0)
      deps.logger.warn({ err }, 'metrics: could not read the database figures')
    } finally {
      readSeconds.set((performance.now() - started) / 1000)
    }
  }

  let inFlight: Promise<void> | null = null
  return {
    /** Reads the figures; scrapes that arrive while a read is under way share it. */
    refresh(): Promise<void> {
      inFlight ??= refreshOnce().finally(() => {
        inFlight = null
      })
      return inFlight
    },
  }
}
