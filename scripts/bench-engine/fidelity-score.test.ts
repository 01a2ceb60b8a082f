import { describe, expect, it } from 'vitest'
import { longestPairRun, scoreFidelity, scoreWindows, windowCheapest, type WindowAlert, type WindowNotice } from './fidelity-score.ts'

/** A series of `length` samples at `high`, with `low` on [from, to]. */
const series = (length: number, high: number, dips: Array<[number, number, number]> = []) =>
  Array.from({ length }, (_, s) => dips.find(([from, to]) => s >= from && s <= to)?.[2] ?? high)

const windowAlert = (pairs: Record<string, Array<number | null>>, over: Partial<WindowAlert> = {}): WindowAlert => ({
  id: 'a',
  target: 100,
  channels: ['email'],
  pairs: new Map(Object.entries(pairs)),
  sweepChecks: 3,
  intervalSamples: 13,
  ...over,
})

const notice = (step: number, pair: string, price: number, channel = 'email'): WindowNotice => ({ alertId: 'a', channel, price, step, pair })

describe('flexible-date scoring (fidelity-score.ts scoreWindows)', () => {
  it('takes the window’s cheapest per sample, and the longest stretch one pair stays under target', () => {
    const pairs = new Map([
      ['d1|', [120, 90, 90, null]],
      ['d2|', [110, 130, 80, 95]],
    ])
    expect(windowCheapest(pairs)).toEqual([110, 90, 80, 95])
    // d1 is under for samples 1–2; d2 for 2–3: two samples each, though the window is under for 3.
    expect(longestPairRun(pairs, 100, 0, 3)).toBe(2)
    expect(longestPairRun(pairs, 100, 2, 3)).toBe(2)
  })

  it('qualifies an episode only when one pair stays under target for a whole sweep (N checks × I samples)', () => {
    const length = 120
    // One pair under target for exactly 3 × 13 = 39 samples: the sweep must have searched it.
    const long = windowAlert({ 'd1|': series(length, 150, [[10, 48, 90]]), 'd2|': series(length, 140) })
    // The same dip, one sample shorter: a sweep of 3 checks may have passed it by.
    const short = windowAlert({ 'd1|': series(length, 150, [[10, 47, 90]]), 'd2|': series(length, 140) })
    expect(scoreWindows([long], [], new Map())).toMatchObject({ episodes: 1, qualifying: 1, notifiedQualifying: 0, missed: [{ alertId: 'a', from: 10, to: 48 }] })
    expect(scoreWindows([short], [], new Map())).toMatchObject({ episodes: 1, qualifying: 0, shortEpisodes: 1, shortNotified: 0, missed: [] })
  })

  it('does not qualify a window kept under target by pairs taking turns, each for less than a sweep', () => {
    const length = 120
    const alert = windowAlert({
      'd1|': series(length, 150, [[0, 29, 90], [60, 89, 90]]),
      'd2|': series(length, 150, [[30, 59, 90]]),
    })
    const score = scoreWindows([alert], [], new Map())
    // The window is under target for 90 samples, but no pair for 39 in a row.
    expect(score).toMatchObject({ episodes: 1, qualifying: 0, shortEpisodes: 1 })
  })

  it('counts a qualifying episode notified by a notice on every channel inside it, naming any pair', () => {
    const alert = windowAlert({ 'd1|': series(100, 150, [[10, 60, 90]]), 'd2|': series(100, 150, [[20, 30, 95]]) }, { channels: ['email', 'whatsapp'] })
    const told = [notice(25, 'd2|', 95), notice(25, 'd2|', 95, 'whatsapp')]
    expect(scoreWindows([alert], told, new Map())).toMatchObject({ qualifying: 1, notifiedQualifying: 1, falseNotices: 0, priceMismatches: 0, notCheapest: 2 })
    // One channel alone does not tell the alert's owner on every channel they chose.
    expect(scoreWindows([alert], told.slice(0, 1), new Map())).toMatchObject({ qualifying: 1, notifiedQualifying: 0 })
  })

  it('judges a notice by the pair it names: false above target or unsold, mismatched when the price is not that pair’s', () => {
    const alert = windowAlert({ 'd1|': series(40, 150, [[5, 10, 90]]), 'd2|': [...series(39, 95), null] })
    const score = scoreWindows(
      [alert],
      [
        notice(6, 'd1|', 90), // right
        notice(20, 'd1|', 95), // d1 is 150 then: false, and not its price
        notice(21, 'd2|', 94), // d2 is 95: under target, but not the price it named
        notice(39, 'd2|', 95), // d2 sold nothing then
        notice(30, 'd9|', 95), // a pair the window does not hold
      ],
      new Map([['a', [{ step: 15, price: 150 }, { step: 25, price: 150 }, { step: 35, price: 150 }]]]),
    )
    expect(score).toMatchObject({ notices: 5, falseNotices: 3, priceMismatches: 4 })
  })

  it('applies the duplicate rule of the fixed-date alerts to the alert’s recorded prices', () => {
    const alert = windowAlert({ 'd1|': series(60, 90), 'd2|': series(60, 150) })
    const notices = [notice(0, 'd1|', 90), notice(13, 'd1|', 90), notice(26, 'd1|', 90)]
    // Re-armed between the first two (a check recorded 150), not between the last two.
    const records = new Map([['a', [{ step: 0, price: 90 }, { step: 6, price: 150 }, { step: 13, price: 90 }, { step: 20, price: 95 }, { step: 26, price: 90 }]]])
    expect(scoreWindows([alert], notices, records).duplicates).toBe(1)
  })
})

describe('fixed-date scoring, unchanged (fidelity-score.ts scoreFidelity)', () => {
  it('scores a bag-inclusive alert’s truth as given: unknown (unpublished fee) samples make any notice false', () => {
    const truth = [...series(20, 90), ...series(20, null as unknown as number)]
    const score = scoreFidelity([{ id: 'a', target: 100, channels: ['email'], truth }], [{ alertId: 'a', channel: 'email', price: 90, step: 5 }, { alertId: 'a', channel: 'email', price: 80, step: 25 }], new Map())
    expect(score).toMatchObject({ qualifying: 1, notifiedQualifying: 1, falseNotices: 1, priceMismatches: 1 })
  })
})
