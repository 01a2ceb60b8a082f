import { z } from 'zod'
import { PREMIUM_REASONS, type PremiumReason } from '../alerts/alert-rules.ts'
import { ERROR_CODES, type ErrorBody } from '../errors.ts'
import { matches } from './contract-match.ts'

/**
 * The API's one error body (src/shared/errors.ts, written by src/server/http/error-handler.ts),
 * with the premium reasons a plan refusal carries, for the OpenAPI document (decision 045).
 */
export type ApiV1ErrorBody = { error: ErrorBody['error'] & { premiumReasons?: PremiumReason[] } }

export const errorResponse = matches<ApiV1ErrorBody>()(
  z
    .object({
      error: z.object({
        code: z.enum(ERROR_CODES).meta({ description: 'Few on purpose; the HTTP status carries the rest.' }),
        message: z.string().meta({ description: 'For people: safe to show as it is.' }),
        fieldErrors: z
          .record(z.string(), z.array(z.string()))
          .optional()
          .meta({ description: 'Per field (dotted path, such as `search_parameters.outbound_date`), the validation messages.' }),
        requestId: z.string().optional().meta({ description: 'Quote it to support: it is in the X-Request-Id header too.' }),
        reason: z.string().optional().meta({ description: 'The sign-in library’s own code, on its refusals only.' }),
        premiumReasons: z.array(z.enum(PREMIUM_REASONS)).optional().meta({ description: 'On 403 plan refusals: what the plan does not cover.' }),
      }),
    })
    .meta({ id: 'Error', description: 'Every error answers this shape, never a stack trace.' }),
)
