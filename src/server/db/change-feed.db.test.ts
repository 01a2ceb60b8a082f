import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertAlert, insertUser } from '#tests/support/notification-fixtures.ts'
import { changeFeedOf, type ChangeFeed } from './change-feed.ts'
import { openDatabase, type Database } from './client.ts'
import { alertPrices, alerts, profiles, sessions, users } from './schema.ts'

/**
 * The embedded database's change feed (decision 029): every committed write to a user's user row,
 * profile, sessions or alerts (and an alert's prices) is known in this process before the writer
 * resumes, whoever wrote it; nothing else counts. Always PGlite: on PostgreSQL there is no feed.
 */
let database: Database
let changes: ChangeFeed
beforeAll(async () => {
  database = await openDatabase({ driver: 'pglite-memory' })
  changes = changeFeedOf(database.db)!
})
afterAll(async () => {
  await database.close()
})

/** A user with a profile, written straight to the database (as the worker or a script would). */
const newUser = async () => (await insertUser(database.db)).id
const newAlert = (userId: string) => insertAlert(database.db, userId)

/** True when `write` made the feed say `userId` changed, and no one else. */
async function seenAsChangeOf(userId: string, write: () => Promise<unknown>): Promise<boolean> {
  const bystander = await newUser()
  const mark = changes.mark()
  await write()
  expect(changes.changedSince(bystander, mark)).toBe(false)
  return changes.changedSince(userId, mark)
}

describe('the change feed', () => {
  it('exists on the embedded database', () => {
    expect(changes).not.toBeNull()
  })

  it('names the user of every write to their user row, profile, sessions and alerts', async () => {
    const userId = await newUser()
    const expiresAt = new Date(Date.now() + 86_400_000)
    expect(await seenAsChangeOf(userId, () => database.db.update(users).set({ name: 'Renamed' }).where(eq(users.id, userId)))).toBe(true)
    expect(await seenAsChangeOf(userId, () => database.db.update(profiles).set({ subscriptionTier: 'elite' }).where(eq(profiles.id, userId)))).toBe(true)
    expect(await seenAsChangeOf(userId, () => database.db.insert(sessions).values({ id: `s-${userId}`, token: `t-${userId}`, userId, expiresAt }))).toBe(true)
    expect(await seenAsChangeOf(userId, () => database.db.update(sessions).set({ expiresAt: new Date() }).where(eq(sessions.userId, userId)))).toBe(true)
    expect(await seenAsChangeOf(userId, () => database.db.delete(sessions).where(eq(sessions.userId, userId)))).toBe(true)
    let alertId = ''
    expect(await seenAsChangeOf(userId, async () => (alertId = await newAlert(userId)))).toBe(true)
    expect(await seenAsChangeOf(userId, () => database.db.update(alerts).set({ status: 'paused' }).where(eq(alerts.id, alertId)))).toBe(true)
    // A price appended by any writer touches its alert (migration 0012), so the list sees it.
    expect(await seenAsChangeOf(userId, () => database.db.insert(alertPrices).values({ alertId, price: 250, currency: 'USD', recordedAt: new Date() }))).toBe(true)
    expect(await seenAsChangeOf(userId, () => database.db.delete(alerts).where(eq(alerts.id, alertId)))).toBe(true)
  })

  it('names the user whose rows a cascade removed', async () => {
    const userId = await newUser()
    await newAlert(userId)
    expect(await seenAsChangeOf(userId, () => database.db.delete(users).where(eq(users.id, userId)))).toBe(true)
  })

  it('knows a transaction’s changes when its commit returns, and nothing of one rolled back', async () => {
    const userId = await newUser()
    let mark = changes.mark()
    await database.db.transaction(async (tx) => {
      await tx.update(profiles).set({ subscriptionTier: 'premium' }).where(eq(profiles.id, userId))
    })
    expect(changes.changedSince(userId, mark)).toBe(true)

    mark = changes.mark()
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(profiles).set({ subscriptionTier: 'elite' }).where(eq(profiles.id, userId))
        tx.rollback()
      }),
    ).rejects.toThrow()
    expect(changes.changedSince(userId, mark)).toBe(false)
  })

  it('counts everyone as changed after a truncate', async () => {
    const userId = await newUser()
    const mark = changes.mark()
    await database.db.execute(sql`truncate table sessions cascade`)
    expect(changes.changedSince(userId, mark)).toBe(true)
  })

  it('is silent on a connection that did not turn it on (as on PostgreSQL)', async () => {
    const userId = await newUser()
    const mark = changes.mark()
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local faredrop.change_feed = 'off'`)
      await tx.update(users).set({ name: 'Quiet' }).where(eq(users.id, userId))
    })
    expect(changes.changedSince(userId, mark)).toBe(false)
  })
})
