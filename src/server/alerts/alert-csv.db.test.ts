import { eq } from 'drizzle-orm'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALERT_CSV_HEADER, CSV_MESSAGES, type AlertImportReport } from '#shared/alerts/alert-csv.ts'
import { ALERT_MESSAGES } from '#shared/alerts/alert.ts'
import { ALERT_PARAM_MESSAGES } from '#shared/alerts/alert-search-params.ts'
import { alertSearchesPerDay, DATE_WINDOW_MESSAGES } from '#shared/alerts/date-window.ts'
import { REASONABLE_USE_CHECKS_PER_DAY, REASONABLE_USE_MESSAGE } from '#shared/alerts/reasonable-use.ts'
import { BAG_MESSAGES } from '#shared/flights/bag-fees.ts'
import { addIsoDays } from '#shared/flights/iso-days.ts'
import { earliestTravelDate } from '#shared/flights/travel-date.ts'
import { SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import { createAlertVia, inDays, readJson, routeAlert, setPlan, signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { alertPrices, alerts } from '../db/schema.ts'

/**
 * Decision 041: an advisor's alerts as CSV. Every row is checked as POST /api/alerts checks one,
 * problems come back with their line and column and the API's own messages, a dry run creates
 * nothing, an import creates all rows or none, and an export imports back.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const HEADER = 'name,trip,from,to,depart,return,adults,cabin,stops,target_price,currency,channels,frequency'
const row = (cells: Partial<Record<string, string>> = {}) => {
  const values = { name: '', trip: 'round-trip', from: 'JFK', to: 'LIS', depart: inDays(60), return: inDays(67), adults: '1', cabin: 'economy', stops: 'any', target_price: '450', currency: 'USD', channels: 'email', frequency: '12h', ...cells }
  return HEADER.split(',').map((name) => values[name as keyof typeof values] ?? '').join(',')
}
const file = (...rows: string[]) => [HEADER, ...rows].join('\n')

const importCsv = (client: TestClient, csv: string, dryRun = false) => client.request('/api/alerts/import', { method: 'POST', json: { csv, dryRun } })
const report = async (res: Response) => readJson<AlertImportReport>(res, 200)
const alertsOf = (userId: string) => t.database.db.select().from(alerts).where(eq(alerts.userId, userId))

async function advisor() {
  const user = await signedInUser(t, 'csv')
  await setPlan(t, user.userId, 'unlimited')
  return user
}

describe('CSV import', () => {
  it('is for Unlimited: others get 403 with the reason, for import and both exports', async () => {
    const { client } = await signedInUser(t, 'csv-free')
    for (const res of [await importCsv(client, file(row()), true), await client.request('/api/alerts/export'), await client.request('/api/alerts/export/prices')]) {
      expect(res.status).toBe(403)
      expect(JSON.stringify(await res.json())).toContain(CSV_MESSAGES.planOnly)
    }
  })

  it('a dry run lists every bad row with its line, column and the API’s message, and creates nothing', async () => {
    const { client, userId } = await advisor()
    const csv = file(
      row({ name: 'Good one' }),
      row({ depart: '10/04/2027' }),
      row({ to: 'JFK' }),
      row({ from: 'QQQ' }),
      row({ trip: 'return' }),
      row({ channels: 'email;pigeon', depart: '10/04/2027' }),
      row({ depart: inDays(-3), return: inDays(4) }),
      row({ target_price: '-5' }),
      row({ frequency: '5m' }),
      row({ trip: 'round-trip', return: '' }),
      row({ target_price: '' }),
    )
    const answer = await report(await importCsv(client, csv, true))
    expect(answer).toMatchObject({ dryRun: true, rows: 11, created: 0 })
    expect(answer.errors).toEqual([
      { line: 3, column: 'depart', message: ALERT_PARAM_MESSAGES.dateFormat },
      { line: 4, column: 'to', message: ALERT_PARAM_MESSAGES.sameAirports },
      { line: 5, column: 'from', message: SEARCH_MESSAGES.unknownAirport },
      { line: 6, column: 'trip', message: CSV_MESSAGES.trip },
      // Every problem of a row at once.
      { line: 7, column: 'channels', message: CSV_MESSAGES.channel('pigeon') },
      { line: 7, column: 'depart', message: ALERT_PARAM_MESSAGES.dateFormat },
      { line: 8, column: 'depart', message: ALERT_MESSAGES.pastDeparture },
      { line: 9, column: 'target_price', message: ALERT_MESSAGES.targetPrice },
      { line: 10, column: 'frequency', message: CSV_MESSAGES.frequency },
      { line: 11, column: 'return', message: ALERT_PARAM_MESSAGES.returnDateRequired },
      { line: 12, column: 'target_price', message: CSV_MESSAGES.required('target_price') },
    ])
    expect(await alertsOf(userId)).toEqual([])
  })

  it('an import with one bad row creates nothing; fixed, it creates all 20 as the API would', async () => {
    const { client, userId } = await advisor()
    const good = Array.from({ length: 19 }, (_, i) => row({ name: `Client ${i + 1}`, to: ['LIS', 'CDG', 'NRT'][i % 3]!, adults: String((i % 3) + 1), cabin: i % 2 ? 'business' : 'economy', stops: 'nonstop', channels: 'email;push', frequency: i % 2 ? '45m' : '12h' }))
    const failed = await report(await importCsv(client, file(...good, row({ from: 'XX' }))))
    expect(failed).toMatchObject({ dryRun: false, rows: 20, created: 0, errors: [{ line: 21, column: 'from', message: ALERT_PARAM_MESSAGES.departureCode }] })
    expect(await alertsOf(userId)).toEqual([])

    const done = await report(await importCsv(client, file(...good, row({ name: '', from: 'SFO', to: 'HND' }))))
    expect(done).toEqual({ dryRun: false, rows: 20, created: 20, errors: [] })
    const list = await readJson<{ alerts: { name: string; check_frequency: string; search_parameters: Record<string, unknown>; notification_channels: Record<string, boolean> }[] }>(
      await client.request('/api/alerts?status=all'),
      200,
    )
    expect(list.alerts).toHaveLength(20)
    const second = list.alerts.find((alert) => alert.name === 'Client 2')!
    expect(second).toMatchObject({
      check_frequency: '45m',
      notification_channels: { email: true, push: true, sms: false, whatsapp: false },
      search_parameters: { type: 1, departure_id: 'JFK', arrival_id: 'CDG', adults: 2, travel_class: 3, stops: 1 },
    })
    expect(list.alerts.map((alert) => alert.name)).toContain('SFO → HND Route Alert')
  })

  it('says what is wrong with the file itself: columns, quoting, emptiness, size', async () => {
    const { client } = await advisor()
    expect((await report(await importCsv(client, 'name,trip,from,to,depart,target_price,colour\nx,one-way,JFK,LIS,2027-01-01,3,red', true))).errors).toEqual([
      { line: 1, column: 'colour', message: CSV_MESSAGES.unknownColumn('colour') },
    ])
    expect((await report(await importCsv(client, 'name,trip,from,to,depart\nx,one-way,JFK,LIS,2027-01-01', true))).errors).toEqual([
      { line: 1, column: 'target_price', message: CSV_MESSAGES.missingColumn('target_price') },
    ])
    expect((await report(await importCsv(client, HEADER, true))).errors).toEqual([{ line: 1, column: '', message: CSV_MESSAGES.empty }])
    const unterminated = (await report(await importCsv(client, file(row(), '"Ana, unterminated,round-trip', row()), true))).errors
    expect(unterminated).toHaveLength(1)
    expect(unterminated[0]!.message).toMatch(/^This line can't be read as CSV: /)
    const many = (await report(await importCsv(client, file(...Array.from({ length: 1001 }, () => row())), true))).errors
    expect(many).toEqual([{ line: 1, column: '', message: CSV_MESSAGES.tooManyRows }])
    const huge = await importCsv(client, `${HEADER}\n${'x'.repeat(262_145)}`, true)
    expect(huge.status).toBe(400)
    expect(JSON.stringify(await huge.json())).toContain(CSV_MESSAGES.tooLarge)
    const beyond = await client.request('/api/alerts/import', { method: 'POST', body: JSON.stringify({ csv: 'x'.repeat(600_000) }), headers: { 'content-type': 'application/json' } })
    expect(beyond.status).toBe(413)
  })

  it('holds the whole file to reasonable use: the row that passes 2,400 checks a day is named', async () => {
    const { client, userId } = await advisor()
    const answer = await report(await importCsv(client, file(...Array.from({ length: 26 }, (_, i) => row({ name: `Fast ${i}`, frequency: '15m' })))))
    expect(answer).toMatchObject({ created: 0, errors: [{ line: 27, column: 'frequency', message: REASONABLE_USE_MESSAGE(2_496) }] })
    expect(await alertsOf(userId)).toEqual([])
  })
})

describe('CSV export', () => {
  it('writes the import’s columns and the read-only ones, keeps formulas inert, and imports back', async () => {
    const { client, userId } = await advisor()
    await createAlertVia(client, { ...routeAlert({ name: '=HYPERLINK("http://evil.example","Click")' }), check_frequency: '90m' })
    await createAlertVia(
      client,
      routeAlert({
        name: 'Plain, with a comma',
        trigger: 'drop',
        drop_percent: 12,
        baseline_price: 300,
        renotify_step: { unit: 'amount', value: 15 },
        quiet_hours: { start: '23:00', end: '06:00', time_zone: 'Europe/Lisbon' },
      }),
    )
    const other = await signedInUser(t, 'csv-other')
    await createAlertVia(other.client, routeAlert({ name: 'Someone else’s' }))

    const res = await client.request('/api/alerts/export')
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="faredrop-alerts-\d{4}-\d{2}-\d{2}\.csv"$/)
    const text = await res.text()
    const [header, ...rows] = parse(text) as string[][]
    expect(header).toEqual([...ALERT_CSV_HEADER, 'id', 'status', 'current_price', 'lowest_price', 'created_at'])
    expect(rows.map((r) => r[0])).toEqual(['\'=HYPERLINK("http://evil.example","Click")', 'Plain, with a comma'])
    expect(rows[0]!.slice(1, 4)).toEqual(['one-way', 'JFK', 'LAX'])
    expect(rows[0]![13]).toBe('90m')
    expect(text).not.toContain('Someone else')

    const copy = await advisor()
    expect(await report(await importCsv(copy.client, text))).toMatchObject({ created: 2, errors: [] })
    const names = (await alertsOf(copy.userId)).map((alert) => alert.name).sort()
    expect(names).toEqual(['=HYPERLINK("http://evil.example","Click")', 'Plain, with a comma'])
    // When to notify travels too (decision 051): the rule, its step and the quiet hours.
    expect((await alertsOf(copy.userId)).find((alert) => alert.name === 'Plain, with a comma')).toMatchObject({
      trigger: 'drop',
      dropPercent: 12,
      baselinePrice: 300,
      targetPrice: 264,
      renotifyStep: { unit: 'amount', value: 15 },
      quietHours: { start: '23:00', end: '06:00', time_zone: 'Europe/Lisbon' },
    })
    expect((await alertsOf(userId)).length).toBe(2)
  })

  it('exports the price history of the owner’s alerts, oldest first', async () => {
    const { client } = await advisor()
    const alert = await createAlertVia(client, routeAlert({ name: 'Watched' }))
    await t.database.db.insert(alertPrices).values([
      { alertId: alert.id, price: 420, currency: 'USD', recordedAt: new Date('2026-11-01T10:00:00Z') },
      { alertId: alert.id, price: 399, currency: 'USD', recordedAt: new Date('2026-11-02T10:00:00Z') },
    ])
    const text = await (await client.request('/api/alerts/export/prices')).text()
    expect(parse(text)).toEqual([
      ['alert_id', 'alert_name', 'price', 'currency', 'recorded_at'],
      [alert.id, 'Watched', '420', 'USD', '2026-11-01T10:00:00.000Z'],
      [alert.id, 'Watched', '399', 'USD', '2026-11-02T10:00:00.000Z'],
    ])
  })
})

describe('the client column (decision 043)', () => {
  it('names a client: unknown names are reported on their line, known ones import for that client and export back by name', async () => {
    const { client, userId } = await advisor()
    const added = await client.request('/api/clients', { method: 'POST', json: { name: 'Ana Lima', email: `ana-${Date.now()}@example.org`, channels: ['email'] } })
    const { client: ana } = await readJson<{ client: { id: string } }>(added, 201)
    const withClient = (name: string, who: string) => `${row({ name })},${who}`
    const csv = [`${HEADER},client`, withClient('For Ana', ' ana lima '), withClient('Mine', ''), withClient('Nobody', 'Bruno')].join('\n')
    expect((await report(await importCsv(client, csv, true))).errors).toEqual([{ line: 4, column: 'client', message: CSV_MESSAGES.client('Bruno') }])

    const good = [`${HEADER},client`, withClient('For Ana', 'Ana Lima'), withClient('Mine', '')].join('\n')
    expect(await report(await importCsv(client, good))).toMatchObject({ created: 2, errors: [] })
    const byName = new Map((await alertsOf(userId)).map((alert) => [alert.name, alert.clientId]))
    expect(byName).toEqual(new Map([['For Ana', ana.id], ['Mine', null]]))

    const exported = parse(await (await client.request('/api/alerts/export')).text(), { columns: true }) as Record<string, string>[]
    expect(exported.map((line) => [line.name, line.client]).sort()).toEqual([['For Ana', 'Ana Lima'], ['Mine', '']])
  })
})

describe('flexible dates and bags in CSV (decision 055)', () => {
  const columns = [...ALERT_CSV_HEADER]
  /** A row of the full header, by column. */
  const fullRow = (cells: Record<string, string>) => columns.map((name) => cells[name] ?? '').join(',')
  const fullFile = (...rows: Record<string, string>[]) => [columns.join(','), ...rows.map(fullRow)].join('\n')
  const base = { trip: 'round-trip', from: 'JFK', to: 'LIS', depart: inDays(30), return: inDays(37), target_price: '450', frequency: '12h' }

  it('an export of flexible and bag-inclusive alerts imports back to the same alerts', async () => {
    const { client, userId } = await advisor()
    const window = { depart_from: inDays(30), depart_to: inDays(60), weekends_only: true, nights: { min: 1, max: 3 }, outbound_times: '6,12' }
    await createAlertVia(
      client,
      routeAlert({
        name: 'Weekends in Lisbon',
        params: { type: 1, arrival_id: 'LIS', outbound_date: inDays(30), return_date: inDays(32), adults: 2 },
        date_window: window,
        bags: { carry_on: 1, checked: 2 },
      }),
    )
    await createAlertVia(client, routeAlert({ name: 'One way, any day', date_window: { depart_from: inDays(40), depart_to: inDays(50), weekends_only: false, nights: null } }))
    await createAlertVia(client, routeAlert({ name: 'Fixed, a checked bag', bags: { carry_on: 0, checked: 1 } }))

    const text = await (await client.request('/api/alerts/export')).text()
    const exported = parse(text, { columns: true }) as Record<string, string>[]
    expect(exported.find((line) => line.name === 'Weekends in Lisbon')).toMatchObject({
      depart: inDays(30),
      return: inDays(32),
      window_from: inDays(30),
      window_to: inDays(60),
      trip_nights_min: '1',
      trip_nights_max: '3',
      weekends_only: 'yes',
      window_outbound_times: '6,12',
      window_return_times: '',
      carry_on_bags: '1',
      checked_bags: '2',
    })
    // A fixed-date alert leaves the window's columns empty; an alert without bags leaves theirs empty.
    expect(exported.find((line) => line.name === 'Fixed, a checked bag')).toMatchObject({ window_from: '', weekends_only: '', carry_on_bags: '0', checked_bags: '1' })
    expect(exported.find((line) => line.name === 'One way, any day')).toMatchObject({ depart: inDays(40), trip_nights_min: '', carry_on_bags: '', checked_bags: '' })

    const copy = await advisor()
    expect(await report(await importCsv(copy.client, text))).toMatchObject({ created: 3, errors: [] })
    const pick = (rows: (typeof alerts.$inferSelect)[], name: string) => {
      const row = rows.find((alert) => alert.name === name)!
      return { dateWindow: row.dateWindow, bags: row.bags, departureDate: row.departureDate, returnDate: row.returnDate, searchParameters: row.searchParameters, searchKey: row.searchKey }
    }
    const [before, after] = [await alertsOf(userId), await alertsOf(copy.userId)]
    for (const name of ['Weekends in Lisbon', 'One way, any day', 'Fixed, a checked bag']) expect(pick(after, name)).toEqual(pick(before, name))
    // The carry-ons are asked of the search for each seated traveller, as a create asks them.
    expect(pick(after, 'Weekends in Lisbon')).toMatchObject({ departureDate: inDays(60), searchParameters: { bags: 2 } })
  })

  it('writes a window that has begun from today on, without the passed search dates, and that imports back', async () => {
    const { client, userId } = await advisor()
    const alert = await createAlertVia(
      client,
      routeAlert({ name: 'Begun', params: { type: 1, outbound_date: inDays(2), return_date: inDays(7) }, date_window: { depart_from: inDays(2), depart_to: inDays(20), weekends_only: false, nights: { min: 4, max: 6 } } }),
    )
    // Three days later, as the database would have it.
    await t.database.db
      .update(alerts)
      .set({ dateWindow: { depart_from: inDays(-3), depart_to: inDays(20), weekends_only: false, nights: { min: 4, max: 6 } }, searchParameters: { ...alert.search_parameters, outbound_date: inDays(-3), return_date: inDays(2) } })
      .where(eq(alerts.userId, userId))
    const text = await (await client.request('/api/alerts/export')).text()
    const [line] = parse(text, { columns: true }) as Record<string, string>[]
    const today = earliestTravelDate(new Date())
    expect(line).toMatchObject({ depart: '', return: '', window_from: today, window_to: inDays(20), trip_nights_min: '4', trip_nights_max: '6' })

    const copy = await advisor()
    expect(await report(await importCsv(copy.client, text))).toMatchObject({ created: 1, errors: [] })
    const [row] = await alertsOf(copy.userId)
    expect(row).toMatchObject({ dateWindow: { depart_from: today, depart_to: inDays(20), nights: { min: 4, max: 6 } }, departureDate: inDays(20) })
    expect(row!.searchParameters).toMatchObject({ outbound_date: today, return_date: addIsoDays(today, 4) })
  })

  it('checks each row’s window and bags as a create does, on their columns, with the shared messages', async () => {
    const { client, userId } = await advisor()
    const window = { window_from: inDays(30), window_to: inDays(50), trip_nights_min: '5', trip_nights_max: '9' }
    const csv = fullFile(
      { ...base, ...window, name: 'Good' },
      { ...base, ...window, window_from: inDays(-2) },
      { ...base, ...window, depart: '', return: '', window_from: inDays(-2) },
      { ...base, ...window, trip_nights_min: '', trip_nights_max: '' },
      { ...base, ...window, weekends_only: 'often' },
      { ...base, ...window, window_to: inDays(200) },
      { ...base, carry_on_bags: '3', checked_bags: 'two' },
      { ...base, window_to: inDays(50), trip_nights_min: '5', trip_nights_max: '9' },
      { ...base, ...window, trip_nights_max: '5000000' },
      { ...base, ...window, window_from: "'=cmd|' /C calc'!A0" },
    )
    const answer = await report(await importCsv(client, csv, true))
    expect(answer).toMatchObject({ rows: 10, created: 0 })
    expect(answer.errors).toEqual([
      { line: 3, column: 'window_from', message: DATE_WINDOW_MESSAGES.past },
      // Dates taken from the window are judged there, not on the empty depart column.
      { line: 4, column: 'window_from', message: DATE_WINDOW_MESSAGES.past },
      { line: 5, column: 'trip_nights_min', message: DATE_WINDOW_MESSAGES.nightsRequired },
      { line: 6, column: 'weekends_only', message: CSV_MESSAGES.weekendsOnly },
      { line: 7, column: 'window_to', message: DATE_WINDOW_MESSAGES.tooLong },
      { line: 8, column: 'checked_bags', message: BAG_MESSAGES.checked },
      { line: 8, column: 'carry_on_bags', message: BAG_MESSAGES.carryOn },
      { line: 9, column: 'window_from', message: CSV_MESSAGES.window },
      { line: 10, column: 'trip_nights_max', message: DATE_WINDOW_MESSAGES.nights },
      { line: 11, column: 'window_from', message: ALERT_PARAM_MESSAGES.dateFormat },
    ])
    expect(await alertsOf(userId)).toEqual([])
  })

  it('counts a window’s searches toward reasonable use across the file', async () => {
    const { client, userId } = await advisor()
    const wide = { window_from: inDays(20), window_to: inDays(81), trip_nights_min: '1', trip_nights_max: '30' }
    const perAlert = alertSearchesPerDay('15m', { depart_from: inDays(20), depart_to: inDays(81), weekends_only: false, nights: { min: 1, max: 30 } }, earliestTravelDate(new Date()))
    const fits = Math.floor(REASONABLE_USE_CHECKS_PER_DAY / perAlert)
    const rows = Array.from({ length: fits + 1 }, (_, i) => ({ ...base, ...wide, name: `Wide ${i}`, frequency: '15m' }))
    const answer = await report(await importCsv(client, fullFile(...rows)))
    expect(answer).toMatchObject({ created: 0, errors: [{ line: fits + 2, column: 'frequency', message: REASONABLE_USE_MESSAGE((fits + 1) * perAlert) }] })
    expect(await alertsOf(userId)).toEqual([])
  })
})
