import { describe, expect, it } from 'vitest'
import { emptyForecastModel } from '#server/forecast/forecast-model.ts'
import { askForecasts } from './forecasts.ts'
import { replayRoute } from './replay.ts'
import { score } from '#server/forecast/forecast-score.ts'
import { drawWorld, stepTime, STEPS_PER_DAY } from './world.ts'

/** The forecast benchmark's replay on a tiny world: seeded, observing as FareDrop does, asking only where it can score. */

const options = { seed: 7, start: new Date('2026-09-07T00:00:00Z'), routes: 3, days: 7, warmupDays: 7, windows: 2 }

describe('bench:forecast world', () => {
  it('is the same world for the same seed, and another for another', () => {
    expect(JSON.stringify(drawWorld(options))).toBe(JSON.stringify(drawWorld(options)))
    expect(JSON.stringify(drawWorld({ ...options, seed: 8 }))).not.toBe(JSON.stringify(drawWorld(options)))
  })

  it('observes trips only before they leave, asks at an alert check once a day in the forecast days, one haul per route', () => {
    const world = drawWorld(options)
    expect(world.routes.map((r) => r.haul)).toEqual(['short-haul', 'medium-haul', 'long-haul'])
    for (const route of world.routes) {
      expect(route.trips).toHaveLength(2 * 7)
      for (const trip of route.trips) {
        const departs = Date.parse(`${trip.departureDate}T00:00:00Z`)
        for (const { step } of trip.observed) expect(stepTime(options, step).getTime()).toBeLessThan(departs)
        if (!trip.watched) expect(trip.asked).toEqual([])
        const days = trip.asked.map((step) => Math.floor(step / STEPS_PER_DAY))
        expect(new Set(days).size).toBe(days.length)
        for (const [i, step] of trip.asked.entries()) {
          expect(days[i]).toBeGreaterThanOrEqual(options.warmupDays)
          expect(days[i]).toBeLessThan(options.warmupDays + options.days)
          expect(trip.observed).toContainEqual({ step, source: 'check' })
        }
      }
    }
  })

  it('asks with the price just observed and scores every answerable forecast', async () => {
    const world = drawWorld({ ...options, routes: 1 })
    const route = world.routes[0]!
    const truth = await replayRoute(world, route)
    expect(truth.every((prices) => prices.length === world.steps)).toBe(true)
    const asked = askForecasts(world, route, truth, emptyForecastModel())
    expect(asked.length).toBe(route.trips.reduce((sum, t) => sum + t.asked.filter((s) => truth[route.trips.indexOf(t)]![s] != null).length, 0))
    for (const f of asked) expect(f.forecast?.signal).toBe('none')
    const s = score(asked, 0.14)
    // An empty model always says "no clear signal": exactly the baseline.
    expect(s.accuracy).toBe(s.baseline)
    expect(s.happened.rise + s.happened.drop + s.happened.none).toBe(s.predictions)
  })
})
