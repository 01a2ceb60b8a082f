import { and, asc, eq } from 'drizzle-orm'
import type { BearerSessionUser } from '#shared/bearer-session.ts'
import type { Db } from '../db/client.ts'
import { accounts, userEmails } from '../db/schema.ts'
import { listSecondFactors } from './second-factors.ts'

/**
 * The `user` of a bearer session (the spec's email, email_confirmed_at, identities, factors), read
 * fresh at each refresh: a factor added or a provider linked on another device shows up within one
 * access token's life.
 */
export async function bearerSessionUser(db: Db, user: { id: string; email: string; emailVerified: boolean }): Promise<BearerSessionUser> {
  const [confirmed, identities, factors] = await Promise.all([
    db
      .select({ verifiedAt: userEmails.verifiedAt })
      .from(userEmails)
      .where(and(eq(userEmails.userId, user.id), eq(userEmails.email, user.email))),
    db
      .select({ id: accounts.id, provider: accounts.providerId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, user.id))
      .orderBy(asc(accounts.createdAt)),
    listSecondFactors(db, user.id),
  ])
  // Every session starts with the address recorded (ensureAccountRecords); its time is when it was confirmed.
  const confirmedAt = user.emailVerified ? (confirmed[0]?.verifiedAt ?? null) : null
  return {
    id: user.id,
    email: user.email,
    email_confirmed_at: confirmedAt?.toISOString() ?? null,
    identities: identities.map((identity) => ({ id: identity.id, provider: identity.provider, created_at: identity.createdAt.toISOString() })),
    factors,
  }
}
