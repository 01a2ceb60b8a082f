import type { ApiResponse, ApiRoute, RouteParams } from '#shared/api-contract.ts'
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
export async function toApiError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as
    | { error?: { code?: string; reason?: string; message?: string; fieldErrors?: FieldErrors }; code?: string; message?: string }
    | null
  const error = body?.error ?? body
  const retryAfter = Number(res.headers.get('retry-after')) || undefined
  const details = body?.error && typeof body.error === 'object' ? (body.error as Record<string, unknown>) : undefined
  // The auth library's refusals keep its own code as `reason` (INVALID_PASSWORD…): that is the one screens tell apart.
  const code = body?.error?.reason ?? error?.code ?? `http_${res.status}`
  return new ApiError(res.status, code, error?.message || UNEXPECTED_ERROR, body?.error?.fieldErrors, retryAfter, details)
}

let unauthorizedListener: (() => void) | null = null

/**
 * Called after any API call answered 401: the session may have ended (expired, revoked, signed
 * out elsewhere), or the call wanted credentials the caller doesn't have (a wrong password). The
 * listener tells the two apart (app/session-watch.ts). Returns the way to stop listening.
 */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListener = listener
  return () => {
    if (unauthorizedListener === listener) unauthorizedListener = null
  }
}

/**
 * The error of a call refused for want of a session, told to the listener first. Also for answers
 * that mean the same without a 401 (better-auth's get-session answers 200 with nothing).
 */
export function unauthorized(error = new ApiError(401, 'unauthorized', 'Please sign in to continue.')): ApiError {
  unauthorizedListener?.()
  return error
}

export interface RequestOptions {
  json?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /** The query string, without "?" (empty: none). */
  query?: string | URLSearchParams
}

/** A route's path parameters are required when it has any (`params: { id }` for 'GET /api/alerts/:id'). */
type CallArgs<R extends ApiRoute> = keyof RouteParams<R> extends never
  ? [options?: RequestOptions]
  : [options: RequestOptions & { params: RouteParams<R> }]

/** The path of a call: the route's `:name` parameters filled in (encoded) and the query string added. */
export function apiPath(route: ApiRoute, params: Record<string, string> = {}, query: RequestOptions['query'] = ''): string {
  const template = route.slice(route.indexOf(' ') + 1)
  const path = template.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
  const search = query.toString()
  return search ? `${path}?${search}` : path
}

/**
 * How a call reaches the API: `send` on the page's own origin with its cookies, `origin` '' (this
 * page's). The native app's bearer mode replaces both (bearer-session.ts, loaded only by the app,
 * decision 036); one small object, so the landing page carries a few bytes of it.
 */
export const apiTransport = { origin: '', send: (path: string, init: RequestInit): Promise<Response> => fetch(path, init) }

/**
 * The one way the web app calls the API: same-origin, cookies included, JSON in and out. The route
 * ("GET /api/alerts/:id") names the call, and its answer has the type ApiContract declares for it
 * (src/shared/api-contract.ts), which the server's handler is checked against.
 */
export async function api<R extends ApiRoute>(route: R, ...[options = {}]: CallArgs<R>): Promise<ApiResponse<R>> {
  const method = route.slice(0, route.indexOf(' '))
  const params = 'params' in options ? (options.params as Record<string, string>) : {}
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  if (options.json !== undefined) headers['content-type'] = 'application/json'
  let res: Response
  try {
    res = await apiTransport.send(apiPath(route, params, options.query), {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      credentials: 'same-origin',
      signal: options.signal,
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'network', 'Could not reach FareDrop. Check your connection and try again.')
  }
  if (!res.ok) {
    const error = await toApiError(res)
    throw res.status === 401 ? unauthorized(error) : error
  }
  // The contract's type for the route: the server's handler is compiled against the same declaration.
  if (res.status === 204) return undefined as ApiResponse<R>
  return (await res.json()) as ApiResponse<R>
}

/** Text for any error: the API's message, or the generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message
  return UNEXPECTED_ERROR
}
