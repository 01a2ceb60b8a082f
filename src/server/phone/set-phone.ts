import { and, eq, isNull } from 'drizzle-orm'
import type { PhoneState } from '#shared/phone-verification.ts'
import type { Db } from '../db/client.ts'
import { profiles } from '../db/schema.ts'
import { closeOpenCodes, deliverPhoneCode, issuePhoneCode, type IssuedCode, type PhoneDeps } from './issue-phone-code.ts'
import { lockPhoneProfile, readPhoneState, type PhoneProfile } from './phone-state.ts'

/**
 * Saves (or, with null, removes) the user's number. A new number is stored unverified and texted a
 * code. When the code can't go (send limits: 429; the provider refused or failed: 400/502) the
 * request changes nothing, so an error always means "not saved" and Save can simply be pressed
 * again. Saving the number already saved changes nothing and texts nothing ("Resend code" does).
 */
export async function setPhone(deps: PhoneDeps, userId: string, phone: string | null): Promise<PhoneState> {
  const now = deps.now()
  const key = phone ? await deps.codeKey() : ''
  const change = await deps.db.transaction(async (tx): Promise<{ issued: IssuedCode; previous: PhoneProfile } | null> => {
    const profile = await lockPhoneProfile(tx, userId)
    if (profile.phone === phone) return null
    const issued = phone ? await issuePhoneCode(tx, { userId, phone, now, key }) : null
    if (!phone) await closeOpenCodes(tx, userId, now)
    // Whoever proved the old number proved nothing about this one.
    await tx.update(profiles).set({ phone, phoneVerifiedAt: null, updatedAt: now }).where(eq(profiles.id, userId))
    return issued ? { issued, previous: profile } : null
  })
  if (change) {
    try {
      await deliverPhoneCode(deps, change.issued)
    } catch (error) {
      await restoreNumber(deps.db, userId, change.issued.phone, change.previous)
      throw error
    }
  }
  return readPhoneState(deps.db, userId, now)
}

/** Puts the earlier number (and its verification) back, unless the number was changed again meanwhile. */
async function restoreNumber(db: Db, userId: string, unsent: string, previous: PhoneProfile): Promise<void> {
  await db
    .update(profiles)
    .set({ phone: previous.phone, phoneVerifiedAt: previous.phoneVerifiedAt })
    .where(and(eq(profiles.id, userId), eq(profiles.phone, unsent), isNull(profiles.phoneVerifiedAt)))
}
