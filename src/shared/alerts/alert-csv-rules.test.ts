import { describe, expect, it } from 'vitest'
import { ALERT_CSV_COLUMNS, alertFromCsvRow, CSV_MESSAGES } from './alert-csv.ts'
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
