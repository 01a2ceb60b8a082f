import type { FieldErrors } from '#shared/errors.ts'

/** Any failed API call: the HTTP status, a short code and a message fit to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldErrors,
    /** Seconds from a Retry-After header (rate limits, lockouts). */
    readonly retryAfter?: number,
    /** The whole `error` object, for endpoints that add fields (e.g. `premiumReasons` on a refused alert). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const UNEXPECTED_ERROR = 'An unexpected error occurred'

/** Reads our `{ error: { code, message } }` bodies and better-auth's `{ code, message }` alike. */
async function toApiError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as
    | { error?: { code?: string; message?: string; fieldErrors?: FieldErrors }; code?: string; message?: string }
    | null
  const error = body?.error ?? body
  const retryAfter = Number(res.headers.get('retry-after')) || undefined
  const details = body?.error && typeof body.error === 'object' ? (body.error as Record<string, unknown>) : undefined
  return new ApiError(res.status, error?.code ?? `http_${res.status}`, error?.message || UNEXPECTED_ERROR, body?.error?.fieldErrors, retryAfter, details)
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  json?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** The one way the web app calls the API: same-origin, cookies included, JSON in and out. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  if (options.json !== undefined) headers['content-type'] = 'application/json'
  let res: Response
  try {
    res = await fetch(path, {
      method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      credentials: 'same-origin',
      signal: options.signal,
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'network', 'Could not reach FareDrop. Check your connection and try again.')
  }
  if (!res.ok) throw await toApiError(res)
  if (res.status === 204) return undefined as T
  return (await res.json()) as T
}

/** Text for any error: the API's message, or the generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message
  return UNEXPECTED_ERROR
}
