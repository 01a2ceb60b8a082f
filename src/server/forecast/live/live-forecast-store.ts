/**
 * The stored live forecast (decision 052, addendum of 2026-11-28): one `live_forecast_models` row
 * per flight provider, written by the worker's daily task and read by GET /api/flights/forecast.
 * The database side of the forecast folder: the files above it stay pure.
 */
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { liveForecastModels } from '../../db/schema.ts'
import { DAYS_BUCKETS, POSITION_BUCKETS } from '../forecast-features.ts'
import type { GateRow } from '../forecast-gate.ts'
import { DAYS_BANDS, HAUL_KINDS } from '../forecast-kind.ts'
import type { ForecastModel } from '../forecast-model.ts'
import type { LiveMeasurement } from '../live-forecast.ts'

/** A measurement older than this is not used: a stopped worker must not keep a gate alive. */
export const LIVE_FORECAST_MAX_AGE_MS = 7 * 86_400_000

const count = z.number().int().min(0)
const share = z.number().min(0).max(1)
// The counts must have today's bucket shape: a row counted with other buckets means nothing now.
const modelSchema = z.object({
  counts: z.array(z.array(z.tuple([count, count, count])).length(POSITION_BUCKETS.length)).length(DAYS_BUCKETS.length),
  dropDepth: share,
})
const gateRowSchema = z.object({
  haul: z.enum(HAUL_KINDS),
  days: z.enum(DAYS_BANDS),
  predictions: count,
  accuracy: share,
  baseline: share,
  bestConstant: share,
  kayak: share,
  kayakBaseline: share,
  shown: z.boolean(),
})

export interface LiveForecast {
  provider: string
  measuredAt: Date
  model: ForecastModel
  gate: GateRow[]
  scoredMoments: number
}

/** The provider's stored live forecast, or null when none, too old, or not of today's shape. */
export async function readLiveForecast(db: Db, provider: string, now: Date): Promise<LiveForecast | null> {
  const [row] = await db
    .select({ measuredAt: liveForecastModels.measuredAt, model: liveForecastModels.model, gate: liveForecastModels.gate, scoredMoments: liveForecastModels.scoredMoments })
    .from(liveForecastModels)
    .where(eq(liveForecastModels.provider, provider))
  if (!row || now.getTime() - row.measuredAt.getTime() > LIVE_FORECAST_MAX_AGE_MS) return null
  const model = modelSchema.safeParse(row.model)
  const gate = z.array(gateRowSchema).safeParse(row.gate)
  if (!model.success || !gate.success) return null
  return { provider, measuredAt: row.measuredAt, model: model.data, gate: gate.data, scoredMoments: row.scoredMoments }
}

export interface LiveForecastRecord extends LiveMeasurement {
  provider: string
  measuredAt: Date
  holdoutDays: number
  observationsRead: number
  truncated: boolean
}

/** Replaces the provider's stored live forecast. */
export async function saveLiveForecast(db: Db, record: LiveForecastRecord): Promise<void> {
  const values = {
    measuredAt: record.measuredAt,
    model: record.model,
    gate: record.gate,
    holdoutDays: record.holdoutDays,
    observationsRead: record.observationsRead,
    truncated: record.truncated,
    learnedMoments: record.learnedMoments,
    holdoutLearnedMoments: record.holdoutLearnedMoments,
    scoredMoments: record.scoredMoments,
  }
  await db
    .insert(liveForecastModels)
    .values({ provider: record.provider, ...values })
    .onConflictDoUpdate({ target: liveForecastModels.provider, set: values })
}
