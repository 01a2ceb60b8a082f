import { describe, expect, it } from 'vitest'
import { AIRPORTS } from '../../../reference-data/airports.ts'
import { mulberry32 } from './hash.ts'
import {
  referenceAddDays,
  referenceDaysBetween,
  referenceFormatLocal,
  referenceLocalDate,
  referenceLocalMinuteOfDay,
  referenceLocalToUtc,
  referenceUtcOffsetMinutes,
} from './reference-model.test-helpers.ts'
import { addDays, dateStartMs, daysBetween, daysFromLocalDate, formatLocal, localDate, localMinuteOfDay, localToUtc, utcOffsetMinutes } from './time-zones.ts'

/**
 * The cached time-zone and date helpers against the plain versions they replaced
 * (reference-model.test-helpers.ts): the same answers, thrown errors included, around DST changes
 * in both hemispheres, in half-hour and 45-minute zones, for odd date strings and after the caches
 * have been cleared for being full.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** Half-hour and 45-minute offsets, southern DST, Lord Howe's half-hour DST, a name Intl rejects. */
const ODD_ZONES = [
  'America/St_Johns',
  'Asia/Kolkata',
  'Asia/Calcutta',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Australia/Adelaide',
  'Australia/Eucla',
  'America/Santiago',
  'Pacific/Auckland',
  'Asia/Tehran',
  'Africa/Casablanca',
  'America/Havana',
  'Pacific/Apia',
  'Europe/London',
  'America/New_York',
  'UTC',
  'Not/A_Zone',
]
const AIRPORT_ZONES = [...new Set(AIRPORTS.map((a) => a.timeZone))]

/** DST changes of 2026 and 2027 (approximate UTC instants; the tests walk hours around them). */
const CHANGES = [
  '2026-03-08T07:00Z',
  '2026-03-08T05:30Z',
  '2026-03-29T01:00Z',
  '2026-04-04T15:00Z',
  '2026-04-05T03:00Z',
  '2026-09-06T04:00Z',
  '2026-09-26T14:00Z',
  '2026-10-03T16:00Z',
  '2026-10-25T01:00Z',
  '2026-11-01T06:00Z',
  '2026-11-01T04:30Z',
  '2027-03-14T07:00Z',
  '2027-04-03T15:00Z',
].map((s) => Date.parse(s))

/** Instants: every half hour from 12 hours before each change to 12 after, and random ones 1970–2100. */
function instants(randomCount: number, seed: number): number[] {
  const rand = mulberry32(seed)
  const list: number[] = []
  for (const change of CHANGES) for (let m = -12 * 60; m <= 12 * 60; m += 30) list.push(change + m * 60_000)
  for (let i = 0; i < randomCount; i++) list.push(Math.floor(rand() * 4_102_444_800_000))
  return list
}

