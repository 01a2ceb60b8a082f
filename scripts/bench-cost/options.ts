// Options of scripts/bench-cost.ts, from the environment or `--name=value` arguments (USERS_PER_TIER
// or --users-per-tier). Pure: tested by options.test.ts.
import { PLAN_IDS, type PlanId } from '#shared/plans.ts'

export interface CostOptions {
  /** Simulated users per tier (Unlimited: advisors). */
  users: Record<PlanId, number>
  /** Dollars per provider call (a search or a next step). */
  pricePerCall: number
  /** Length of the simulated period per tier, in days; figures are scaled to 30 days. */
  days: Record<PlanId, number>
  /** The tiers to run, in order. */
  tiers: PlanId[]
  /**
   * The simulated clock's step per tier, in minutes: the engine's check pass runs at every step (and
   * the clock jumps over stretches where nothing is due). Smaller is closer to the real worker's 5 s
   * poll and slower to run.
   */
  stepMinutes: Record<PlanId, number>
  /** Re-run each failing priced tier at the slower frequency that would meet the goal. */
  rerun: boolean
  /** Seed of the population and of the engine's jitter. */
  seed: number
}

export const DEFAULT_USERS: Record<PlanId, number> = { free: 300, premium: 60, elite: 30, unlimited: 2 }
export const DEFAULT_STEP_MINUTES: Record<PlanId, number> = { free: 60, premium: 20, elite: 20, unlimited: 3 }
/** A month, except Unlimited: its frequencies are all a day or less, so a week is scaled to 30 days (×30/7). */
export const DEFAULT_DAYS: Record<PlanId, number> = { free: 30, premium: 30, elite: 30, unlimited: 7 }
/** SerpApi's Developer plan, $75 for 5,000 searches (reference/flight-providers.md). */
export const DEFAULT_PRICE_PER_CALL = 0.015

/** "60" (every tier) or "free:500,premium:100" (the tiers named; the others keep `fallback`). */
export function perTier(value: string | undefined, fallback: Record<PlanId, number>, name: string): Record<PlanId, number> {
  const out = { ...fallback }
  if (value === undefined || value.trim() === '') return out
  const parts = value.split(',').map((p) => p.trim()).filter(Boolean)
  if (parts.length === 1 && !parts[0]!.includes(':')) {
    const n = positive(parts[0]!, name)
    for (const plan of PLAN_IDS) out[plan] = n
    return out
  }
  for (const part of parts) {
    const [plan, raw] = part.split(':').map((s) => s.trim()) as [string, string | undefined]
    if (!isPlan(plan) || raw === undefined) throw new Error(`${name}: expected "<number>" or "free:500,premium:100", not "${value}"`)
    out[plan] = positive(raw, name)
  }
  return out
}

function isPlan(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value)
}

function positive(raw: string, name: string): number {
  const n = Number(raw.replaceAll('_', ''))
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not "${raw}"`)
  return n
}

export function readCostOptions(argv: readonly string[], env: NodeJS.ProcessEnv): CostOptions {
  const args = new Map(argv.flatMap((a) => (a.startsWith('--') && a.includes('=') ? [[a.slice(2, a.indexOf('=')).toUpperCase().replaceAll('-', '_'), a.slice(a.indexOf('=') + 1)]] : [])))
  const get = (name: string) => args.get(name) ?? env[name]
  const users = perTier(get('USERS_PER_TIER'), DEFAULT_USERS, 'USERS_PER_TIER')
  for (const plan of PLAN_IDS) users[plan] = Math.round(users[plan])
  const tiers = (get('TIERS') ?? PLAN_IDS.join(',')).split(',').map((t) => t.trim()).filter(Boolean)
  const unknown = tiers.filter((t) => !isPlan(t))
  if (unknown.length > 0) throw new Error(`TIERS: unknown tier ${unknown.join(', ')} (free, premium, elite, unlimited)`)
  return {
    users,
    pricePerCall: positive(get('PRICE_PER_CALL') ?? String(DEFAULT_PRICE_PER_CALL), 'PRICE_PER_CALL'),
    days: perTier(get('DAYS'), DEFAULT_DAYS, 'DAYS'),
    tiers: tiers as PlanId[],
    stepMinutes: perTier(get('STEP_MINUTES'), DEFAULT_STEP_MINUTES, 'STEP_MINUTES'),
    rerun: (get('RERUN') ?? '1') !== '0',
    seed: positive(get('SEED') ?? '17', 'SEED'),
  }
}
