import { z } from 'zod'
import { observedHistoryQuerySchema } from './observed-history.ts'

/**
 * GET /api/flights/forecast (issue 17, decision 052): the buy-or-wait forecast of one trip, from
 * FareDrop's own observations of it and of its route's neighbouring dates. Asked with the same
 * query as the trip's observed price history, so the chart and the forecast name one trip alike.
 */

export const fareForecastQuerySchema = observedHistoryQuerySchema
export type FareForecastQuery = z.infer<typeof fareForecastQuerySchema>

export const FORECAST_SIGNALS = ['rise', 'drop', 'none'] as const
export type ForecastSignalName = (typeof FORECAST_SIGNALS)[number]

/** The words the UI shows for each signal. */
export const FORECAST_WORDS: Readonly<Record<ForecastSignalName, string>> = {
  rise: 'Likely to rise',
  drop: 'Likely to drop',
  none: 'No clear signal',
}

/** Where a forecast's accuracy was measured: the simulated market's replay, or FareDrop's own live observations. */
export const ACCURACY_SOURCES = ['replay', 'live'] as const
export type AccuracySource = (typeof ACCURACY_SOURCES)[number]

export const fareForecastSchema = z.object({
  signal: z.enum(FORECAST_SIGNALS).meta({ description: 'Over the next 7 days: rise (buy now), drop (wait, with an alert) or none (no clear signal).' }),
  confidence: z.number().min(0).max(1).meta({ description: 'How often this outcome followed in the model’s counts (0 when too few prices were seen to say anything).' }),
  horizon_days: z.literal(7),
  shown: z.boolean().meta({ description: 'Whether to show it: only on kinds of trip (haul × days to departure) where the measured accuracy beats always saying “no clear signal”, and only once enough of the trip’s (or its neighbouring dates’) prices were seen to say anything.' }),
  accuracy: z.number().min(0).max(1).nullable().meta({ description: 'The measured 3-way accuracy on this kind of trip (see `accuracy_source`); null when never measured (a trip already departed, or a live provider before its first live measurement of this kind of trip).' }),
  reason: z.string().meta({ description: 'Short words for the UI, e.g. “Likely to rise: below its recent prices”.' }),
  accuracy_source: z
    .enum(ACCURACY_SOURCES)
    .nullable()
    .optional()
    .meta({
      description:
        'Where `accuracy` was measured: `replay` (FareDrop’s replay of the simulated market’s past prices), `live` (a hold-out of the fares FareDrop itself observed on this provider, re-measured daily); null with `accuracy`. Absent from older servers: read as `replay`.',
    }),
})
export type FareForecast = z.infer<typeof fareForecastSchema>
