import { and, eq, lt, notExists, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { accounts, users } from '../db/schema.ts'

/**
 * Issue 12, finding 5: better-auth writes a sign-up's user and its password in two statements
 * (its Drizzle adapter runs without transactions here, since our hooks read through the shared
 * connection). A crash between them leaves an address with a user and no way to sign in, and the
 * next sign-up for it answered a silent 200 that created nothing.
 *
 * Such a user is unverified and has no account row of any kind (no password, no outside
 * provider). Before a sign-up for its address, it is removed, so the sign-up starts afresh. Only
 * users older than a minute: a sign-up still in flight has the same shape for a moment.
 */
export const UNFINISHED_AFTER_MS = 60_000

export async function removeUnfinishedSignUp(db: Db, email: string, now: Date): Promise<number> {
  const address = email.trim().toLowerCase()
  if (address === '') return 0
  const removed = await db
    .delete(users)
    .where(
      and(
        eq(users.email, address),
        eq(users.emailVerified, false),
        lt(users.createdAt, new Date(now.getTime() - UNFINISHED_AFTER_MS)),
        notExists(db.select({ one: sql`1` }).from(accounts).where(eq(accounts.userId, users.id))),
      ),
    )
    .returning({ id: users.id })
  return removed.length
}
