import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DAYS_BANDS, daysBand, HAUL_KINDS, haulKind } from './forecast-kind.ts'
import { beatsBaseline, FORECAST_GATE, forecastGate } from './forecast-gate.ts'

describe('the forecast gate', () => {
  it('holds one measured row per haul and days band, shown exactly where it beats "always no clear signal"', () => {
    expect(FORECAST_GATE.map((r) => `${r.haul}|${r.days}`)).toEqual(HAUL_KINDS.flatMap((h) => DAYS_BANDS.map((d) => `${h}|${d}`)))
    for (const row of FORECAST_GATE) {
      expect(row.shown).toBe(beatsBaseline(row))
      for (const share of [row.accuracy, row.baseline, row.kayak, row.kayakBaseline]) expect(share).toBeGreaterThanOrEqual(0)
    }
    expect(forecastGate('long-haul', '61+ days')).toBe(FORECAST_GATE.find((r) => r.haul === 'long-haul' && r.days === '61+ days'))
  })

  it('needs 100 forecasts and 2 points over the baseline', () => {
    expect(beatsBaseline({ predictions: 100, accuracy: 0.42, baseline: 0.4 })).toBe(true)
    expect(beatsBaseline({ predictions: 100, accuracy: 0.419, baseline: 0.4 })).toBe(false)
    expect(beatsBaseline({ predictions: 99, accuracy: 0.9, baseline: 0.1 })).toBe(false)
  })

  it('sorts trips into hauls and days bands at their edges', () => {
    expect([haulKind(1_499), haulKind(1_500), haulKind(3_999), haulKind(4_000)]).toEqual(['short-haul', 'medium-haul', 'medium-haul', 'long-haul'])
    expect([daysBand(0), daysBand(7), daysBand(8), daysBand(21), daysBand(22), daysBand(60), daysBand(61)]).toEqual([
      '0-7 days',
      '0-7 days',
      '8-21 days',
      '8-21 days',
      '22-60 days',
      '22-60 days',
      '61+ days',
    ])
  })
})

describe('the forecast folder', () => {
  it('never reads the simulated market, the database or the network: it learns from observed prices only (shared code is pure)', () => {
    const dir = import.meta.dirname
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
      const text = readFileSync(path.join(dir, name), 'utf8')
      const imports = [...text.matchAll(/from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!)
      for (const spec of imports) expect(spec, `${name} imports ${spec}`).toMatch(/^(\.\/[a-z-]+|#shared\/[a-z/-]+)\.ts$/)
    }
  })

  it('keeps its database side in live/ (the daily re-count and its stored row), which reads no provider or simulated market either', () => {
    const dir = path.join(import.meta.dirname, 'live')
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
      const text = readFileSync(path.join(dir, name), 'utf8')
      for (const [, spec] of text.matchAll(/from\s+['"]([^'"]+)['"]/g)) expect(spec, `live/${name} imports ${spec}`).not.toMatch(/flights|simulat|provider/)
    }
  })
})
