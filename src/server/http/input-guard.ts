import type { MiddlewareHandler } from 'hono'
import { AppError } from '../lib/app-error.ts'

/**
 * Security target H1: input no route can store or read answers 400, never 500. What every route
 * would otherwise have to refuse on its own, refused once at the edge, for our routes and the auth
 * library's alike:
 * - NUL characters (U+0000) anywhere in the path, the query or a JSON string or key: PostgreSQL
 *   text cannot hold them, so they reached the database as errors;
 * - lone UTF-16 surrogates in JSON (`"\ud800"`): not Unicode, so not storable as UTF-8 either;
 * - JSON nested deeper than MAX_DEPTH: recursive code (a size check's JSON.stringify, a schema)
 *   overflowed the stack on 5,000 levels;
 * - a body that is not JSON, on a request that says it is.
 * The walk over the parsed body is iterative, so no input can overflow it.
 */
export const MAX_DEPTH = 32

export const INPUT_MESSAGES = {
  nul: 'Text may not contain NUL characters.',
  unicode: 'Text must be valid Unicode.',
  depth: `The request body is nested too deeply (at most ${MAX_DEPTH} levels).`,
  json: 'The request body must be JSON.',
} as const

const NUL = '\u0000'
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** `String.prototype.isWellFormed` (ES2024), which our TypeScript target does not declare. */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text)
}

function refuse(message: string): AppError {
  return new AppError('validation_failed', message)
}

function checkText(text: string): void {
  if (text.includes(NUL)) throw refuse(INPUT_MESSAGES.nul)
  if (!isWellFormed(text)) throw refuse(INPUT_MESSAGES.unicode)
}

/** Throws the 400 for the first string, key or level of `value` that no route could take. */
export function checkJsonValue(value: unknown): void {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!
    if (typeof current === 'string') {
      checkText(current)
    } else if (current !== null && typeof current === 'object') {
      if (depth >= MAX_DEPTH) throw refuse(INPUT_MESSAGES.depth)
      const entries = Array.isArray(current) ? current.map((item) => ['', item] as const) : Object.entries(current)
      for (const [key, item] of entries) {
        checkText(key)
        stack.push({ value: item, depth: depth + 1 })
      }
    }
  }
}

/** `decodeURIComponent` that keeps undecodable text as it came (a malformed escape is no NUL). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** Whether a Content-Type names JSON (`application/json`, `application/…+json`). */
export const isJson = (contentType: string | undefined) => contentType !== undefined && /^application\/([\w.+-]+\+)?json\b/i.test(contentType)

/** The middleware for `/api/*`; `except` are paths whose body is someone else's signed bytes (Stripe's webhook). */
export function inputGuard(except: readonly string[] = []): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url)
    checkText(decoded(url.pathname))
    for (const [name, value] of url.searchParams) {
      checkText(name)
      checkText(value)
    }
    if (!except.includes(c.req.path) && isJson(c.req.header('content-type')) && c.req.raw.body !== null) {
      // A clone: the route (or the auth library) reads the body itself afterwards.
      const text = await c.req.raw.clone().text()
      if (text.trim() !== '') {
        let body: unknown
        try {
          body = JSON.parse(text)
        } catch {
          throw new AppError('bad_request', INPUT_MESSAGES.json)
        }
        checkJsonValue(body)
      }
    }
    await next()
  }
}
