import { describe, expect, it } from 'vitest'
import { formatDuration, formatPrice, formatRoute, formatShortDate } from './format.ts'

describe('formatDuration', () => {
  it('shows minutes under an hour as Nm', () => {
    expect(formatDuration(0)).toBe('0m')
    expect(formatDuration(45)).toBe('45m')
    expect(formatDuration(59)).toBe('59m')
  })

  it('shows whole hours as Hh and the rest as Hh Mm', () => {
    expect(formatDuration(60)).toBe('1h')
    expect(formatDuration(120)).toBe('2h')
    expect(formatDuration(135)).toBe('2h 15m')
    expect(formatDuration(61)).toBe('1h 1m')
    expect(formatDuration(1505)).toBe('25h 5m')
  })
})

describe('formatRoute', () => {
  it('joins airports with an arrow, or names a multi-city route', () => {
    expect(formatRoute('JFK', 'LHR')).toBe('JFK → LHR')
    expect(formatRoute('JFK', 'LHR', { multiCity: true })).toBe('Multi-city route')
  })
})

describe('formatShortDate', () => {
  it('shows calendar dates as MMM d, whatever the time zone', () => {
    expect(formatShortDate('2026-03-05')).toBe('Mar 5')
    expect(formatShortDate('2026-12-31')).toBe('Dec 31')
    expect(formatShortDate(new Date(2026, 0, 9))).toBe('Jan 9')
  })
})

describe('formatPrice', () => {
  it('drops cents on whole amounts', () => {
    expect(formatPrice(36)).toBe('$36')
    expect(formatPrice(3.99)).toBe('$3.99')
    expect(formatPrice(0)).toBe('$0')
    expect(formatPrice(389, 'EUR')).toBe('€389')
  })
})
