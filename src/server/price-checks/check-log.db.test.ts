import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertAlert, insertUser } from '#tests/support/notification-fixtures.ts'
import { openTestDatabase } from '#tests/support/test-db.ts'
import type { Database } from '../db/client.ts'
import { priceChecks, providerBudget } from '../db/schema.ts'
import { pruneObservations } from './prune-observations.ts'

const DAY_MS = 86_400_000
let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database.close()
})

describe('the check log and the budget windows behind the admin console', () => {
  it('keeps 35 days of checks and daily provider calls (the 30-day trends), and 2 days of minute windows', async () => {
    const { db } = database
    const now = new Date('2027-02-01T12:00:00Z')
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS)
    const alertId = await insertAlert(db, (await insertUser(db)).id)
    await db.insert(priceChecks).values(
      [36, 34, 1].map((days) => ({ alertId, checkedAt: ago(days), dueAt: ago(days), outcome: 'price' as const, price: 300, cached: false })),
    )
    await db.insert(providerBudget).values([
      { provider: 'simulated', period: 'day', windowStart: ago(36), calls: 5 },
      { provider: 'simulated', period: 'day', windowStart: ago(29), calls: 6 },
      { provider: 'simulated', period: 'minute', windowStart: ago(3), calls: 1 },
      { provider: 'simulated', period: 'minute', windowStart: ago(1), calls: 2 },
    ])

    await pruneObservations(db, now)

    const checks = await db.select({ checkedAt: priceChecks.checkedAt }).from(priceChecks)
    expect(checks.map((c) => c.checkedAt.toISOString()).sort()).toEqual([ago(34).toISOString(), ago(1).toISOString()])
    const windows = await db.select({ period: providerBudget.period, calls: providerBudget.calls }).from(providerBudget)
    expect(windows.sort((a, b) => a.calls - b.calls)).toEqual([
      { period: 'minute', calls: 2 },
      { period: 'day', calls: 6 },
    ])
  })
})
