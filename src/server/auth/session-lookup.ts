import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { LRUCache } from 'lru-cache'
import { effectiveRole } from '#shared/roles.ts'
import type { Db } from '../db/client.ts'
import { changeFeedOf } from '../db/change-feed.ts'
import { profiles, sessions, users } from '../db/schema.ts'
import type { Auth } from './auth.ts'
import type { Viewer } from './viewer.ts'

/**
 * Who is signed in, read in one query: session, user and profile together, instead of
 * better-auth's get-session (two queries and its endpoint machinery) plus a profile query
 * (decision 020). On the embedded database the row is kept in memory until a change to that
 * user's sessions, user row or profile is committed (decision 029, db/change-feed.ts); elsewhere
 * it is read on every request. Either way a session that sign-out, revocation, a password reset
 * or account deletion removed is gone at the next request.
 *
 * It answers only where better-auth's get-session would give the same answer without writing
 * anything: no session cookie (signed out), a cookie whose signature checks out naming no session
 * (signed out), or a live session that is not yet due for its daily refresh (signed in). Anything
 * else (a signature it can't verify, an expired session that better-auth deletes, a session due
 * for refresh that better-auth extends) is `undefined`: ask better-auth.
 */
export async function lookUpSession(c: Context, deps: { auth: Auth; db: Db }): Promise<Viewer | null | undefined> {
  const { authCookies, secret, sessionConfig } = await deps.auth.$context
  const cookie = getCookie(c, authCookies.sessionToken.name)
  if (cookie === undefined) return null
  const token = verifiedToken(cookie, secret)
  if (token === null) return undefined

  const row = await sessionRow(deps.db, 'token', token)
  if (!row) return null
  // better-auth's own clock and rules (api/routes/session.ts), so both agree on every session.
  const now = Date.now()
  const expiresAt = row.expiresAt.getTime()
  if (expiresAt < now) return undefined
  if (expiresAt - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= now) return undefined
  return viewerOf(row)
}

/**
 * The token of a signed session cookie (`token.signature`, HMAC-SHA256 in base64, as
 * better-auth signs it), or null when the signature is not exactly the one we would write.
 */
export function verifiedToken(cookie: string, secret: string): string | null {
  const dot = cookie.lastIndexOf('.')
  if (dot < 1) return null
  const token = cookie.slice(0, dot)
  const given = Buffer.from(cookie.slice(dot + 1))
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'))
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null
}

/** The cookie value better-auth would set for a session token (`token.signature`, URL-encoded as it writes it). */
export function signedSessionCookie(token: string, secret: string): string {
  return encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)
}

/**
 * A session by its id, for the native app's access tokens (auth/bearer-access.ts): the viewer it
 * stands for, its token (so better-auth's own endpoints can be shown the session cookie) and its
 * expiry. Kept in memory on the embedded database exactly like the token lookup. Null when no
 * such session exists (signed out, revoked, the user deleted).
 */
export async function lookUpSessionById(db: Db, sessionId: string): Promise<{ viewer: Viewer; token: string; expiresAt: Date } | null> {
  const row = await sessionRow(db, 'id', sessionId)
  if (!row) return null
  return { viewer: viewerOf(row), token: row.token, expiresAt: row.expiresAt }
}

function viewerOf(row: SessionRow): Viewer {
  return {
    user: { id: row.userId, email: row.email, name: row.name, emailVerified: row.emailVerified },
    sessionId: row.sessionId,
    role: effectiveRole(row.role),
    subscriptionTier: row.subscriptionTier ?? 'free',
  }
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareViewerQuery>['execute']>>[number]
type LookUpBy = 'token' | 'id'

/** Live sessions kept per embedded database, by token (and by id, prefixed); a few hundred bytes each. */
const keptRows = new WeakMap<Db, LRUCache<string, { row: SessionRow; mark: number }>>()
const MAX_KEPT_SESSIONS = 50_000

/** The session's row, from memory while no change to its user was committed since it was read. */
async function sessionRow(db: Db, by: LookUpBy, key: string): Promise<SessionRow | undefined> {
  const changes = changeFeedOf(db)
  if (!changes) return (await viewerQuery(db, by).execute({ key }))[0]
  let kept = keptRows.get(db)
  if (!kept) keptRows.set(db, (kept = new LRUCache({ max: MAX_KEPT_SESSIONS })))
  // Tokens are alphanumeric, so an id's key (with its colon) never equals a token's.
  const cacheKey = by === 'token' ? key : `id:${key}`
  const hit = kept.get(cacheKey)
  if (hit && !changes.changedSince(hit.row.userId, hit.mark)) return hit.row
  const mark = changes.mark()
  const [row] = await viewerQuery(db, by).execute({ key })
  if (row) kept.set(cacheKey, { row, mark })
  else kept.delete(cacheKey)
  return row
}

/** One prepared statement per database and key: built once, and planned once per connection on PostgreSQL. */
const statements = new WeakMap<Db, Record<LookUpBy, ReturnType<typeof prepareViewerQuery>>>()

function viewerQuery(db: Db, by: LookUpBy) {
  let statement = statements.get(db)
  if (!statement) statements.set(db, (statement = { token: prepareViewerQuery(db, 'token'), id: prepareViewerQuery(db, 'id') }))
  return statement[by]
}

function prepareViewerQuery(db: Db, by: LookUpBy) {
  return db
    .select({
      sessionId: sessions.id,
      token: sessions.token,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      role: profiles.role,
      subscriptionTier: profiles.subscriptionTier,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(by === 'token' ? sessions.token : sessions.id, sql.placeholder('key')))
    .prepare(by === 'token' ? 'viewer_by_session_token' : 'viewer_by_session_id')
}
