import { ProviderError, type CallContext, type ProviderErrorCode, type SerpSource } from '../provider.ts'
import { assertSerpAnswer, clip } from './serp-errors.ts'
import type { SerpFlightsResponse, SerpQuery } from './serp-types.ts'

export const SERPAPI_SOURCE_ID = 'serpapi'
export const SERPAPI_DEFAULT_BASE_URL = 'https://serpapi.com'
/** SerpApi's own client waits 60 s; plain searches take ~1 s and booking_token calls 6–9 s. */
export const SERPAPI_DEFAULT_TIMEOUT_MS = 30_000

export interface SerpApiSourceOptions {
  apiKey: string
  /** Tests point this at a local fake; nothing else should change it. */
  baseUrl?: string
  /** Per call, body included. The caller's ctx.signal can cut it shorter. */
  timeoutMs?: number
  fetch?: typeof fetch
}

/**
 * The HTTP SerpSource: GET {baseUrl}/search.json?engine=google_flights&api_key=…&<query>.
 * Failures become ProviderErrors whose messages never contain the API key (it travels in the URL,
 * and URLs end up in error texts and logs).
 */
export function createSerpApiSource(options: SerpApiSourceOptions): SerpSource {
  const apiKey = options.apiKey
  if (!apiKey) throw new Error('createSerpApiSource: an API key is required')
  const baseUrl = (options.baseUrl ?? SERPAPI_DEFAULT_BASE_URL).replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? SERPAPI_DEFAULT_TIMEOUT_MS
  const fetchImpl = options.fetch ?? globalThis.fetch
  const redact = (text: string) => redactApiKey(text, apiKey)

  return {
    id: SERPAPI_SOURCE_ID,
    async fetch(query: SerpQuery, ctx: CallContext = {}): Promise<SerpFlightsResponse> {
      const url = searchUrl(baseUrl, apiKey, query)
      const timeout = AbortSignal.timeout(timeoutMs)
      const signal = ctx.signal ? AbortSignal.any([timeout, ctx.signal]) : timeout

      let response: Response
      let text: string
      try {
        // redirect: 'error' so the key-bearing URL is never replayed to another host.
        response = await fetchImpl(url, { signal, redirect: 'error', headers: { accept: 'application/json' } })
        text = await response.text()
      } catch (err) {
        if (signal.aborted) {
          const reason: unknown = signal.reason
          // A caller that cancelled (not a deadline) gets its own reason back: nothing failed upstream.
          if (!isTimeoutReason(reason)) throw reason
          const limit = timeout.aborted ? `within ${timeoutMs} ms` : "before the caller's deadline"
          throw new ProviderError('timeout', SERPAPI_SOURCE_ID, `SerpApi did not answer ${limit}`, { cause: scrub(err, redact) })
        }
        const code = errorCode(err)
        throw new ProviderError('upstream', SERPAPI_SOURCE_ID, `SerpApi could not be reached${code ? ` (${code})` : ''}`, {
          cause: scrub(err, redact),
        })
      }

      if (response.status < 200 || response.status > 299) throw httpError(response, text, redact)

      let body: SerpFlightsResponse
      try {
        body = JSON.parse(text) as SerpFlightsResponse
      } catch {
        throw new ProviderError('upstream', SERPAPI_SOURCE_ID, `SerpApi answered HTTP ${response.status} with a body that is not JSON`, {
          status: response.status,
        })
      }
      return assertSerpAnswer(body, SERPAPI_SOURCE_ID, redact)
    },
  }
}

function searchUrl(baseUrl: string, apiKey: string, query: SerpQuery): string {
  const params = new URLSearchParams({ engine: 'google_flights', api_key: apiKey })
  for (const [key, value] of Object.entries(query)) {
    // The engine and key are ours to set; a query never overrides them.
    if (key === 'engine' || key === 'api_key') continue
    params.set(key, String(value))
  }
  return `${baseUrl}/search.json?${params.toString()}`
}

function httpError(response: Response, text: string, redact: (s: string) => string): ProviderError {
  const { status } = response
  const code: ProviderErrorCode =
    status === 429 ? 'rate_limited' : status === 401 || status === 403 ? 'auth' : status >= 400 && status < 500 ? 'bad_request' : 'upstream'
  // Redact before clipping: a key cut in half would no longer match.
  const detail = clip(redact(upstreamErrorText(text)))
  const retryAfterMs = status === 429 ? parseRetryAfter(response.headers.get('retry-after')) : undefined
  return new ProviderError(code, SERPAPI_SOURCE_ID, `SerpApi answered HTTP ${status}${detail ? `: ${detail}` : ''}`, {
    status,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  })
}

/** SerpApi error bodies are `{ "error": "…" }`; anything else (a proxy's HTML page) is taken as text. */
function upstreamErrorText(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown }
    if (typeof body?.error === 'string') return body.error
  } catch {
    // not JSON
  }
  return text.replace(/\s+/g, ' ').trim()
}

/** Retry-After as seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  const text = value?.trim()
  if (!text) return undefined
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** Removes the key, raw or URL-encoded, and any `api_key=` value, from text bound for errors and logs. */
export function redactApiKey(text: string, apiKey: string): string {
  let out = text
  for (const form of new Set([apiKey, encodeURIComponent(apiKey)])) {
    if (form) out = out.split(form).join('[redacted]')
  }
  return out.replace(/(api_key=)[^&\s"']+/g, '$1[redacted]')
}

function isTimeoutReason(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError'
}

/** The first string `code` along the cause chain (undici: TypeError "fetch failed" → ECONNREFUSED). */
function errorCode(err: unknown): string | undefined {
  let current: unknown = err
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * A copy of an error (and its causes) with the key scrubbed from the messages: undici puts the
 * whole URL into some messages ("Failed to parse URL from …"), and causes get logged.
 */
function scrub(err: unknown, redact: (s: string) => string, depth = 0): Error {
  const source = err instanceof Error ? err : new Error(String(err))
  const copy = new Error(redact(source.message))
  copy.name = source.name
  copy.stack = redact(source.stack ?? '')
  const code = (source as { code?: unknown }).code
  if (typeof code === 'string') Object.assign(copy, { code })
  if (source.cause !== undefined && depth < 3) copy.cause = scrub(source.cause, redact, depth + 1)
  return copy
}
