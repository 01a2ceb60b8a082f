import { describe, expect, it } from 'vitest'
import { accountChecksPerDay, checksPerDay, frequencyCostText, REASONABLE_USE_CHECKS_PER_DAY, REASONABLE_USE_MESSAGE } from './reasonable-use.ts'

describe('reasonable use', () => {
  it('counts the price checks a day each frequency makes', () => {
    expect(checksPerDay('15m')).toBe(96)
    expect(checksPerDay('1h')).toBe(24)
    expect(checksPerDay('12h')).toBe(2)
    expect(checksPerDay('15d')).toBeCloseTo(1 / 15)
    expect(checksPerDay('not-a-frequency')).toBe(0)
  })

  it('adds up only the alerts the engine checks', () => {
    const alerts = [
      { status: 'active', check_frequency: '15m' },
      { status: 'triggered', check_frequency: '1h' },
      { status: 'at_risk', check_frequency: '12h' },
      { status: 'paused', check_frequency: '15m' },
      { status: 'expired', check_frequency: '15m' },
    ] as const
    expect(accountChecksPerDay(alerts)).toBe(96 + 24 + 2)
  })

  it('shows what a frequency costs in checks and flight data', () => {
    expect(frequencyCostText('15m')).toBe('96 checks a day · about $29 a month in flight data')
    expect(frequencyCostText('12h')).toBe('2 checks a day · about $0.60 a month in flight data')
    expect(frequencyCostText('15d')).toBe('0.1 checks a day · about $0.02 a month in flight data')
  })

  it('says the total, the allowance and what to do when the cap is passed', () => {
    expect(REASONABLE_USE_CHECKS_PER_DAY).toBe(2_400)
    expect(REASONABLE_USE_MESSAGE(2_496)).toBe(
      'That would take your alerts to 2,496 price checks a day; reasonable use allows up to 2,400. Choose a slower frequency or pause an alert you no longer need.',
    )
  })
})
