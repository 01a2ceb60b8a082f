import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '#tests/support/test-db.ts'
import { refusingDb, type UnreachableDb } from '#tests/support/unreachable-db.ts'
import type { Database } from '../db/client.ts'
import { failedForDatabase } from './routes.ts'

/**
 * better-auth turns a failed insert into its own 422 FAILED_TO_CREATE_USER (and a failed session
 * write into a 500). The auth routes answer those 503 while the database is unreachable (security
 * target W5; tests/integration/postgres-restart.test.ts signs up through a real PostgreSQL crash),
 * and pass them through when it answers.
 */

const betterAuthAnswer = (status: number, code?: string) =>
  code ? Response.json({ code, message: 'Failed' }, { status }) : new Response(null, { status })

describe('failedForDatabase', () => {
  let up: Database
  let down: UnreachableDb

  beforeAll(async () => {
    up = await openTestDatabase()
    down = await refusingDb()
  })
  afterAll(async () => {
    await down?.close()
    await up?.close()
  })

  it('blames the database for better-auth’s failures while it is unreachable', async () => {
    expect(await failedForDatabase(betterAuthAnswer(422, 'FAILED_TO_CREATE_USER'), down.db)).toBe(true)
    expect(await failedForDatabase(betterAuthAnswer(500, 'FAILED_TO_CREATE_SESSION'), down.db)).toBe(true)
    expect(await failedForDatabase(betterAuthAnswer(500), down.db)).toBe(true)
  })

  it('passes them through while the database answers', async () => {
    expect(await failedForDatabase(betterAuthAnswer(422, 'FAILED_TO_CREATE_USER'), up.db)).toBe(false)
    expect(await failedForDatabase(betterAuthAnswer(500), up.db)).toBe(false)
  })

  it('never second-guesses successes or refusals about the request itself', async () => {
    expect(await failedForDatabase(betterAuthAnswer(200), down.db)).toBe(false)
    expect(await failedForDatabase(Response.redirect('http://localhost:3999/', 302), down.db)).toBe(false)
    expect(await failedForDatabase(betterAuthAnswer(401, 'INVALID_EMAIL_OR_PASSWORD'), down.db)).toBe(false)
    expect(await failedForDatabase(betterAuthAnswer(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'), down.db)).toBe(false)
    expect(await failedForDatabase(betterAuthAnswer(400, 'INVALID_EMAIL'), down.db)).toBe(false)
  })
})