/** The value, or the error's class and message: thrown errors must match too. */
function outcome<T>(run: () => T): T | string {
  try {
    return run()
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`
  }
}

describe('time zones: cached offsets and local times equal the plain Intl versions', () => {
  it('in zones with odd offsets, every half hour around DST changes and at random instants', () => {
    const list = instants(100, 1)
    for (const zone of ODD_ZONES) {
      const optimised = list.map((at) => [utcOffsetMinutes(zone, at), formatLocal(at, zone), localDate(at, zone), localMinuteOfDay(at, zone)])
      const plain = list.map((at) => [referenceUtcOffsetMinutes(zone, at), referenceFormatLocal(at, zone), referenceLocalDate(at, zone), referenceLocalMinuteOfDay(at, zone)])
      expect(optimised, zone).toEqual(plain)
    }
  })

  it('in every airport zone', () => {
    const rand = mulberry32(2)
    const list = Array.from({ length: 40 }, () => Date.parse('2026-01-01T00:00:00Z') + Math.floor(rand() * 500 * DAY))
    for (const zone of AIRPORT_ZONES) expect(list.map((at) => formatLocal(at, zone)), zone).toEqual(list.map((at) => referenceFormatLocal(at, zone)))
  })

  it('for wall-clock times on DST change days, including times that do not exist or happen twice', () => {
    const dates = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-04-04', '2026-09-06', '2026-09-27', '2026-10-04', '2026-10-25', '2026-11-01', '2026-12-10']
    const minutes = Array.from({ length: 96 }, (_, i) => i * 15)
    for (const zone of ODD_ZONES) {
      for (const date of dates) {
        expect(minutes.map((m) => localToUtc(date, m, zone)), `${zone} ${date}`).toEqual(minutes.map((m) => referenceLocalToUtc(date, m, zone)))
      }
    }
  })

  it('for instants far from today, invalid ones and local times outside years 1970–9999', () => {
    const edges = [0, -1, -HOUR, -DAY - 1, -62_198_755_200_000, 253_402_300_799_999, 253_402_300_800_000, 8.64e15, -8.64e15, 8.64e15 + 1, NaN, Infinity, 1.5, -0.5]
    for (const zone of ['UTC', 'Pacific/Chatham', 'America/St_Johns', 'Pacific/Apia', 'Not/A_Zone']) {
      for (const at of edges) {
        const where = `${zone} ${at}`
        expect(outcome(() => utcOffsetMinutes(zone, at)), where).toBe(outcome(() => referenceUtcOffsetMinutes(zone, at)))
        expect(outcome(() => formatLocal(at, zone)), where).toBe(outcome(() => referenceFormatLocal(at, zone)))
        expect(outcome(() => localDate(at, zone)), where).toBe(outcome(() => referenceLocalDate(at, zone)))
        expect(outcome(() => localMinuteOfDay(at, zone)), where).toBe(outcome(() => referenceLocalMinuteOfDay(at, zone)))
        expect(outcome(() => daysFromLocalDate(at, zone, '2026-12-10')), where).toBe(outcome(() => referenceDaysBetween(referenceLocalDate(at, zone), '2026-12-10')))
      }
    }
  })

  it('after the offset cache has been cleared for being full', () => {
    // 5,000 hours 1,024 apart need 5,000 blocks, more than the cache keeps.
    const start = Date.parse('1990-01-01T00:00:00Z')
    for (let i = 0; i < 5_000; i++) utcOffsetMinutes('Europe/London', start + i * 1_024 * HOUR)
    // More zone names than the cache keeps (names Intl rejects count as UTC).
    for (let i = 0; i < 2_100; i++) expect(utcOffsetMinutes(`Nowhere/Zone_${i}`, start)).toBe(0)
    const list = instants(50, 3)
    expect(list.map((at) => utcOffsetMinutes('America/St_Johns', at))).toEqual(list.map((at) => referenceUtcOffsetMinutes('America/St_Johns', at)))
  })
})

describe('time zones: cached date arithmetic equals the plain Date versions', () => {
  /** Real dates, impossible ones Date rolls over, years 0–99 (Date.UTC reads them as 19xx), malformed ones. */
  const ODD_DATES = ['2026-02-31', '2026-02-29', '2024-02-29', '2026-13-01', '2026-00-10', '0050-06-01', '0000-01-01', '1969-12-31', '1970-01-01', '9999-12-31', '2026-1-5', '2026-12', 'garbage', '']

  function dates(count: number, seed: number): string[] {
    const rand = mulberry32(seed)
    const list = [...ODD_DATES]
    for (let i = 0; i < count; i++) list.push(new Date(Date.parse('1975-01-01T00:00:00Z') + Math.floor(rand() * 45_000) * DAY).toISOString().slice(0, 10))
    return list
  }

  it('addDays, daysBetween and dateStartMs', () => {
    const list = dates(500, 4)
    const rand = mulberry32(5)
    const pairs = list.map((date) => [date, list[Math.floor(rand() * list.length)]!] as const)
    const shifts = [0, 1, -1, 21, -21, 365, 1_000]
    expect(list.map((date) => dateStartMs(date))).toEqual(list.map((date) => Date.parse(`${date}T00:00:00Z`)))
    expect(list.map((date) => shifts.map((n) => outcome(() => addDays(date, n))))).toEqual(list.map((date) => shifts.map((n) => outcome(() => referenceAddDays(date, n)))))
    expect(pairs.map(([a, b]) => daysBetween(a, b))).toEqual(pairs.map(([a, b]) => referenceDaysBetween(a, b)))
  })

  it('days to a departure from the local date at an instant', () => {
    const rand = mulberry32(6)
    const list = dates(200, 7)
    for (const zone of ODD_ZONES) {
      const cases = instants(20, 8).map((at) => [at, list[Math.floor(rand() * list.length)]!] as const)
      expect(cases.map(([at, date]) => daysFromLocalDate(at, zone, date)), zone).toEqual(cases.map(([at, date]) => referenceDaysBetween(referenceLocalDate(at, zone), date)))
    }
  })

  it('after the date caches have been cleared for being full', () => {
    for (let i = 0; i < 25_000; i++) addDays('2000-01-01', i)
    const list = dates(200, 9)
    expect(list.map((date) => outcome(() => addDays(date, 3)))).toEqual(list.map((date) => outcome(() => referenceAddDays(date, 3))))
  })
})
