import { createHash, randomBytes } from 'node:crypto'
import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm'
import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX, MAX_API_TOKENS, type ApiTokenScope, type ApiTokenView, type CreatedApiToken } from '#shared/api-tokens.ts'
import type { Db } from '../db/client.ts'
import { apiTokens } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { lockOwnerPlan } from '../alerts/alert-scope.ts'
import { isUuid } from '../lib/uuid.ts'

/** What is kept of a token: its SHA-256 (the token has 256 random bits, so no slow hash is needed). */
export const hashApiToken = (token: string): string => createHash('sha256').update(token).digest('hex')

const view = (row: typeof apiTokens.$inferSelect): ApiTokenView => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
})

export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenView[]> {
  const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(asc(apiTokens.createdAt), asc(apiTokens.id))
  return rows.map(view)
}

/**
 * A new token for an Unlimited account: `fd_` and 32 random bytes (base64url), shown once. Counted
 * under the profile lock, so parallel requests can't pass the cap.
 */
export async function createApiToken(db: Db, userId: string, input: { name: string; scopes: ApiTokenScope[] }): Promise<CreatedApiToken> {
  return db.transaction(async (tx) => {
    const plan = await lockOwnerPlan(tx, userId)
    if (plan !== 'unlimited') throw new AppError('forbidden', API_TOKEN_MESSAGES.planOnly)
    const [held] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId))
    if ((held?.n ?? 0) >= MAX_API_TOKENS) throw new AppError('conflict', API_TOKEN_MESSAGES.tooMany)
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
    const [row] = await tx
      .insert(apiTokens)
      .values({ userId, name: input.name, scopes: input.scopes, tokenHash: hashApiToken(token), prefix: `${token.slice(0, 9)}…` })
      .returning()
    return { token, apiToken: view(row!) }
  })
}

/** Revokes one of the caller's tokens; another user's id reads as no such token. */
export async function revokeApiToken(db: Db, userId: string, id: string): Promise<void> {
  const deleted = isUuid(id) ? await db.delete(apiTokens).where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId))).returning({ id: apiTokens.id }) : []
  if (deleted.length === 0) throw new AppError('not_found', API_TOKEN_MESSAGES.notFound)
}

/** The token's row, or null; a found token's last use is recorded at most once a minute (no write per request). */
export async function findApiToken(db: Db, token: string, now: Date): Promise<typeof apiTokens.$inferSelect | null> {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.tokenHash, hashApiToken(token)))
  if (!row) return null
  const aMinuteAgo = new Date(now.getTime() - 60_000)
  if (!row.lastUsedAt || row.lastUsedAt < aMinuteAgo) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, aMinuteAgo))))
  }
  return row
}
