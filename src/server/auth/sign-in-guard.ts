import { eq, sql } from 'drizzle-orm'
import { MESSAGES } from '#shared/auth.ts'
import { LOCKOUT_MS, MAX_FAILED_ATTEMPTS } from '#shared/sign-in-lockout.ts'
import type { Db } from '../db/client.ts'
import { signInFailures } from '../db/schema.ts'

/**
 * Server-side sign-in lockout, shared by every process through the database. Each password attempt
 * reserves a slot *before* the password is checked (one atomic upsert per key), so even parallel
 * requests get at most five password checks per account per 15 minutes; a success gives the slot
 * back. One client address is also limited across accounts (credential stuffing).
 */
export const MAX_ATTEMPTS_PER_IP = 20

const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`
const ipKey = (ip: string) => `ip:${ip}`

export interface SignInBlock {
  message: string
  lockedUntil: Date
}

/** Counts one attempt on `key`; returns the count after it and the lock, if any. */
async function countAttempt(db: Db, key: string, limit: number, now: Date) {
  const windowStart = new Date(now.getTime() - LOCKOUT_MS)
  const lockUntil = new Date(now.getTime() + LOCKOUT_MS)
  const t = signInFailures
  // A lock that ran out, or attempts older than the window, start the count again.
  const stale = sql`((${t.lockedUntil} IS NOT NULL AND ${t.lockedUntil} <= ${now}) OR (${t.lockedUntil} IS NULL AND ${t.lastAttemptAt} < ${windowStart}))`
  const nextCount = sql`(CASE WHEN ${stale} THEN 1 ELSE ${t.count} + 1 END)`
  const [row] = await db
    .insert(t)
    .values({ key, count: 1, firstAttemptAt: now, lastAttemptAt: now, lockedUntil: limit <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: nextCount,
        firstAttemptAt: sql`CASE WHEN ${stale} THEN ${now} ELSE ${t.firstAttemptAt} END`,
        lastAttemptAt: now,
        // An existing lock keeps its end time: hammering a locked account doesn't extend it.
        lockedUntil: sql`CASE WHEN NOT ${stale} AND ${t.lockedUntil} IS NOT NULL THEN ${t.lockedUntil} WHEN ${nextCount} >= ${limit} THEN ${lockUntil} ELSE NULL END`,
      },
    })
    .returning({ count: t.count, lockedUntil: t.lockedUntil })
  return row!
}

/**
 * Reserves one password check for this account and address. Returns a block (and checks nothing)
 * when either is over its limit.
 */
export async function reserveSignInAttempt(db: Db, attempt: { email: string; ip: string; now: Date }): Promise<SignInBlock | null> {
  const account = await countAttempt(db, accountKey(attempt.email), MAX_FAILED_ATTEMPTS, attempt.now)
  if (account.count > MAX_FAILED_ATTEMPTS) return { message: MESSAGES.lockedOut, lockedUntil: account.lockedUntil! }
  const ip = await countAttempt(db, ipKey(attempt.ip), MAX_ATTEMPTS_PER_IP, attempt.now)
  if (ip.count > MAX_ATTEMPTS_PER_IP) return { message: MESSAGES.tooManyAttempts, lockedUntil: ip.lockedUntil! }
  return null
}

/** Forgets an account's failed attempts and lock. */
export async function clearSignInLock(db: Db, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, accountKey(email)))
}

/** The password was right: clear the account's count and give the address its slot back. */
export async function releaseSignInAttempt(db: Db, attempt: { email: string; ip: string }): Promise<void> {
  await clearSignInLock(db, attempt.email)
  await db
    .update(signInFailures)
    .set({ count: sql`GREATEST(${signInFailures.count} - 1, 0)` })
    .where(eq(signInFailures.key, ipKey(attempt.ip)))
}

/**
 * The request ended before the password was looked at (a malformed body, a too-short new
 * password): its slot goes back to the account and the address, and a lock this slot set is lifted.
 */
export async function returnSignInAttempt(db: Db, attempt: { email: string; ip: string }): Promise<void> {
  for (const [key, limit] of [
    [accountKey(attempt.email), MAX_FAILED_ATTEMPTS],
    [ipKey(attempt.ip), MAX_ATTEMPTS_PER_IP],
  ] as const) {
    const t = signInFailures
    await db
      .update(t)
      .set({
        count: sql`GREATEST(${t.count} - 1, 0)`,
        lockedUntil: sql`CASE WHEN ${t.count} - 1 < ${limit} THEN NULL ELSE ${t.lockedUntil} END`,
      })
      .where(eq(t.key, key))
  }
}
