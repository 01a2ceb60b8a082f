import { and, desc, eq, gt } from 'drizzle-orm'
import { PHONE_CODE_RULES, type PhoneState } from '#shared/phone-verification.ts'
import type { Db } from '../db/client.ts'
import { phoneVerificationCodes, profiles } from '../db/schema.ts'
import { HOUR_MS, nextCodeWait } from './phone-code-limits.ts'

export type PhoneCodeRow = typeof phoneVerificationCodes.$inferSelect

export interface PhoneProfile {
  phone: string | null
  phoneVerifiedAt: Date | null
}

/**
 * Locks the user's profile row for the rest of the transaction. Every phone write (save, send a
 * code, verify) takes it first, so two requests can't both pass the send limits, or both spend the
 * last try of a code.
 */
export async function lockPhoneProfile(tx: Db, userId: string): Promise<PhoneProfile> {
  const select = () =>
    tx.select({ phone: profiles.phone, phoneVerifiedAt: profiles.phoneVerifiedAt }).from(profiles).where(eq(profiles.id, userId)).for('update')
  let [profile] = await select()
  if (!profile) {
    // Sign-up creates the profile (ensure-account-records); a lost row must not 500.
    await tx.insert(profiles).values({ id: userId }).onConflictDoNothing()
    ;[profile] = await select()
  }
  return profile ?? { phone: null, phoneVerifiedAt: null }
}

/** The user's codes sent within the hour, newest first: the send limits and the live code read them. */
export function recentCodes(db: Db, userId: string, now: Date): Promise<PhoneCodeRow[]> {
  return db
    .select()
    .from(phoneVerificationCodes)
    .where(and(eq(phoneVerificationCodes.userId, userId), gt(phoneVerificationCodes.createdAt, new Date(now.getTime() - HOUR_MS))))
    .orderBy(desc(phoneVerificationCodes.createdAt))
}

/**
 * The code that may still verify the profile's number: the newest one (a new code replaces the
 * old), sent to the number saved now, not used, not expired, with tries left. Null otherwise.
 */
export function liveCode(profile: PhoneProfile, codes: readonly PhoneCodeRow[], now: Date): PhoneCodeRow | null {
  const newest = codes[0]
  if (!newest || !profile.phone || profile.phoneVerifiedAt || newest.phone !== profile.phone) return null
  if (newest.usedAt || newest.expiresAt <= now || newest.attempts >= PHONE_CODE_RULES.maxAttempts) return null
  return newest
}

export function toPhoneState(profile: PhoneProfile, codes: readonly PhoneCodeRow[], now: Date): PhoneState {
  const code = liveCode(profile, codes, now)
  return {
    phone: profile.phone,
    verified: Boolean(profile.phone && profile.phoneVerifiedAt),
    verifiedAt: profile.phone && profile.phoneVerifiedAt ? profile.phoneVerifiedAt.toISOString() : null,
    pendingCode: code
      ? { sentAt: code.createdAt.toISOString(), expiresAt: code.expiresAt.toISOString(), attemptsLeft: PHONE_CODE_RULES.maxAttempts - code.attempts }
      : null,
    resendInSeconds: nextCodeWait(codes.map((row) => row.createdAt), now)?.seconds ?? 0,
  }
}

export async function readPhoneState(db: Db, userId: string, now: Date): Promise<PhoneState> {
  const [profile] = await db.select({ phone: profiles.phone, phoneVerifiedAt: profiles.phoneVerifiedAt }).from(profiles).where(eq(profiles.id, userId))
  return toPhoneState(profile ?? { phone: null, phoneVerifiedAt: null }, await recentCodes(db, userId, now), now)
}
