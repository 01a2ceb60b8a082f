import { and, asc, eq, gt, ne } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { sessions } from '../db/schema.ts'

/**
 * A signed-in user's own sessions, for "where am I signed in" on /profile. better-auth's
 * list-sessions answers only within a day of signing in (its `freshAge`) and returns every
 * session's token to the page; these need only a valid session and never expose a token.
 */
export interface SessionSummary {
  id: string
  current: boolean
  createdAt: Date
  updatedAt: Date
  expiresAt: Date
  ipAddress: string | null
  userAgent: string | null
}

export async function listUserSessions(db: Db, viewer: { userId: string; sessionId: string }, now: Date): Promise<SessionSummary[]> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, viewer.userId), gt(sessions.expiresAt, now)))
    .orderBy(asc(sessions.createdAt))
  return rows.map((row) => ({ ...row, current: row.id === viewer.sessionId }))
}

/** Ends one of the user's sessions; false when the user has no session with that id. */
export async function revokeUserSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id })
  return deleted.length > 0
}

/** Ends every session of the user except `keepSessionId`; returns how many ended. */
export async function revokeOtherUserSessions(db: Db, userId: string, keepSessionId: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id })
  return deleted.length
}
