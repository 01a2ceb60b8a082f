import { z } from 'zod'
import { createDocument, type oas31, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi'
import { ALERT_MESSAGES } from '#shared/alerts/alert.ts'
import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX, API_TOKEN_REQUESTS_PER_MINUTE } from '#shared/api-tokens.ts'
import { errorResponse, type ApiV1ErrorBody } from '#shared/api-v1/error-response.ts'
import { flightSearchBusyMessage, SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency.ts'
import type { ApiV1Operation, OperationError } from './operation.ts'
import { API_V1_OPERATIONS, API_V1_TAGS } from './operations.ts'

export const SECURITY_SCHEME = 'apiToken'

const INTRO = `Run your clients' fare tracking from your own system: the same alerts, validation, quotas and ownership rules as the FareDrop app, one implementation behind both.

**Authentication.** Every call (except this document) carries a personal API token: \`Authorization: Bearer ${API_TOKEN_PREFIX}…\`. Create one on your profile (Profile → API tokens; Unlimited plan); it is shown once. A token may \`read\` (GET calls and the flight searches) or \`read\` and \`write\` (also create, change and delete alerts and clients, and import alerts). Cookies are ignored here.

**Rate limit.** ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute per token. Answers carry \`RateLimit-Limit\` and \`RateLimit-Remaining\`; beyond the limit the answer is 429 with \`Retry-After\` (seconds).

**Retrying a create.** Send \`${IDEMPOTENCY_KEY_HEADER}\` with POST /api/v1/alerts: a repeat answers the alert the first request made instead of making a second.

**Errors.** Every error answers \`{ "error": { "code", "message", "fieldErrors"?, "requestId" } }\` with a 4xx or 5xx status; \`message\` is written for people and \`fieldErrors\` holds the validation messages per field.`

const requestId = '5b0f3f4e-2c1a-4e8b-9d7a-0a6c1f2e3d4b'
const refusal = (code: ApiV1ErrorBody['error']['code'], message: string, extra: Partial<ApiV1ErrorBody['error']> = {}): ApiV1ErrorBody => ({
  error: { code, message, ...extra, requestId },
})

function errorAnswer(id: string, description: string, example: ApiV1ErrorBody, headers?: z.ZodObject): ZodOpenApiResponseObject {
  return { id, description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: errorResponse, example } } }
}

/** The error answers, each a component the operations refer to. */
function errorAnswers(bodyLimitBytes: number): Record<OperationError | 401 | 403 | 429, ZodOpenApiResponseObject> {
  return {
    400: errorAnswer(
      'ValidationFailed',
      'The request is not valid; `fieldErrors` names each field with its messages.',
      refusal('validation_failed', 'Some fields are invalid.', { fieldErrors: { 'search_parameters.arrival_id': ['Departure and arrival airports must be different'] } }),
    ),
    401: errorAnswer(
      'Unauthorized',
      'No API token, or one that is not valid: malformed, revoked, or its account disabled.',
      refusal('unauthorized', API_TOKEN_MESSAGES.missing),
      z.object({ 'WWW-Authenticate': z.literal('Bearer realm="FareDrop API v1"') }),
    ),
    403: errorAnswer(
      'Forbidden',
      'The token lacks the scope this call needs, its owner is no longer on Unlimited, or the plan does not cover what was asked (`premiumReasons`).',
      refusal('forbidden', API_TOKEN_MESSAGES.scope('write')),
    ),
    404: errorAnswer('NotFound', 'No such alert or client for the token’s owner (another account’s answers the same), or a flight result that has expired.', refusal('not_found', ALERT_MESSAGES.notFound)),
    409: errorAnswer('Conflict', 'The change conflicts with the object’s state: an alert that has expired or is disabled, a client email already used, nothing left to confirm (each operation says which).', refusal('conflict', ALERT_MESSAGES.notEditable)),
    413: errorAnswer(
      'PayloadTooLarge',
      `The body is larger than the API takes (${Math.round(bodyLimitBytes / 1024)} KB; the CSV import has its own, larger limit).`,
      refusal('payload_too_large', `Request body is larger than ${bodyLimitBytes} bytes.`),
    ),
    429: errorAnswer(
      'RateLimited',
      `More than ${API_TOKEN_REQUESTS_PER_MINUTE} requests in a minute with this token.`,
      refusal('rate_limited', `Too many requests with this API token: at most ${API_TOKEN_REQUESTS_PER_MINUTE} a minute. Try again in 23 seconds.`),
      z.object({ 'Retry-After': z.number().int().meta({ description: 'Seconds until the token may call again.', example: 23 }) }),
    ),
    502: errorAnswer('UpstreamFailed', 'The flight data provider failed or timed out; try again shortly.', refusal('upstream_failed', SEARCH_MESSAGES.failed)),
    503: errorAnswer(
      'SearchBusy',
      'Every traveller together has made the flight-provider calls FareDrop allows for this minute or day (`search_busy`); answers already cached are still served. Try again after `Retry-After`.',
      refusal('search_busy', flightSearchBusyMessage(23)),
      z.object({ 'Retry-After': z.number().int().meta({ description: 'Seconds until searches may call the provider again.', example: 23 }) }),
    ),
  }
}

