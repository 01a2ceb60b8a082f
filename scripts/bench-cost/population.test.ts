import { describe, expect, it } from 'vitest'
import { checksPerDay, REASONABLE_USE_CHECKS_PER_DAY } from '#shared/alerts/reasonable-use.ts'
import { checkFrequencyMinutes } from '#shared/alerts/alert-rules.ts'
import { random } from '../bench-engine/population.ts'
import { ADVISOR_ALERTS, ADVISOR_FREQUENCY_MIX, advisorFrequencies, userFrequencies } from './population.ts'

describe('userFrequencies', () => {
  it('gives every user on a fixed plan the plan\'s cap at its frequency', () => {
    const rand = random(1)
    expect(userFrequencies('free', rand)).toEqual(['15d', '15d', '15d'])
    expect(userFrequencies('premium', rand)).toEqual(Array(15).fill('12h'))
    expect(userFrequencies('elite', rand)).toEqual(Array(30).fill('12h'))
  })
})

describe('advisorFrequencies', () => {
  it('shares add up to one and every frequency is one Unlimited may choose', () => {
    expect(ADVISOR_FREQUENCY_MIX.reduce((s, f) => s + f.share, 0)).toBeCloseTo(1)
    for (const { frequency } of ADVISOR_FREQUENCY_MIX) expect(checkFrequencyMinutes(frequency)).not.toBeNull()
  })

  it('keeps every advisor within reasonable use and the book size', () => {
    const rand = random(7)
    const books = Array.from({ length: 500 }, () => advisorFrequencies(rand))
    for (const book of books) {
      expect(book.reduce((s, f) => s + checksPerDay(f), 0)).toBeLessThanOrEqual(REASONABLE_USE_CHECKS_PER_DAY)
      expect(book.length).toBeLessThanOrEqual(ADVISOR_ALERTS.max)
      expect(book.length).toBeGreaterThan(0)
    }
    // The mix as documented: about 15 checks a day per alert on average, every frequency drawn.
    const all = books.flat()
    const mean = all.reduce((s, f) => s + checksPerDay(f), 0) / all.length
    expect(mean).toBeGreaterThan(13)
    expect(mean).toBeLessThan(17)
    expect(new Set(all)).toEqual(new Set(ADVISOR_FREQUENCY_MIX.map((f) => f.frequency)))
  })
})
