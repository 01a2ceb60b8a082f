import { describe, expect, it } from 'vitest'
import type { CallRecord } from './call-log.ts'
import { cacheLevers, frequencyForGoal, GOAL_SHARE, tierFigures } from './report.ts'

const HOUR = 3_600_000
const call = (at: number, key = 'k', fresh = false, routeKey = 'r'): CallRecord => ({ at, kind: 'search', key, routeKey, fresh })

describe('tierFigures', () => {
  it('scales calls and checks to 30 days per user and prices them', () => {
    // 10 Premium users, 15 days, 3,000 calls and 4,000 checks: 600 calls and 800 checks a user a month.
    const calls = Array.from({ length: 3_000 }, (_, i) => call(i))
    const f = tierFigures({ plan: 'premium', users: 10, days: 15, checks: 4_000, calls }, 0.015)
    expect(f.callsPerUser).toBeCloseTo(600)
    expect(f.naiveCallsPerUser).toBeCloseTo(800)
    expect(f.costPerUser).toBeCloseTo(9)
    expect(f.naiveCostPerUser).toBeCloseTo(12)
    expect(f.price).toBe(3.99)
    expect(f.share).toBeCloseTo(9 / 3.99)
    expect(f.pass).toBe(false)
    // 15 % of $3.99 at $0.015 a call: 39.9 calls.
    expect(f.allowedCallsPerUser).toBeCloseTo(39.9)
    expect(f.priceForGoal).toBeCloseTo(60)
  })

  it('passes at exactly 15 % of the price', () => {
    // Elite $7.99: 79.9 calls a month at $0.015 is 15 %; 10 users over 30 days → 799 calls.
    const calls = Array.from({ length: 799 }, (_, i) => call(i))
    const f = tierFigures({ plan: 'elite', users: 10, days: 30, checks: 799, calls }, 0.015)
    expect(f.share).toBeCloseTo(GOAL_SHARE)
    expect(f.pass).toBe(true)
  })

  it('has no share or verdict without a list price (Free: $0, Unlimited: contract)', () => {
    const free = tierFigures({ plan: 'free', users: 2, days: 30, checks: 12, calls: [call(0)] }, 0.015)
    expect(free.share).toBeNull()
    expect(free.pass).toBeNull()
    expect(free.allowedCallsPerUser).toBeNull()
    const unlimited = tierFigures({ plan: 'unlimited', users: 1, days: 7, checks: 700, calls: Array.from({ length: 700 }, (_, i) => call(i)) }, 0.01)
    expect(unlimited.price).toBeNull()
    expect(unlimited.callsPerUser).toBeCloseTo(3_000)
    expect(unlimited.priceForGoal).toBeCloseTo(200)
  })

  it('counts re-checks and next steps among the calls', () => {
    const calls = [call(0), call(1, 'k', true), { ...call(2), kind: 'next' as const }]
    const f = tierFigures({ plan: 'premium', users: 1, days: 30, checks: 2, calls }, 0.015)
    expect(f.freshCalls).toBe(1)
    expect(f.nextCalls).toBe(1)
    expect(f.callsPerUser).toBe(3)
  })
})

describe('cacheLevers', () => {
  it('removes the calls a store of N hours serves and prices the rest', () => {
    // One user, 30 days: the same search at 0, 2 h and 13 h; another search with the same route and dates at 3 h.
    const calls = [call(0), call(2 * HOUR), call(3 * HOUR, 'other'), call(13 * HOUR)]
    const levers = cacheLevers({ plan: 'premium', users: 1, days: 30, calls }, 0.015, [1, 12])
    const get = (w: number, by: 'search' | 'route') => levers.find((l) => l.windowHours === w && l.by === by)!
    expect(get(1, 'search').repeats).toBe(0)
    // 12 h: 2 h is served by the answer of 0 h; 13 h is 13 h after that answer (2 h served, not asked): a call.
    expect(get(12, 'search').repeats).toBe(1)
    expect(get(12, 'search').callsPerUser).toBe(3)
    // By route and dates the 3 h call is served too.
    expect(get(12, 'route').repeats).toBe(2)
    expect(get(12, 'route').share).toBeCloseTo(0.5)
    expect(get(12, 'route').costPerUser).toBeCloseTo(0.03)
    expect(get(12, 'route').pass).toBe(true)
  })

  it('sorts the log by time first', () => {
    const levers = cacheLevers({ plan: 'premium', users: 1, days: 30, calls: [call(HOUR / 2), call(0)] }, 0.015, [1])
    expect(levers[0]!.repeats).toBe(1)
  })
})

describe('frequencyForGoal', () => {
  it('stretches the interval by calls ÷ allowance, in whole hours or from 2 days whole days', () => {
    expect(frequencyForGoal(12, 900, 39.9)).toBe('12d') // 270.7 h → 11.3 days → 12d
    expect(frequencyForGoal(12, 60, 40)).toBe('18h')
    expect(frequencyForGoal(12, 40, 40)).toBe('12h')
    expect(frequencyForGoal(12, 80, 40)).toBe('24h')
    expect(frequencyForGoal(12, 100_000, 1)).toBe('30d')
  })
})
