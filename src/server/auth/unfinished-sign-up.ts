import { and, eq, lt, notExists, sql, type SQL } from 'drizzle-orm'
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
 * users older than a minute: a sign-up still in flight has the same shape for a moment. On the
 * embedded database the process that starts is the only one, so no sign-up is in flight: at start
 * every such user is removed (`removeAllUnfinishedSignUps`), and a sign-up cut short by the crash
 * that came before can be made again at once.
 */
export const UNFINISHED_AFTER_MS = 60_000

export async function removeUnfinishedSignUp(db: Db, email: string, now: Date): Promise<number> {
  const address = email.trim().toLowerCase()
  if (address === '') return 0
  return removeUnfinished(db, and(eq(users.email, address), lt(users.createdAt, new Date(now.getTime() - UNFINISHED_AFTER_MS))))
}

/** At the start of the embedded database's only process: every unfinished sign-up, whatever its age. */
export const removeAllUnfinishedSignUps = (db: Db): Promise<number> => removeUnfinished(db, undefined)

async function removeUnfinished(db: Db, which: SQL | undefined): Promise<number> {
  const removed = await db
    .delete(users)
    .where(and(which, eq(users.emailVerified, false), notExists(db.select({ one: sql`1` }).from(accounts).where(eq(accounts.userId, users.id)))))
    .returning({ id: users.id })
  return removed.length
}
