import { parse } from 'csv-parse/sync'
import {
  alertFromCsvRow,
  ALERT_CSV_EXPORT_ONLY,
  ALERT_CSV_HEADER,
  csvColumnOf,
  CSV_MESSAGES,
  MAX_CSV_ROWS,
  type AlertImportReport,
  type CsvRowError,
} from '#shared/alerts/alert-csv.ts'
import { PREMIUM_REASON_LABEL, premiumReasons, type PremiumReason } from '#shared/alerts/alert-rules.ts'
import { readAlertSearch } from '#shared/alerts/alert-search-params.ts'
import type { CreateAlert } from '#shared/alerts/alert.ts'
import { alertSearchesPerDay } from '#shared/alerts/date-window.ts'
import { REASONABLE_USE_CHECKS_PER_DAY, REASONABLE_USE_MESSAGE } from '#shared/alerts/reasonable-use.ts'
import { AppError } from '../lib/app-error.ts'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { alerts, clients } from '../db/schema.ts'
import { alertFeatures } from './alert-features.ts'
import { alertToday, lockOwnerPlan, type AlertDeps } from './alert-scope.ts'
import { assertTripTrackable, assertWindowAhead } from './check-alert-trip.ts'
import { bagsOrNull, newAlertRow, withCarryOns } from './create-alert.ts'
import { liveChecksPerDay } from './reasonable-use.ts'

/** The column each plan refusal is about. */
const REASON_COLUMN: Record<PremiumReason, string> = {
  sms_notifications: 'channels',
  whatsapp_notifications: 'channels',
  international_business: 'cabin',
  international_first: 'cabin',
  high_frequency_check: 'frequency',
  quota_exceeded: 'name',
}

interface ReadRow {
  line: number
  cells: Record<string, string>
}

/** The file's rows by column, or the problems that stop it being read at all (header, size, quoting). */
function readCsv(text: string): { rows: ReadRow[] } | { errors: CsvRowError[] } {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    // `info`: each record comes with the line it ended on, for the error list.
    records = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: false, max_record_size: 16_384 }) as unknown as typeof records
  } catch (error) {
    const { lines, message } = error as { lines?: number; message?: string }
    return { errors: [{ line: lines ?? 1, column: '', message: CSV_MESSAGES.malformed((message ?? 'unreadable').replace(/\.$/, '')) }] }
  }
  const [header, ...body] = records
  if (!header || body.length === 0) return { errors: [{ line: 1, column: '', message: CSV_MESSAGES.empty }] }
  if (body.length > MAX_CSV_ROWS) return { errors: [{ line: 1, column: '', message: CSV_MESSAGES.tooManyRows }] }

  const names = header.record.map((name) => name.trim().toLowerCase())
  const errors: CsvRowError[] = []
  const known = new Set<string>([...ALERT_CSV_HEADER, ...ALERT_CSV_EXPORT_ONLY])
  names.forEach((name, i) => {
    if (!known.has(name)) errors.push({ line: 1, column: name, message: CSV_MESSAGES.unknownColumn(header.record[i]!.slice(0, 40)) })
    else if (names.indexOf(name) !== i) errors.push({ line: 1, column: name, message: CSV_MESSAGES.duplicateColumn(name) })
  })
  for (const required of ['trip', 'from', 'to', 'depart', 'target_price']) {
    if (!names.includes(required)) errors.push({ line: 1, column: required, message: CSV_MESSAGES.missingColumn(required) })
  }
  if (errors.length > 0) return { errors }
  return { rows: body.map(({ record, info }) => ({ line: info.lines, cells: Object.fromEntries(names.map((name, i) => [name, record[i] ?? ''])) })) }
}

/**
 * POST /api/alerts/import (Unlimited; decision 041): a CSV of route alerts, each row checked as
 * POST /api/alerts checks one (the shared schema's messages, airports, dates, plan, reasonable use
 * across the whole file), every problem reported with its line and column. A dry run stops there;
 * an import creates every alert in one transaction, or none when any row has a problem.
 */
