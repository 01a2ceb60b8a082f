import { desc, eq } from 'drizzle-orm'
import { PHONE_CODE_MESSAGES, PHONE_CODE_RULES, type PhoneState } from '#shared/phone-verification.ts'
import { phoneVerificationCodes, profiles } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import type { PhoneDeps } from './issue-phone-code.ts'
import { phoneCodeMatches } from './phone-code.ts'
import { lockPhoneProfile, readPhoneState } from './phone-state.ts'

/** A code problem is shown under the code field, like a validation error. */
const codeError = (message: string) => new AppError('validation_failed', message, { fieldErrors: { code: [message] } })

/**
 * Checks a typed code against the newest code sent to the saved number. The right code (once, in
 * time, within the tries) verifies the number. A wrong one costs a try; the count is committed
 * before answering, so it is returned from the transaction rather than thrown (which rolls back).
 * Verifying an already verified number answers its state: a double submit is no error.
 */
export async function verifyPhone(deps: PhoneDeps, userId: string, code: string): Promise<PhoneState> {
  const now = deps.now()
  const key = await deps.codeKey()
  const wrong = await deps.db.transaction(async (tx): Promise<string | null> => {
    const profile = await lockPhoneProfile(tx, userId)
    if (!profile.phone) throw new AppError('conflict', PHONE_CODE_MESSAGES.noPhone)
    if (profile.phoneVerifiedAt) return null
    const [newest] = await tx
      .select()
      .from(phoneVerificationCodes)
      .where(eq(phoneVerificationCodes.userId, userId))
      .orderBy(desc(phoneVerificationCodes.createdAt))
      .limit(1)
    if (!newest || newest.phone !== profile.phone || newest.usedAt) throw codeError(PHONE_CODE_MESSAGES.noCode)
    if (newest.attempts >= PHONE_CODE_RULES.maxAttempts) throw new AppError('rate_limited', PHONE_CODE_MESSAGES.tooManyWrong)
    if (newest.expiresAt <= now) throw codeError(PHONE_CODE_MESSAGES.expired)

    if (!phoneCodeMatches(key, newest.codeHash, { userId, phone: profile.phone, code })) {
      const attempts = newest.attempts + 1
      await tx.update(phoneVerificationCodes).set({ attempts }).where(eq(phoneVerificationCodes.id, newest.id))
      const left = PHONE_CODE_RULES.maxAttempts - attempts
      return left > 0 ? PHONE_CODE_MESSAGES.wrong(left) : PHONE_CODE_MESSAGES.lastWrong
    }
    await tx.update(phoneVerificationCodes).set({ usedAt: now }).where(eq(phoneVerificationCodes.id, newest.id))
    await tx.update(profiles).set({ phoneVerifiedAt: now, updatedAt: now }).where(eq(profiles.id, userId))
    return null
  })
  if (wrong) throw codeError(wrong)
  return readPhoneState(deps.db, userId, now)
}