const rateLimitHeaders = z.object({
  'RateLimit-Limit': z.number().int().meta({ description: 'Requests a minute this token may make.', example: API_TOKEN_REQUESTS_PER_MINUTE }),
  'RateLimit-Remaining': z.number().int().meta({ description: 'Requests left in the current minute.', example: 117 }),
})

/**
 * A request body's schema under its component name. zod-openapi names a schema by its `.meta({ id })`,
 * which makes a named copy; the copy is made once per schema, so operations sharing a body share
 * one component (and the app's schema itself stays as it is).
 */
const namedBodies = new WeakMap<z.ZodType, z.ZodType>()
function namedBody(schema: z.ZodType, name: string): z.ZodType {
  let named = namedBodies.get(schema)
  if (!named) namedBodies.set(schema, (named = schema.meta({ id: name })))
  return named
}

function toOperationObject(operation: ApiV1Operation, errors: ReturnType<typeof errorAnswers>): ZodOpenApiOperationObject {
  const { answer, body, scope } = operation
  const token = scope !== 'public'
  const headers = token ? rateLimitHeaders.extend(answer.headers?.shape ?? {}) : answer.headers
  const refusals: readonly (keyof typeof errors)[] = token ? [...operation.errors, 401, 403, 429] : operation.errors
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: token ? `${operation.description}\n\nToken scope: \`${scope}\`.` : operation.description,
    tags: [operation.tag],
    security: token ? [{ [SECURITY_SCHEME]: [scope] }] : [],
    ...(operation.params ? { requestParams: operation.params } : {}),
    ...(body ? { requestBody: { required: true, description: body.description, content: { 'application/json': { schema: namedBody(body.schema, body.name), example: body.example } } } } : {}),
    responses: {
      [answer.status]: {
        description: answer.description,
        ...(headers ? { headers } : {}),
        content: { [answer.contentType ?? 'application/json']: { schema: answer.schema, example: answer.example } },
      },
      ...Object.fromEntries([...new Set(refusals)].sort().map((status) => [status, errors[status]])),
    },
  }
}

/**
 * The OpenAPI 3.1 document of the public API v1 (decision 045), from the operations table and the
 * same zod schemas the routes parse with. `publicUrl` is the site's (env PUBLIC_URL).
 */
export function createApiV1Document(options: { publicUrl: string; bodyLimitBytes: number; operations?: readonly ApiV1Operation[] }): oas31.OpenAPIObject {
  const errors = errorAnswers(options.bodyLimitBytes)
  const paths: ZodOpenApiPathsObject = {}
  for (const operation of options.operations ?? API_V1_OPERATIONS) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: toOperationObject(operation, errors) }
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: { title: 'FareDrop API', version: '1', description: INTRO },
      servers: [{ url: options.publicUrl, description: 'FareDrop' }],
      tags: [...API_V1_TAGS],
      paths,
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_TOKEN_PREFIX} and 43 characters`,
            description: `A personal API token, from Profile → API tokens (Unlimited plan). Scopes: \`read\` (GET calls and the flight searches) or \`read\` and \`write\` (also create, change and delete alerts and clients, and import alerts). ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute per token.`,
          },
        },
      },
    },
    {
      override: ({ jsonSchema, io }) => {
        // Answers may gain fields (the API adds freely and never removes, api.md), so response
        // objects are documented open rather than with zod's `additionalProperties: false`.
        if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties
        // zod's `.int()` is a safe integer; its ±2^53 bounds say nothing to a reader.
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum
      },
    },
  )
}
