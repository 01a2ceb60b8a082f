import { stringify } from 'csv-stringify/sync'
import { asc, eq } from 'drizzle-orm'
import { ALERT_CSV_EXPORT_ONLY, ALERT_CSV_HEADER, CABIN_NAMES, CSV_MESSAGES, digestCell, RULE_NAMES, stepCell, STOPS_NAMES, TRIP_NAMES, windowCells } from '#shared/alerts/alert-csv.ts'
import { NOTIFICATION_CHANNELS } from '#shared/plans.ts'
import type { Db } from '../db/client.ts'
import { alertPrices, alerts, clients } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import type { AlertOwner } from './alert-scope.ts'

/**
 * A spreadsheet opens a cell starting with = + - @ (or a tab or carriage return) as a formula: an
 * alert named "=HYPERLINK(…)" would run in the advisor's spreadsheet (OWASP "CSV injection"). Such
 * cells get a leading apostrophe, which spreadsheets hide and our import removes.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

const csv = (rows: (string | number | null)[][]) =>
  stringify(rows.map((row) => row.map((cell) => (cell === null ? '' : typeof cell === 'number' ? String(cell) : spreadsheetSafe(cell)))))

function assertUnlimited(owner: AlertOwner): void {
  if (owner.plan !== 'unlimited') throw new AppError('forbidden', CSV_MESSAGES.planOnly)
}

/**
 * GET /api/alerts/export: every alert of the owner as the import's columns (so the file imports
 * back), then id, status, current and lowest price and creation time. Multi-city alerts are listed
 * with their first departure and last arrival; importing them back makes route alerts. A flexible
 * alert (decision 055) has its window from `today` on (windowCells) and its own search dates, or
 * none once these have passed (the import then takes them from the window).
 */
export async function exportAlertsCsv(db: Db, owner: AlertOwner, today: string): Promise<string> {
  assertUnlimited(owner)
  const rows = await db.select().from(alerts).where(eq(alerts.userId, owner.userId)).orderBy(asc(alerts.createdAt), asc(alerts.id))
  const clientNames = new Map((await db.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.userId, owner.userId))).map((c) => [c.id, c.name]))
  return csv([
    [...ALERT_CSV_HEADER, ...ALERT_CSV_EXPORT_ONLY],
    ...rows.map((row) => {
      const params = row.searchParameters
      // A flexible alert's departure_date is its window's last day; its search keeps its own dates.
      const window = row.dateWindow
      const ownDates = window ? (params.outbound_date && params.outbound_date >= today ? [params.outbound_date, row.returnDate] : [null, null]) : [row.departureDate, row.returnDate]
      return [
        row.name,
        TRIP_NAMES[params.type] ?? 'one-way',
        row.originAirport,
        row.destinationAirport,
        ...ownDates,
        params.adults,
        params.children,
        CABIN_NAMES[params.travel_class] ?? 'economy',
        STOPS_NAMES[params.stops] ?? 'any',
        row.targetPrice,
        row.currency,
        NOTIFICATION_CHANNELS.filter((channel) => row.notificationChannels[channel]).join(';'),
        row.checkFrequency,
        row.clientId ? (clientNames.get(row.clientId) ?? null) : null,
        RULE_NAMES[row.trigger] ?? 'below',
        row.dropPercent,
        row.baselinePrice,
        stepCell(row.renotifyStep),
        row.quietHours ? `${row.quietHours.start}-${row.quietHours.end} ${row.quietHours.time_zone}` : null,
        row.digest ? digestCell(row.digest) : null,
        ...windowCells(window, today),
        row.bags?.carry_on ?? null,
        row.bags?.checked ?? null,
        row.id,
        row.status,
        row.currentPrice,
        row.lowestPrice,
        row.createdAt.toISOString(),
      ]
    }),
  ])
}

/** GET /api/alerts/export/prices: every recorded price of the owner's alerts, oldest first per alert. */
export async function exportPriceHistoryCsv(db: Db, owner: AlertOwner): Promise<string> {
  assertUnlimited(owner)
  const rows = await db
    .select({ alertId: alertPrices.alertId, name: alerts.name, price: alertPrices.price, currency: alertPrices.currency, recordedAt: alertPrices.recordedAt })
    .from(alertPrices)
    .innerJoin(alerts, eq(alerts.id, alertPrices.alertId))
    .where(eq(alerts.userId, owner.userId))
    .orderBy(asc(alerts.createdAt), asc(alerts.id), asc(alertPrices.recordedAt))
  return csv([['alert_id', 'alert_name', 'price', 'currency', 'recorded_at'], ...rows.map((r) => [r.alertId, r.name, r.price, r.currency, r.recordedAt.toISOString()])])
}
