// One world replayed end to end: drawn, its market replayed route by route, and the forecast asked
// each day (with the given model; without one, only the features and outcomes are kept, to learn from).
import type { ForecastModel } from '#server/forecast/forecast-model.ts'
import { askForecasts, type AskedForecast } from './forecasts.ts'
import { replayRoute } from './replay.ts'
import { drawWorld, type WorldOptions } from './world.ts'

export interface WorldRun {
  forecasts: AskedForecast[]
  routes: number
  trips: number
  observations: number
  shocks: number
  marketCalls: number
  seconds: number
}

export async function runWorld(options: WorldOptions, model: ForecastModel | null): Promise<WorldRun> {
  const started = performance.now()
  const world = drawWorld(options)
  const forecasts: AskedForecast[] = []
  for (const route of world.routes) forecasts.push(...askForecasts(world, route, await replayRoute(world, route), model))
  const trips = world.routes.flatMap((r) => r.trips)
  return {
    forecasts,
    routes: world.routes.length,
    trips: trips.length,
    observations: trips.reduce((sum, t) => sum + t.observed.length, 0),
    shocks: world.routes.reduce((sum, r) => sum + r.shocks.length, 0),
    marketCalls: world.routes.length * world.steps,
    seconds: (performance.now() - started) / 1000,
  }
}
