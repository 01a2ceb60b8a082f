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
