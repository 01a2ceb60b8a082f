import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isTimeZone, QUIET_HOURS_MESSAGES, quietHoursSchema, quietHoursText, quietUntil, type QuietHours } from './quiet-hours.ts'

const night = (time_zone: string): QuietHours => ({ start: '22:00', end: '07:00', time_zone })
const at = (iso: string) => new Date(iso)

describe('quiet hours', () => {
  it('holds a notice raised at night until the morning, in the traveller’s time zone', () => {
    // 23:30 in London (GMT in January) → 07:00 the next day.
    expect(quietUntil(at('2027-01-14T23:30:00Z'), night('Europe/London'))?.toISOString()).toBe('2027-01-15T07:00:00.000Z')
    // 03:10 in New York (EST, UTC−5) → 07:00 the same day = 12:00 UTC.
    expect(quietUntil(at('2027-01-15T08:10:00Z'), night('America/New_York'))?.toISOString()).toBe('2027-01-15T12:00:00.000Z')
    // 23:00 in Tokyo (UTC+9) = 14:00 UTC → 07:00 Tokyo = 22:00 UTC.
    expect(quietUntil(at('2027-01-15T14:00:00Z'), night('Asia/Tokyo'))?.toISOString()).toBe('2027-01-15T22:00:00.000Z')
  })

  it('sends at once outside the window, and at its end exactly', () => {
    expect(quietUntil(at('2027-01-15T12:00:00Z'), night('Europe/London'))).toBeNull()
    expect(quietUntil(at('2027-01-15T07:00:00Z'), night('Europe/London'))).toBeNull()
    expect(quietUntil(at('2027-01-15T21:59:00Z'), night('Europe/London'))).toBeNull()
    expect(quietUntil(at('2027-01-15T22:00:00Z'), night('Europe/London'))?.toISOString()).toBe('2027-01-16T07:00:00.000Z')
    expect(quietUntil(at('2027-01-15T12:00:00Z'), null)).toBeNull()
  })

  it('takes a window that does not wrap midnight', () => {
    const lunch = { start: '12:00', end: '14:00', time_zone: 'Europe/Paris' }
    expect(quietUntil(at('2027-01-15T11:30:00Z'), lunch)?.toISOString()).toBe('2027-01-15T13:00:00.000Z')
    expect(quietUntil(at('2027-01-15T13:00:00Z'), lunch)).toBeNull()
  })

  it('keeps to the local clock across daylight-saving changes', () => {
    // London springs forward on 2027-03-28: 07:00 BST is 06:00 UTC.
    expect(quietUntil(at('2027-03-27T23:30:00Z'), night('Europe/London'))?.toISOString()).toBe('2027-03-28T06:00:00.000Z')
    // New York falls back on 2027-11-07: 07:00 EST is 12:00 UTC.
    expect(quietUntil(at('2027-11-07T05:30:00Z'), night('America/New_York'))?.toISOString()).toBe('2027-11-07T12:00:00.000Z')
  })

  it('always releases later than now, and within a day, at the window’s end on the local clock', () => {
    const zones = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Australia/Adelaide', 'Pacific/Auckland', 'America/Sao_Paulo', 'UTC']
    const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.constantFrom(...zones),
        hhmm,
        hhmm,
        (ms, zone, start, end) => {
          fc.pre(start !== end)
          const now = new Date(ms)
          const release = quietUntil(now, { start, end, time_zone: zone })
          if (release === null) return
          expect(release.getTime()).toBeGreaterThan(now.getTime())
          expect(release.getTime() - now.getTime()).toBeLessThanOrEqual(25 * 3_600_000)
          const local = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(release)
          // The window's end, or just after it when a DST jump skipped that minute.
          const [h, m] = local.split(':').map(Number) as [number, number]
          const minutes = h * 60 + m
          const endMinutes = Number(end.slice(0, 2)) * 60 + Number(end.slice(3))
          expect((minutes - endMinutes + 1440) % 1440).toBeLessThanOrEqual(60)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('validates with clear messages, and refuses what is not a time zone', () => {
    const errors = (input: unknown) => {
      const result = quietHoursSchema.safeParse(input)
      return result.success ? [] : result.error.issues.map((issue) => issue.message)
    }
    expect(errors(night('Europe/London'))).toEqual([])
    expect(errors({ start: '24:00', end: '07:00', time_zone: 'UTC' })).toEqual([QUIET_HOURS_MESSAGES.time])
    expect(errors({ start: '07:00', end: '07:00', time_zone: 'UTC' })).toEqual([QUIET_HOURS_MESSAGES.same])
    for (const zone of ['Mars/Olympus', '../../etc/passwd', 'Europe/London\u0000', 'x'.repeat(200), '']) {
      expect(errors({ start: '22:00', end: '07:00', time_zone: zone })).toEqual([QUIET_HOURS_MESSAGES.timeZone])
    }
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true)
  })

  it('says the window in plain words', () => {
    expect(quietHoursText(night('America/New_York'))).toBe('Notices wait from 22:00 to 07:00 (America/New York)')
  })
})
