// Options of scripts/bench-forecast.ts, from the environment or --name=value: ROUTES (busy routes,
// as many of each haul; default 90), DAYS (days forecasts are asked on; default 60), WINDOWS
// (watched trips per route; default 3), and the flags --write (write the learned model and the gate
// into src/server/forecast) and --check (fail when they differ from this run's).

export interface ForecastBenchOptions {
  routes: number
  days: number
  windows: number
  write: boolean
  check: boolean
}

export const DEFAULTS = { routes: 90, days: 60, windows: 3 } as const

/** The world that teaches the model (FareDrop's history) and the one it is scored on: other seeds, other months. */
export const LEARN_WORLD = { seed: 20260504, start: new Date('2026-05-04T00:00:00Z') }
export const SCORE_WORLD = { seed: 20260907, start: new Date('2026-09-07T00:00:00Z') }
export const WARMUP_DAYS = 7

export function readForecastBenchOptions(argv: readonly string[], env: NodeJS.ProcessEnv): ForecastBenchOptions {
  const flags = new Map<string, string | undefined>(
    argv.filter((a) => a.startsWith('--')).map((a) => {
      const [name, value] = a.slice(2).split('=')
      return [name!, value]
    }),
  )
  const number = (name: string, fallback: number, min: number, max: number) => {
    const raw = flags.get(name.toLowerCase()) ?? env[name]
    if (raw === undefined || raw === '') return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`)
    return value
  }
  return {
    routes: number('ROUTES', DEFAULTS.routes, 3, 300),
    days: number('DAYS', DEFAULTS.days, 7, 120),
    windows: number('WINDOWS', DEFAULTS.windows, 1, 6),
    write: flags.has('write'),
    check: flags.has('check'),
  }
}

export const isDefault = (o: ForecastBenchOptions) => o.routes === DEFAULTS.routes && o.days === DEFAULTS.days && o.windows === DEFAULTS.windows
