import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wallClock } from '../time-zone.ts'
import { DAILY_DIGEST_MESSAGES, dailyDigestSchema, dailyDigestText, nextDigestAt } from './daily-digest.ts'

const at = (iso: string) => new Date(iso)

describe('daily digest', () => {
  it('goes out at the next time the traveller’s clock shows its hour', () => {
    const london = { hour: 8, time_zone: 'Europe/London' }
    // 06:00 in London (GMT) → 08:00 the same day; 09:00 → 08:00 the next day.
    expect(nextDigestAt(at('2027-01-15T06:00:00Z'), london).toISOString()).toBe('2027-01-15T08:00:00.000Z')
    expect(nextDigestAt(at('2027-01-15T09:00:00Z'), london).toISOString()).toBe('2027-01-16T08:00:00.000Z')
    // 20:00 in Tokyo (UTC+9) = 11:00 UTC → 08:00 Tokyo the next day = 23:00 UTC that day.
    expect(nextDigestAt(at('2027-01-15T11:00:00Z'), { hour: 8, time_zone: 'Asia/Tokyo' }).toISOString()).toBe('2027-01-15T23:00:00.000Z')
  })

  it('waits for tomorrow’s digest when the event comes on the hour itself', () => {
    expect(nextDigestAt(at('2027-01-15T08:00:00Z'), { hour: 8, time_zone: 'UTC' }).toISOString()).toBe('2027-01-16T08:00:00.000Z')
  })

  it('keeps to the local clock across daylight-saving changes', () => {
    // London springs forward on 2027-03-28: 08:00 BST is 07:00 UTC.
    expect(nextDigestAt(at('2027-03-27T09:00:00Z'), { hour: 8, time_zone: 'Europe/London' }).toISOString()).toBe('2027-03-28T07:00:00.000Z')
    // New York skips 02:00 on 2027-03-14: that day's digest goes out just after the jump (03:00 EDT).
    expect(nextDigestAt(at('2027-03-13T12:00:00Z'), { hour: 2, time_zone: 'America/New_York' }).toISOString()).toBe('2027-03-14T07:00:00.000Z')
  })

  it('is always later than now, within a day and a hour, on the digest’s hour of the local clock', () => {
    const zones = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Australia/Adelaide', 'Pacific/Auckland', 'America/Sao_Paulo', 'UTC']
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(...zones),
        (ms, hour, time_zone) => {
          const now = new Date(ms)
          const due = nextDigestAt(now, { hour, time_zone })
          expect(due.getTime()).toBeGreaterThan(now.getTime())
          expect(due.getTime() - now.getTime()).toBeLessThanOrEqual(25 * 3_600_000)
          const local = wallClock(due, time_zone)
          // On the hour, or just after a skipped one (spring forward moves it by the jump).
          expect(local.minutes % 60).toBe(0)
          expect([hour, hour + 1]).toContain(local.minutes / 60)
        },
      ),
      { numRuns: 400 },
    )
  })

  it('gives one digest moment per local day: every event of a day waits for the same one', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 0, 1) }), fc.integer({ min: 1, max: 3_599_000 }), (ms, later) => {
        const digest = { hour: 8, time_zone: 'America/New_York' }
        const first = nextDigestAt(new Date(ms), digest)
        // Anything raised before that moment joins it.
        const other = Math.min(ms + later, first.getTime() - 1)
        expect(nextDigestAt(new Date(other), digest).getTime()).toBe(first.getTime())
      }),
      { numRuns: 300 },
    )
  })

  it('validates the hour and time zone with clear messages', () => {
    const problems = (value: unknown) => dailyDigestSchema.safeParse(value).error?.issues.map((issue) => issue.message)
    expect(dailyDigestSchema.parse({ hour: 7, time_zone: ' Europe/Paris ' })).toEqual({ hour: 7, time_zone: 'Europe/Paris' })
    expect(problems({ hour: 24, time_zone: 'UTC' })).toEqual([DAILY_DIGEST_MESSAGES.hour])
    expect(problems({ hour: 7.5, time_zone: 'UTC' })).toEqual([DAILY_DIGEST_MESSAGES.hour])
    expect(problems({ hour: '8', time_zone: 'UTC' })).toEqual([DAILY_DIGEST_MESSAGES.hour])
    expect(problems({ hour: 8, time_zone: 'Mars/Olympus' })).toEqual([DAILY_DIGEST_MESSAGES.timeZone])
    expect(problems({ hour: 8, time_zone: 'Europe/London\u0000' })).toEqual([DAILY_DIGEST_MESSAGES.timeZone])
    expect(problems({ hour: 8, time_zone: 'x'.repeat(10_000) })).toEqual([DAILY_DIGEST_MESSAGES.timeZone])
  })

  it('says itself in plain words', () => {
    expect(dailyDigestText({ hour: 8, time_zone: 'America/New_York' })).toBe('One digest a day at 08:00 (America/New York)')
  })
})
