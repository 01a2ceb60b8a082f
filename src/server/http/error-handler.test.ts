import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../lib/app-error.ts'
import { toErrorResponse } from './error-handler.ts'

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
