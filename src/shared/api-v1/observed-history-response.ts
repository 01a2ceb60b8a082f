import { z } from 'zod'
import type { ApiResponse } from '../api-contract.ts'
import type { ObservedPrice } from '../flights/observed-history.ts'
import { matches } from './contract-match.ts'

/** A trip's price history as FareDrop saw it (decision 047) in the public API v1. */

const observedPriceSchema = matches<ObservedPrice>()(
  z
    .object({
      at: z.string().meta({ description: 'When FareDrop saw it (ISO 8601).' }),
      price: z.number().meta({ description: 'The cheapest whole trip for the party, in whole units of `currency`.' }),
    })
    .meta({ id: 'ObservedPrice' }),
)
const extreme = (description: string) => observedPriceSchema.nullable().meta({ description })

export const observedHistoryResponse = matches<ApiResponse<'GET /api/flights/observed-history'>>()(
  z
    .object({
      currency: z.string(),
      observations: z.number().int().meta({ description: 'How many times FareDrop’s unfiltered searches and price checks saw this trip’s fare (rows are kept 90 days).' }),
      points: z.array(observedPriceSchema).meta({ description: 'Oldest first, at most 500: every observation, or the lowest of each hour (or wider span) when there are more.' }),
      lowest: extreme('The cheapest fare seen, at the latest time it was seen; null without observations.'),
      highest: extreme('The dearest fare seen, at the latest time it was seen; null without observations.'),
      first: extreme('The first observation; null without observations.'),
      latest: extreme('The latest observation; null without observations.'),
    })
    .meta({ id: 'ObservedHistory' }),
)
