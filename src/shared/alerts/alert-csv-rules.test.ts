import { describe, expect, it } from 'vitest'
import { BAG_MESSAGES } from '../flights/bag-fees.ts'
import { ALERT_CSV_COLUMNS, alertFromCsvRow, CSV_MESSAGES, windowCells } from './alert-csv.ts'
import { ALERT_PARAM_MESSAGES } from './alert-search-params.ts'
import { DATE_WINDOW_MESSAGES } from './date-window.ts'
import { TRIGGER_MESSAGES } from './alert-trigger.ts'
import { QUIET_HOURS_MESSAGES } from './quiet-hours.ts'
import { DAILY_DIGEST_MESSAGES } from './daily-digest.ts'

const example = Object.fromEntries(ALERT_CSV_COLUMNS.map((column) => [column.name, column.example]))
const row = (over: Record<string, string>) => ({ ...example, depart: '2030-04-10', return: '2030-04-17', ...over })

describe('CSV columns for when to notify (decision 051)', () => {
  it('reads the template’s example: a 10 % drop from $500, again after 5 %, quiet at night in New York', () => {
    const read = alertFromCsvRow(row({}), 2)
    expect(read).toMatchObject({
      alert: {
        trigger: 'drop',
        drop_percent: 10,
        baseline_price: 500,
        renotify_step: { unit: 'percent', value: 5 },
        quiet_hours: { start: '22:00', end: '07:00', time_zone: 'America/New_York' },
      },
    })
  })

  it('leaves the columns empty for a plain alert: below the target, the 5 % step, no quiet hours', () => {
    const read = alertFromCsvRow(row({ rule: '', drop_percent: '', price_now: '', step: '', quiet_hours: '' }), 2)
    expect(read).toMatchObject({ alert: { trigger: 'below', renotify_step: { unit: 'percent', value: 5 } } })
    expect('alert' in read && read.alert.quiet_hours).toBeFalsy()
  })

  it('takes an amount step and a new-low rule', () => {
    expect(alertFromCsvRow(row({ rule: 'New-Low', drop_percent: '', step: '25' }), 2)).toMatchObject({ alert: { trigger: 'new_low', baseline_price: 500, renotify_step: { unit: 'amount', value: 25 } } })
  })

  it('reports each bad cell on its own column, with the API’s messages', () => {
    const read = alertFromCsvRow(row({ rule: 'sometimes', step: 'lots', quiet_hours: 'nights' }), 7)
    expect(read).toEqual({
      errors: [
        { line: 7, column: 'rule', message: CSV_MESSAGES.rule },
        { line: 7, column: 'step', message: CSV_MESSAGES.step },
        { line: 7, column: 'quiet_hours', message: CSV_MESSAGES.quietHours },
      ],
    })
    expect(alertFromCsvRow(row({ drop_percent: '95', price_now: '', step: '80%', quiet_hours: '22:00-07:00 Mars/Olympus' }), 3)).toEqual({
      errors: expect.arrayContaining([
        { line: 3, column: 'drop_percent', message: TRIGGER_MESSAGES.dropPercent },
        { line: 3, column: 'price_now', message: TRIGGER_MESSAGES.baseline },
        { line: 3, column: 'step', message: TRIGGER_MESSAGES.stepPercent },
        { line: 3, column: 'quiet_hours', message: QUIET_HOURS_MESSAGES.timeZone },
      ]),
    })
  })
})

describe('CSV column for the daily digest (decision 054)', () => {
  it('reads "08:00 Europe/Lisbon", and refuses what does not read so, a bad zone and a digest beside quiet hours', () => {
    expect(alertFromCsvRow(row({ quiet_hours: '', digest: '08:00 Europe/Lisbon' }), 2)).toMatchObject({ alert: { digest: { hour: 8, time_zone: 'Europe/Lisbon' } } })
    expect(alertFromCsvRow(row({ quiet_hours: '', digest: '8am' }), 3)).toEqual({ errors: [{ line: 3, column: 'digest', message: CSV_MESSAGES.digest }] })
    expect(alertFromCsvRow(row({ quiet_hours: '', digest: '08:30 UTC' }), 3)).toEqual({ errors: [{ line: 3, column: 'digest', message: CSV_MESSAGES.digest }] })
    expect(alertFromCsvRow(row({ quiet_hours: '', digest: '08:00 Mars/Olympus' }), 4)).toEqual({ errors: [{ line: 4, column: 'digest', message: DAILY_DIGEST_MESSAGES.timeZone }] })
    expect(alertFromCsvRow(row({ digest: '08:00 UTC' }), 5)).toEqual({ errors: [{ line: 5, column: 'digest', message: DAILY_DIGEST_MESSAGES.withQuietHours }] })
  })
})

