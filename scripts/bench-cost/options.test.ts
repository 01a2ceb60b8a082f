import { describe, expect, it } from 'vitest'
import { DEFAULT_DAYS, DEFAULT_STEP_MINUTES, DEFAULT_USERS, perTier, readCostOptions } from './options.ts'

describe('readCostOptions', () => {
  it('has the documented defaults', () => {
    const o = readCostOptions([], {})
    expect(o.users).toEqual(DEFAULT_USERS)
    expect(o.days).toEqual(DEFAULT_DAYS)
    expect(o.stepMinutes).toEqual(DEFAULT_STEP_MINUTES)
    expect(o.pricePerCall).toBe(0.015)
    expect(o.tiers).toEqual(['free', 'premium', 'elite', 'unlimited'])
    expect(o.rerun).toBe(true)
  })

  it('reads the environment, and arguments before it', () => {
    const o = readCostOptions(['--price-per-call=0.01', '--tiers=premium'], { PRICE_PER_CALL: '0.02', USERS_PER_TIER: '10', DAYS: 'unlimited:3', RERUN: '0' })
    expect(o.pricePerCall).toBe(0.01)
    expect(o.tiers).toEqual(['premium'])
    expect(o.users).toEqual({ free: 10, premium: 10, elite: 10, unlimited: 10 })
    expect(o.days).toEqual({ ...DEFAULT_DAYS, unlimited: 3 })
    expect(o.rerun).toBe(false)
  })

  it('refuses what it cannot read', () => {
    expect(() => readCostOptions([], { TIERS: 'gold' })).toThrow(/unknown tier gold/)
    expect(() => readCostOptions([], { PRICE_PER_CALL: '-1' })).toThrow(/PRICE_PER_CALL/)
    expect(() => perTier('premium=3', DEFAULT_USERS, 'USERS_PER_TIER')).toThrow(/USERS_PER_TIER/)
  })
})
