/**
 * The API's error contract: every error response is `{ error: { code, message, fieldErrors? } }`.
 * Codes are few on purpose; the HTTP status carries the rest.
 */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'payment_failed',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'upstream_failed',
  'unavailable',
  /** Flight searches have spent the provider calls they may make for now (decision 050); retry later. */
  'search_busy',
  'internal',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export type FieldErrors = Record<string, string[]>

export interface ErrorBody {
  error: {
    code: ErrorCode
    message: string
    fieldErrors?: FieldErrors
    requestId?: string
    /** The auth library's own code for its refusals (`INVALID_PASSWORD`…), kept beside ours. */
    reason?: string
  }
}

export const ERROR_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  /** A card was declined (the local test mode's checkout). */
  payment_failed: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  upstream_failed: 502,
  unavailable: 503,
  search_busy: 503,
  internal: 500,
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false
  const error = (value as { error: unknown }).error
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error
}
