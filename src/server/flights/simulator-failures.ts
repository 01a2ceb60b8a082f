import { z } from 'zod'
import { airportCodesSchema } from '#shared/flights/search-params.ts'

/** PUT /api/admin/simulator/failures body: a mode for every search, or only for one route's. */
export const simulatorFailureSchema = z
  .object({
    mode: z.enum(['none', 'no-results', 'slow', 'error', 'rate-limited', 'missing-price']),
    delayMs: z.coerce.number().int().min(0).max(120_000).optional(),
    from: airportCodesSchema.optional(),
    to: airportCodesSchema.optional(),
  })
  .refine((input) => Boolean(input.from) === Boolean(input.to), { message: 'Give both from and to, or neither.', path: ['to'] })
