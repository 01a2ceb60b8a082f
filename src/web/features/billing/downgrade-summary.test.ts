import { describe, expect, it } from 'vitest'
import { getPlan } from '#shared/plans.ts'
import { makeQuota } from '../alerts/test-fixtures.tsx'
import { downgradeSummary } from './downgrade-summary.ts'

describe('downgradeSummary', () => {
  it('counts the alerts Free pauses, the channels it lacks and the slower checks', () => {
    expect(downgradeSummary({ from: getPlan('elite'), endsOn: 'Dec 25, 2026', quota: makeQuota({ used: 5, active: 5 }) })).toBe(
      'On Dec 25, 2026 your plan returns to Free: 2 of your 5 alerts will be paused (the newest; nothing is deleted), WhatsApp, SMS and push notices switch off, and checks slow to every 15 days.',
    )
  })

  it('counts only running alerts when some are paused already', () => {
    expect(downgradeSummary({ from: getPlan('premium'), endsOn: 'Jan 3, 2027', quota: makeQuota({ used: 6, active: 4 }) })).toBe(
      'On Jan 3, 2027 your plan returns to Free: 1 of your 4 running alerts will be paused (the newest; nothing is deleted), WhatsApp notices switch off, and checks slow to every 15 days.',
    )
  })

  it('says alerts under the cap keep running, and falls back to the rule without a quota', () => {
    expect(downgradeSummary({ from: getPlan('premium'), endsOn: null, quota: makeQuota({ used: 2, active: 2 }) })).toBe(
      'At the end of your billing period your plan returns to Free: your 2 alerts keep running, WhatsApp notices switch off, and checks slow to every 15 days.',
    )
    expect(downgradeSummary({ from: getPlan('premium'), endsOn: 'Dec 25, 2026', quota: null })).toBe(
      'On Dec 25, 2026 your plan returns to Free: alerts over the Free limit of 3 will be paused (the newest; nothing is deleted), WhatsApp notices switch off, and checks slow to every 15 days.',
    )
    expect(downgradeSummary({ from: getPlan('premium'), endsOn: 'Dec 25, 2026', quota: makeQuota({ used: 0, active: 0 }) })).toBe(
      'On Dec 25, 2026 your plan returns to Free: WhatsApp notices switch off and checks slow to every 15 days.',
    )
  })
})
