import { latestCheapestPair } from '#shared/alerts/date-window.ts'
import { premiumReasons } from '#shared/alerts/alert-rules.ts'
import type { Alert, AlertPricePoint } from '#shared/alerts/alert.ts'
import type { PlanId } from '#shared/plans.ts'
import { alerts } from '../db/schema.ts'
import { alertFeatures } from './alert-features.ts'
import { effectiveStatus } from './alert-scope.ts'

export type AlertRow = typeof alerts.$inferSelect

/** The columns `toAlert` reads: what a list selects, leaving out the worker's lease and check state. */
export const alertReadColumns = {
  id: alerts.id,
  status: alerts.status,
  alertCategory: alerts.alertCategory,
  name: alerts.name,
  alertType: alerts.alertType,
  targetPrice: alerts.targetPrice,
  trigger: alerts.trigger,
  dropPercent: alerts.dropPercent,
  baselinePrice: alerts.baselinePrice,
  renotifyStep: alerts.renotifyStep,
  quietHours: alerts.quietHours,
  digest: alerts.digest,
  dateWindow: alerts.dateWindow,
  windowState: alerts.windowState,
  bags: alerts.bags,
  currency: alerts.currency,
  originAirport: alerts.originAirport,
  destinationAirport: alerts.destinationAirport,
  departureDate: alerts.departureDate,
  returnDate: alerts.returnDate,
  searchParameters: alerts.searchParameters,
  filters: alerts.filters,
  trackedFlights: alerts.trackedFlights,
  notificationChannels: alerts.notificationChannels,
  checkFrequency: alerts.checkFrequency,
  nextCheckAt: alerts.nextCheckAt,
  lastCheckedAt: alerts.lastCheckedAt,
  lowestPrice: alerts.lowestPrice,
  currentPrice: alerts.currentPrice,
  statusNote: alerts.statusNote,
  clientId: alerts.clientId,
  createdAt: alerts.createdAt,
  updatedAt: alerts.updatedAt,
}

export type AlertReadRow = Pick<AlertRow, keyof typeof alertReadColumns>

export interface PriceRow {
  price: number
  currency: string
  recordedAt: Date
}

/**
 * A stored alert as the API shows it (the shared `Alert`): status as it reads today, and the
 * premium reasons judged against the owner's current plan, so a downgraded user sees what to upgrade.
 */
/** The pair a flexible alert's price comes from (decision 055). */
function foundDates(row: Pick<AlertRow, 'dateWindow' | 'windowState'>): Alert['window_found'] {
  const found = row.dateWindow && row.windowState ? latestCheapestPair(row.windowState.prices) : null
  return found ? { departure_date: found.departureDate, return_date: found.returnDate } : null
}

export function toAlert(row: AlertReadRow, prices: readonly AlertPricePoint[], context: { plan: PlanId; today: string }): Alert {
  return {
    id: row.id,
    status: effectiveStatus(row.status, row.departureDate, context.today),
    alert_category: row.alertCategory,
    name: row.name,
    alertType: row.alertType,
    target_price: row.targetPrice,
    trigger: row.trigger,
    drop_percent: row.dropPercent,
    baseline_price: row.baselinePrice,
    renotify_step: row.renotifyStep,
    quiet_hours: row.quietHours ?? null,
    digest: row.digest ?? null,
    date_window: row.dateWindow ?? null,
    window_found: foundDates(row),
    bags: row.bags ?? null,
    currency: row.currency,
    origin_airport: row.originAirport,
    destination_airport: row.destinationAirport,
    departure_date: row.departureDate,
    return_date: row.returnDate,
    search_parameters: row.searchParameters,
    filters: row.filters ?? null,
    trackedFlights: row.trackedFlights,
    notification_channels: row.notificationChannels,
    check_frequency: row.checkFrequency,
    prices: [...prices],
    lowest_price: row.lowestPrice,
    current_price: row.currentPrice,
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    next_check_at: row.nextCheckAt?.toISOString() ?? null,
    status_note: row.statusNote,
    premium_reasons: premiumReasons(context.plan, alertFeatures(row)),
    client_id: row.clientId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

export function toPricePoint(row: PriceRow): AlertPricePoint {
  return { price: row.price, currency: row.currency, recorded_at: row.recordedAt.toISOString() }
}