export async function importAlerts(deps: AlertDeps, userId: string, csv: string, options: { dryRun: boolean }): Promise<AlertImportReport> {
  const now = deps.now()
  const today = alertToday(now)
  return deps.db.transaction(async (tx) => {
    // The quota's lock: two imports (or an import and a create) can't both fit under the cap.
    const plan = await lockOwnerPlan(tx, userId)
    if (plan !== 'unlimited') throw new AppError('forbidden', CSV_MESSAGES.planOnly)
    const read = readCsv(csv)
    if ('errors' in read) return { dryRun: options.dryRun, rows: 0, created: 0, errors: read.errors }

    const errors: CsvRowError[] = []
    const ready: { input: CreateAlert; search: ReturnType<typeof readAlertSearch>; features: ReturnType<typeof alertFeatures> }[] = []
    let checks = await liveChecksPerDay(tx, userId, today)
    const clientsByName = await clientIdsByName(tx, userId)
    for (const { line, cells } of read.rows) {
      const parsed = alertFromCsvRow(cells, line)
      if ('errors' in parsed) {
        errors.push(...parsed.errors)
        continue
      }
      const clientName = (cells.client ?? '').trim()
      const clientIds = clientName ? (clientsByName.get(clientName.toLowerCase()) ?? []) : []
      if (clientName && clientIds.length !== 1) {
        errors.push({ line, column: 'client', message: clientIds.length === 0 ? CSV_MESSAGES.client(clientName) : CSV_MESSAGES.clientTwice(clientName) })
        continue
      }
      const input = { ...parsed.alert, client_id: clientIds[0] ?? null }
      // Carry-ons are asked of the search, as a create asks them (decision 055).
      const search = withCarryOns(readAlertSearch(input.search_parameters), bagsOrNull(input.bags))
      try {
        // A window's own days first: a row whose dates come from its window hears about them there.
        if (input.date_window) assertWindowAhead(input.date_window, today)
        assertTripTrackable(search, [], today)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        for (const [path, messages] of Object.entries(error.fieldErrors ?? {})) for (const message of messages) errors.push({ line, column: csvColumnOf(path), message })
        continue
      }
      const features = alertFeatures({ searchParameters: search, trackedFlights: [], notificationChannels: input.notification_channels, checkFrequency: input.check_frequency })
      const refusals = premiumReasons(plan, features)
      if (refusals.length > 0) {
        for (const reason of refusals) errors.push({ line, column: REASON_COLUMN[reason], message: `Upgrade to use: ${PREMIUM_REASON_LABEL[reason]}.` })
        continue
      }
      // A flexible alert counts its window's searches (decision 055).
      checks += alertSearchesPerDay(input.check_frequency, input.date_window ?? null, today)
      if (checks > REASONABLE_USE_CHECKS_PER_DAY + 1e-9) {
        errors.push({ line, column: 'frequency', message: REASONABLE_USE_MESSAGE(checks) })
        continue
      }
      ready.push({ input, search, features })
    }

    const report = { dryRun: options.dryRun, rows: read.rows.length, created: 0, errors }
    if (options.dryRun || errors.length > 0) return report
    await tx.insert(alerts).values(ready.map(({ input, search, features }) => newAlertRow({ userId, input, search, features, now, idempotencyKey: null })))
    return { ...report, created: ready.length }
  })
}

/** The advisor's clients by name, lower-cased (a file names them as people type them). */
async function clientIdsByName(tx: Db, userId: string): Promise<Map<string, string[]>> {
  const rows = await tx.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.userId, userId))
  const byName = new Map<string, string[]>()
  for (const row of rows) {
    const key = row.name.trim().toLowerCase()
    byName.set(key, [...(byName.get(key) ?? []), row.id])
  }
  return byName
}
