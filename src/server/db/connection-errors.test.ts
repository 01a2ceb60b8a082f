import { describe, expect, it } from 'vitest'
import { AppError } from '../lib/app-error.ts'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { databaseUnavailableError, isDatabaseError, isDatabaseUnavailable } from './connection-errors.ts'

/** An error as node-postgres or Node's net module makes it: a message plus a `code`. */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })
/** As Drizzle wraps a failed query: its own message, the driver's error as `cause`. */
const drizzleWrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { name: 'DrizzleQueryError', cause })

describe('isDatabaseUnavailable', () => {
  it('recognises a server that refuses, drops or never answers connections', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('connect ETIMEDOUT 10.0.0.5:5432', 'ETIMEDOUT'),
      withCode('getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true)
    }
  })

  it('recognises the server saying it is shutting down, starting up or full (SQLSTATE 57P0x, 08xxx, 53300)', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08P01', '53300']) {
      expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', code)), code).toBe(true)
    }
  })

  it('looks through wrappers: Drizzle’s query error, better-auth’s, an AggregateError of connection attempts', () => {
    expect(isDatabaseUnavailable(drizzleWrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Failed to create user', { cause: drizzleWrapped(withCode('terminating connection', '57P01')) }))).toBe(true)
    const attempts = new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')])
    expect(isDatabaseUnavailable(attempts)).toBe(true)
  })

  it('leaves real query failures and everything else alone (they stay 500s or their own answers)', () => {
    for (const error of [
      withCode('syntax error at or near "selec"', '42601'),
      withCode('duplicate key value violates unique constraint "users_email_unique"', '23505'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('could not serialize access due to concurrent update', '40001'),
      drizzleWrapped(withCode('relation "users" does not exist', '42P01')),
      new Error('Connection to the flight provider failed'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'ECONNREFUSED',
      null,
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error), String((error as Error | null)?.message ?? error)).toBe(false)
    }
  })

  it('stops on a cause chain that loops', () => {
    const a = new Error('a') as Error & { cause?: unknown }
    const b = new Error('b', { cause: a })
    a.cause = b
    expect(isDatabaseUnavailable(a)).toBe(false)
  })
})

describe('databaseUnavailableError', () => {
  it('is the API’s 503 `unavailable` with a Retry-After, and keeps what caused it', () => {
    const cause = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')
    const error = databaseUnavailableError(cause)
    expect(error).toBeInstanceOf(AppError)
    expect(error.status).toBe(503)
    expect(error.code).toBe('unavailable')
    expect(error.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|5432/)
    expect(error.options.headers).toEqual({ 'Retry-After': '5' })
    expect(error.cause).toBe(cause)
  })
})

describe('isDatabaseError', () => {
  it('knows a failed query (Drizzle-wrapped or a bare SQLSTATE) and an unreachable database, not anything else', () => {
    const driver = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' })
    expect(isDatabaseError(new DrizzleQueryError('select 1', [], driver))).toBe(true)
    expect(isDatabaseError(new Error('search failed', { cause: driver }))).toBe(true)
    expect(isDatabaseError(Object.assign(new Error('gone'), { code: 'ECONNREFUSED' }))).toBe(true)
    expect(isDatabaseError(new TypeError("Cannot read properties of undefined (reading 'price')"))).toBe(false)
    expect(isDatabaseError(Object.assign(new Error('rate limited'), { code: 'rate_limited' }))).toBe(false)
  })
})
