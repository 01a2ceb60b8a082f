import { PHONE_CODE_MESSAGES, type PhoneState } from '#shared/phone-verification.ts'
import { AppError } from '../lib/app-error.ts'
import { deliverPhoneCode, issuePhoneCode, type PhoneDeps } from './issue-phone-code.ts'
import { lockPhoneProfile, readPhoneState } from './phone-state.ts'

/** "Resend code": a new code for the saved, unverified number, within the send limits (429 otherwise). */
export async function sendPhoneCode(deps: PhoneDeps, userId: string): Promise<PhoneState> {
  const now = deps.now()
  const key = await deps.codeKey()
  const issued = await deps.db.transaction(async (tx) => {
    const profile = await lockPhoneProfile(tx, userId)
    if (!profile.phone) throw new AppError('conflict', PHONE_CODE_MESSAGES.noPhone)
    if (profile.phoneVerifiedAt) throw new AppError('conflict', PHONE_CODE_MESSAGES.alreadyVerified)
    return issuePhoneCode(tx, { userId, phone: profile.phone, now, key })
  })
  await deliverPhoneCode(deps, issued)
  return readPhoneState(deps.db, userId, now)
}

/**
 * POST /api/auth/resend with a phone: the same, but only when `phone` is the user's saved number
 * (a caller can't have a code texted anywhere else).
 */
export async function resendPhoneCodeTo(deps: PhoneDeps, userId: string, phone: string): Promise<void> {
  const { phone: saved } = await readPhoneState(deps.db, userId, deps.now())
  if (saved !== phone) throw new AppError('conflict', PHONE_CODE_MESSAGES.notYourNumber)
  await sendPhoneCode(deps, userId)
}
