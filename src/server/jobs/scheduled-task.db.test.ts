import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '#tests/support/test-db.ts'
import type { Database } from '../db/client.ts'
import { claimScheduledRun } from './scheduled-task.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database.close()
})

describe('periodic tasks shared by worker processes', () => {
  it('gives one run per period to exactly one of many callers', async () => {
    const day = 86_400_000
    const t0 = new Date('2026-11-25T00:00:00Z')
    const first = await Promise.all(Array.from({ length: 8 }, () => claimScheduledRun(database.db, 'daily', day, t0)))
    expect(first.filter(Boolean)).toHaveLength(1)
    expect(await claimScheduledRun(database.db, 'daily', day, new Date(t0.getTime() + day - 1))).toBe(false)
    expect(await claimScheduledRun(database.db, 'daily', day, new Date(t0.getTime() + day))).toBe(true)
    expect(await claimScheduledRun(database.db, 'other', day, t0)).toBe(true)
  })
})
