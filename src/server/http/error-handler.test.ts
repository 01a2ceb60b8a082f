import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../lib/app-error.ts'
import { createErrorHandler, toErrorResponse, type ServerErrorReport } from './error-handler.ts'

describe('toErrorResponse', () => {
  it('maps an AppError to its status, code, message and field errors', () => {
    const error = new AppError('validation_failed', 'Check the form.', { fieldErrors: { email: ['Invalid email address'] } })
    expect(toErrorResponse(error)).toEqual({
      status: 400,
      body: { error: { code: 'validation_failed', message: 'Check the form.', fieldErrors: { email: ['Invalid email address'] } } },
    })
    expect(toErrorResponse(new AppError('forbidden', 'No.')).status).toBe(403)
  })

  it('passes premium reasons through for upgrade prompts', () => {
    const error = new AppError('forbidden', 'Upgrade to use: SMS notifications.', { premiumReasons: ['sms_notifications'] })
    expect(toErrorResponse(error).body).toEqual({
      error: { code: 'forbidden', message: 'Upgrade to use: SMS notifications.', premiumReasons: ['sms_notifications'] },
    })
  })

  it('turns a zod failure into field errors keyed by path', () => {
    const result = z.object({ adults: z.number().max(9, 'Total passengers cannot exceed 9') }).safeParse({ adults: 12 })
    const { status, body } = toErrorResponse(result.error)
    expect(status).toBe(400)
    expect(body.error.fieldErrors).toEqual({ adults: ['Total passengers cannot exceed 9'] })
  })

  it('keeps client HTTP errors and hides everything else behind a generic 500', () => {
    expect(toErrorResponse(new HTTPException(401, { message: 'Sign in first' }))).toMatchObject({
      status: 401,
      body: { error: { code: 'unauthorized', message: 'Sign in first' } },
    })
    const leaky = new Error('relation "users" does not exist at SELECT * FROM users')
    const { status, body } = toErrorResponse(leaky)
    expect(status).toBe(500)
    expect(JSON.stringify(body)).not.toMatch(/relation|SELECT|stack/)
    expect(body.error.code).toBe('internal')
  })

  it('answers 503 `unavailable` with Retry-After when the database can’t be reached, without its address', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' })
    const failedQuery = Object.assign(new Error('Failed query: SELECT secret FROM users'), { cause: refused })
    const { status, body, headers } = toErrorResponse(failedQuery)
    expect(status).toBe(503)
    expect(body.error.code).toBe('unavailable')
    expect(headers).toEqual({ 'Retry-After': '5' })
    expect(JSON.stringify(body)).not.toMatch(/10\.0\.0\.5|SELECT|ECONNREFUSED/)
    // A server shutting down (pg_ctl stop) mid-query, too.
    expect(toErrorResponse(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })).status).toBe(503)
  })

  it('passes an AppError’s headers through', () => {
    expect(toErrorResponse(new AppError('rate_limited', 'Slow down.', { headers: { 'Retry-After': '30' } })).headers).toEqual({ 'Retry-After': '30' })
  })
})

describe('createErrorHandler: onServerError', () => {
  const failing = (error: () => Error) => {
    const reports: ServerErrorReport[] = []
    const app = new Hono()
    app.use(requestId())
    app.get('/boom', () => {
      throw error()
    })
    app.onError(createErrorHandler(pino({ level: 'silent' }), { onServerError: (report) => reports.push(report) }))
    return { app, reports }
  }

  it('reports a 500 with the request id the client got, the path without its query and the innermost message, clipped', async () => {
    const cause = new Error(`relation "x" does not exist ${'y'.repeat(600)}`)
    const { app, reports } = failing(() => new Error('Failed query: select * from x where token = $1\nparams: secret', { cause }))
    const res = await app.request('/boom?token=secret')
    expect(res.status).toBe(500)
    const body = (await res.json()) as { error: { requestId: string } }
    expect(reports).toEqual([{ requestId: body.error.requestId, method: 'GET', path: '/boom', status: 500, message: cause.message.slice(0, 500) }])
    expect(reports[0]!.message).not.toContain('secret')
  })

  it('leaves out refusals and the 503 of an unreachable database, and survives a callback that throws', async () => {
    const refused = failing(() => new AppError('forbidden', 'No.'))
    expect((await refused.app.request('/boom')).status).toBe(403)
    const down = failing(() => Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }))
    expect((await down.app.request('/boom')).status).toBe(503)
    expect([...refused.reports, ...down.reports]).toEqual([])

    const app = new Hono()
    app.get('/boom', () => {
      throw new Error('boom')
    })
    app.onError(
      createErrorHandler(pino({ level: 'silent' }), {
        onServerError: () => {
          throw new Error('recording failed')
        },
      }),
    )
    expect((await app.request('/boom')).status).toBe(500)
  })

  it('answers a spent search budget as a 503 refusal: Retry-After, logged as a warning, not reported as a server error', async () => {
    const lines: { level: number; msg: string }[] = []
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) })
    const reports: ServerErrorReport[] = []
    const app = new Hono()
    app.get('/boom', () => {
      throw new AppError('search_busy', 'Flight search is busy right now. Try again in 7 seconds.', { headers: { 'Retry-After': '7' } })
    })
    app.onError(createErrorHandler(logger, { onServerError: (report) => reports.push(report) }))
    const res = await app.request('/boom')
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('7')
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('search_busy')
    expect(reports).toEqual([])
    expect(lines.map((line) => [line.level, line.msg])).toEqual([[40, 'request refused: flight search provider budget spent']])
  })
})