describe('CSV columns for flexible dates and bags (decision 055)', () => {
  // A plain round trip: no window, no bags, as files written before these columns.
  const plain = (over: Record<string, string>) =>
    row({
      rule: '',
      drop_percent: '',
      price_now: '',
      step: '',
      quiet_hours: '',
      window_from: '',
      window_to: '',
      trip_nights_min: '',
      trip_nights_max: '',
      weekends_only: '',
      carry_on_bags: '',
      checked_bags: '',
      ...over,
    })
  const window = { window_from: '2030-04-03', window_to: '2030-04-17', trip_nights_min: '5', trip_nights_max: '9' }

  it('reads a window with trip lengths, weekends only, time limits and bags; empty columns mean none', () => {
    expect(alertFromCsvRow(plain({ ...window, weekends_only: 'no', carry_on_bags: '1', checked_bags: '2' }), 2)).toMatchObject({
      alert: {
        date_window: { depart_from: '2030-04-03', depart_to: '2030-04-17', weekends_only: false, nights: { min: 5, max: 9 } },
        bags: { carry_on: 1, checked: 2 },
      },
    })
    const times = alertFromCsvRow(
      plain({ ...window, trip_nights_min: '1', trip_nights_max: '3', weekends_only: 'Yes', window_outbound_times: '6,10', window_return_times: '14,20' }),
      2,
    )
    expect(times).toMatchObject({ alert: { date_window: { weekends_only: true, nights: { min: 1, max: 3 }, outbound_times: '6,10', return_times: '14,20' } } })
    const none = alertFromCsvRow(plain({}), 2)
    expect('alert' in none && [none.alert.date_window, none.alert.bags]).toEqual([undefined, undefined])
    // A one-way window has no trip length.
    expect(alertFromCsvRow(plain({ trip: 'one-way', return: '', window_from: '2030-04-03', window_to: '2030-04-17' }), 2)).toMatchObject({
      alert: { date_window: { nights: null }, search_parameters: { type: 2 } },
    })
  })

  it('takes the search’s dates from the window when depart is empty: its first day, and the fewest nights after', () => {
    expect(alertFromCsvRow(plain({ ...window, depart: '', return: '' }), 2)).toMatchObject({
      alert: { search_parameters: { outbound_date: '2030-04-03', return_date: '2030-04-08' }, date_window: { depart_from: '2030-04-03' } },
    })
    // Without a window, depart is still required.
    expect(alertFromCsvRow(plain({ depart: '' }), 4)).toEqual({ errors: [{ line: 4, column: 'depart', message: CSV_MESSAGES.required('depart') }] })
  })

  it('says each problem on its column, with the shared schemas’ messages', () => {
    const cases: [Record<string, string>, { column: string; message: string }[]][] = [
      [{ ...window, window_to: '' }, [{ column: 'window_to', message: CSV_MESSAGES.window }]],
      [
        { weekends_only: 'yes' },
        [
          { column: 'window_from', message: CSV_MESSAGES.window },
          { column: 'window_to', message: CSV_MESSAGES.window },
          // Every problem of the row at once: a round trip's window needs its trip lengths too.
          { column: 'trip_nights_min', message: DATE_WINDOW_MESSAGES.nightsRequired },
        ],
      ],
      [{ ...window, weekends_only: 'sometimes' }, [{ column: 'weekends_only', message: CSV_MESSAGES.weekendsOnly }]],
      [{ ...window, window_to: '2030-04-01' }, [{ column: 'window_to', message: DATE_WINDOW_MESSAGES.order }]],
      [{ ...window, window_to: '2030-07-01' }, [{ column: 'window_to', message: DATE_WINDOW_MESSAGES.tooLong }]],
      [{ ...window, window_from: '03/04/2030' }, [{ column: 'window_from', message: ALERT_PARAM_MESSAGES.dateFormat }]],
      [{ ...window, trip_nights_min: '9', trip_nights_max: '5' }, [{ column: 'trip_nights_max', message: DATE_WINDOW_MESSAGES.nights }]],
      [{ ...window, trip_nights_max: '31' }, [{ column: 'trip_nights_max', message: DATE_WINDOW_MESSAGES.nights }]],
      [{ ...window, trip_nights_min: 'five' }, [{ column: 'trip_nights_min', message: DATE_WINDOW_MESSAGES.nights }]],
      [{ ...window, trip_nights_min: '', trip_nights_max: '' }, [{ column: 'trip_nights_min', message: DATE_WINDOW_MESSAGES.nightsRequired }]],
      [{ ...window, trip: 'one-way', return: '' }, [{ column: 'trip_nights_min', message: DATE_WINDOW_MESSAGES.nightsOneWay }]],
      [{ ...window, weekends_only: 'yes' }, [{ column: 'window_to', message: DATE_WINDOW_MESSAGES.noDates }]],
      [{ ...window, window_outbound_times: 'mornings' }, [{ column: 'window_outbound_times', message: DATE_WINDOW_MESSAGES.times }]],
      [{ ...window, window_outbound_times: '10,6' }, [{ column: 'window_outbound_times', message: DATE_WINDOW_MESSAGES.timesOrder }]],
      [{ trip: 'one-way', return: '', window_from: '2030-04-03', window_to: '2030-04-17', window_return_times: '6,10' }, [{ column: 'window_return_times', message: DATE_WINDOW_MESSAGES.returnTimesOneWay }]],
      [{ carry_on_bags: '2' }, [{ column: 'carry_on_bags', message: BAG_MESSAGES.carryOn }]],
      [{ checked_bags: '3' }, [{ column: 'checked_bags', message: BAG_MESSAGES.checked }]],
      [{ carry_on_bags: '-1', checked_bags: '1.5' }, [{ column: 'carry_on_bags', message: BAG_MESSAGES.carryOn }, { column: 'checked_bags', message: BAG_MESSAGES.checked }]],
    ]
    for (const [over, expected] of cases) {
      expect({ over, read: alertFromCsvRow(plain(over), 5) }).toEqual({ over, read: { errors: expected.map((error) => ({ line: 5, ...error })) } })
    }
  })

  it('refuses hostile cells without reading them as anything else', () => {
    const hostile: [Record<string, string>, string][] = [
      [{ ...window, weekends_only: '__proto__' }, 'weekends_only'],
      [{ ...window, weekends_only: 'constructor' }, 'weekends_only'],
      [{ ...window, weekends_only: "'=1+1" }, 'weekends_only'],
      [{ ...window, trip_nights_min: '0x5' }, 'trip_nights_min'],
      [{ ...window, trip_nights_max: '1e1' }, 'trip_nights_max'],
      [{ ...window, trip_nights_max: '99999999999999999999' }, 'trip_nights_max'],
      // Read fast, not expanded: 62 days × 5 million trip lengths would take the process's memory.
      [{ ...window, trip_nights_max: '5000000' }, 'trip_nights_max'],
      [{ carry_on_bags: '0x1' }, 'carry_on_bags'],
      [{ checked_bags: 'Infinity' }, 'checked_bags'],
      [{ checked_bags: "'-1" }, 'checked_bags'],
      [{ ...window, window_from: '2030-02-30' }, 'window_from'],
      [{ ...window, window_to: `2030-04-17${'x'.repeat(5_000)}` }, 'window_to'],
      [{ ...window, window_outbound_times: '6,10;DROP TABLE alerts' }, 'window_outbound_times'],
      [{ ...window, window_outbound_times: '6,99' }, 'window_outbound_times'],
    ]
    for (const [over, column] of hostile) {
      const read = alertFromCsvRow(plain(over), 9)
      expect({ over, columns: 'errors' in read ? [...new Set(read.errors.map((error) => error.column))] : 'read' }).toEqual({ over, columns: [column] })
    }
  })

  it('writes a window as its columns, from today on once it has begun, and reads it back as the same window', () => {
    const stored = { depart_from: '2030-04-03', depart_to: '2030-04-17', weekends_only: true, nights: { min: 1, max: 3 }, outbound_times: '6,10' }
    expect(windowCells(null, '2030-01-01')).toEqual(['', '', '', '', '', '', ''])
    expect(windowCells(stored, '2030-01-01')).toEqual(['2030-04-03', '2030-04-17', '1', '3', 'yes', '6,10', ''])
    // Begun: the days left (the engine no longer checks the others, and a new window starts today or later).
    expect(windowCells(stored, '2030-04-10')[0]).toBe('2030-04-10')
    // Over: as it was (the alert has expired, and an import says so).
    expect(windowCells(stored, '2030-05-01')[0]).toBe('2030-04-03')

    const [from, to, min, max, weekends, outbound, back] = windowCells(stored, '2030-01-01')
    const read = alertFromCsvRow(
      plain({ window_from: from, window_to: to, trip_nights_min: min, trip_nights_max: max, weekends_only: weekends, window_outbound_times: outbound, window_return_times: back }),
      2,
    )
    expect('alert' in read && read.alert.date_window).toEqual(stored)
  })
})
