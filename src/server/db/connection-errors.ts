import { DrizzleQueryError } from 'drizzle-orm/errors'
import { AppError } from '../lib/app-error.ts'

/**
 * Whether an error means "the database could not be reached" (server down, restarting, refusing
 * connections, connection lost mid-query, pool wait timed out) rather than "this query is wrong".
 * The HTTP layer answers those with 503 instead of 500 (security target W5).
 *
 * Drizzle wraps driver errors (`DrizzleQueryError`, with the driver's error as `cause`) and
 * better-auth may wrap them again, so the whole `cause` chain is searched.
 */

/** Socket-level failures reaching the server (Node's `error.code`). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATEs the server sends when it can't serve the session: class 08 (connection exception),
 * 57P01 admin shutdown (`pg_ctl stop -m fast`, `-m immediate`), 57P02 crash shutdown (another
 * backend crashed), 57P03 cannot connect now (starting up, in recovery, shutting down), 53300 too
 * many connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/

/** Messages of node-postgres (pg, pg-pool) errors that carry no code. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]

function matches(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true
  const message = (error as { message?: unknown }).message
  return typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.startsWith(m))
}

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  // A cause chain is short; the bound only guards against a cycle.
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    if (matches(current)) return true
    if (current instanceof AggregateError && current.errors.some(matches)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Seconds a client should wait before retrying while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

/** What the API answers while the database is unreachable: 503 `unavailable`, with Retry-After. */
export function databaseUnavailableError(cause?: unknown): AppError {
  return new AppError('unavailable', 'FareDrop is temporarily unavailable. Please try again in a moment.', {
    cause,
    headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  })
}

/**
 * Whether an error came from the database at all (unreachable, or a query that failed there): a
 * caller that maps its own failures to a friendly answer (the flight search's "Failed to retrieve
 * search results") lets these through, so they answer as the database's failures do (503 or 500).
 */
export function isDatabaseError(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true
  let current: unknown = error
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    if (current instanceof DrizzleQueryError) return true
    const code = (current as { code?: unknown }).code
    // A SQLSTATE: five digits or capitals, as PostgreSQL and PGlite report.
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
