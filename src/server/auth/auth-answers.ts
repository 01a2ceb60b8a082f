import { MESSAGES } from '#shared/auth.ts'
import type { ErrorBody, ErrorCode } from '#shared/errors.ts'

const CODE_FOR_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  422: 'validation_failed',
  429: 'rate_limited',
}

/**
 * The auth library's answers in our API's error contract (issue 12, finding 8).
 * - Its error bodies, `{ code, message }`, become `{ error: { code, message, reason, requestId } }`.
 *   `code` is ours, by status. `reason` is the library's own (`INVALID_PASSWORD`,
 *   `INVALID_TWO_FACTOR_COOKIE`…), which the web app tells apart.
 * - Its limiter's 429 carries the wait in `X-Retry-After` only. Clients read `Retry-After` (RFC
 *   9110): without it the web app took a 10 s wait for the 15-minute lock (finding 7).
 */
export async function inOurContract(response: Response, requestId: string | undefined): Promise<Response> {
  if (response.status < 400) return response
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown; message?: unknown; error?: unknown } | null
  if (body === null || typeof body !== 'object' || 'error' in body) return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.set('content-type', 'application/json')
  const rateLimited = response.status === 429
  // The limiter's own 429 has no code and a generic text; the spec's words say it (a two-factor
  // lock, ACCOUNT_TEMPORARILY_LOCKED, keeps its own message).
  const limiterAnswer = rateLimited && typeof body.code !== 'string'
  if (rateLimited && !headers.has('retry-after')) headers.set('retry-after', headers.get('x-retry-after') ?? '10')
  const ours: ErrorBody = {
    error: {
      code: CODE_FOR_STATUS[response.status] ?? (response.status >= 500 ? 'internal' : 'bad_request'),
      message: limiterAnswer ? MESSAGES.tooManyAttempts : typeof body.message === 'string' && body.message !== '' ? body.message : 'An unexpected error occurred',
      ...(typeof body.code === 'string' ? { reason: body.code } : {}),
      ...(requestId ? { requestId } : {}),
    },
  }
  return new Response(JSON.stringify(ours), { status: response.status, statusText: response.statusText, headers })
}
