import type { Context, MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ZodError } from 'zod'
import type { ErrorBody, ErrorCode, FieldErrors } from '#shared/errors.ts'
import { databaseUnavailableError, isDatabaseUnavailable } from '../db/connection-errors.ts'
import { AppError } from '../lib/app-error.ts'
import type { Logger } from '../lib/logger.ts'

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
  502: 'upstream_failed',
  503: 'unavailable',
}

/**
 * The wire body. Routes whose contract answers `{ success, … }` (POST /api/alerts) opt in to
 * `success: false` on errors through `successEnvelope`; everything else keeps the plain shape.
 */
export interface ServerErrorBody {
  success?: false
  error: ErrorBody['error'] & { premiumReasons?: string[] }
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by `successEnvelope`: this route's error bodies also carry `success: false`. */
    successEnvelope?: true
  }
}

/** Marks a route whose error bodies also carry `success: false`. */
export const successEnvelope: MiddlewareHandler = async (c, next) => {
  c.set('successEnvelope', true)
  await next()
}

const GENERIC_MESSAGE = 'Something went wrong on our side. Please try again.'

function zodFieldErrors(error: ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_'
    ;(fieldErrors[key] ??= []).push(issue.message)
  }
  return fieldErrors
}

/**
 * Turns anything thrown into the API's error body. The only place errors become HTTP responses.
 * The database being unreachable (down, restarting, connection lost) is a 503 the client may
 * retry, not a 500 (security target W5).
 */
export function toErrorResponse(error: unknown): { status: number; body: ServerErrorBody; headers?: Record<string, string> } {
  if (error instanceof AppError) {
    const { fieldErrors, premiumReasons, headers } = error.options
    return {
      status: error.status,
      ...(headers ? { headers } : {}),
      body: {
        error: {
          code: error.code,
          message: error.message,
          ...(fieldErrors ? { fieldErrors } : {}),
          ...(premiumReasons ? { premiumReasons: [...premiumReasons] } : {}),
        },
      },
    }
  }
  if (error instanceof ZodError) {
    // A rule about the input as a whole (a refine on the object) has the message to show, e.g. the
    // spec's "You must provide either an email or phone number and a type."
    const wholeInput = error.issues.find((issue) => issue.path.length === 0 && issue.code === 'custom')
    return {
      status: 400,
      body: {
        error: { code: 'validation_failed', message: wholeInput?.message ?? 'Some fields are invalid.', fieldErrors: zodFieldErrors(error) },
      },
    }
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = CODE_BY_STATUS[error.status] ?? 'bad_request'
    return { status: error.status, body: { error: { code, message: error.message || code.replace('_', ' ') } } }
  }
  if (isDatabaseUnavailable(error)) return toErrorResponse(databaseUnavailableError(error))
  return { status: 500, body: { error: { code: 'internal', message: GENERIC_MESSAGE } } }
}

/** A request that failed with a 500, for the record admins read (system/server-errors.ts). */
export interface ServerErrorReport {
  requestId: string | null
  method: string
  /** Without the query string. */
  path: string
  status: number
  /** The innermost cause's message (the driver's, not the query wrapper's with its parameters), at most 500 characters. */
  message: string
}

export interface ErrorHandlerOptions {
  /**
   * Told of every 500 (not the 503s of an unreachable database, nor refusals); the composition root
   * records it, so this layer needs no database. Must not throw; it is not awaited.
   */
  onServerError?: (report: ServerErrorReport, c: Context) => void
}

export function createErrorHandler(logger: Logger, options: ErrorHandlerOptions = {}) {
  return (error: Error, c: Context) => {
    const { status, body, headers } = toErrorResponse(error)
    const requestId = c.get('requestId') as string | undefined
    if (status === 503 && body.error.code === 'unavailable') {
      // One line per refused request while the database is away, without a stack each time.
      logger.warn({ requestId, path: c.req.path, cause: describeCause(error) }, 'request refused: database unavailable')
    } else if (body.error.code === 'search_busy') {
      // Expected under load (decision 050): one line, no stack, and no server-error record.
      logger.warn({ requestId, path: c.req.path }, 'request refused: flight search provider budget spent')
    } else if (status >= 500) {
      logger.error({ err: error, requestId, path: c.req.path }, 'request failed')
      if (status === 500 && options.onServerError) {
        const report = { requestId: requestId ?? null, method: c.req.method, path: c.req.path, status, message: (describeCause(error) || error.name).slice(0, 500) }
        try {
          options.onServerError(report, c)
        } catch (err) {
          logger.warn({ err, requestId }, 'could not report the server error')
        }
      }
    } else {
      logger.info({ requestId, path: c.req.path, status, code: body.error.code }, 'request rejected')
    }
    body.error.requestId = requestId
    const envelope = c.get('successEnvelope') === true
    return c.json(envelope ? { success: false, ...body } : body, status as ContentfulStatusCode, headers)
  }
}

/** The innermost message of a cause chain ("connect ECONNREFUSED 127.0.0.1:5432"), for the log. */
function describeCause(error: unknown): string {
  let current = error
  for (let depth = 0; depth < 8 && (current as { cause?: unknown })?.cause instanceof Error; depth++) current = (current as { cause: unknown }).cause
  return current instanceof Error ? current.message : String(current)
}
