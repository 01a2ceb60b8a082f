import type { Db } from '../db/client.ts'
import type { Logger } from '../lib/logger.ts'
import { SIGN_IN_CODE_TTL_SECONDS } from './auth.ts'
import { phoneForSignInCode } from './second-factors.ts'

export const signInCodeText = (code: string) =>
  `FareDrop sign-in code: ${code}. It expires in ${SIGN_IN_CODE_TTL_SECONDS / 60} minutes. Never share it: FareDrop will never ask for it.`

/**
 * better-auth's `sendOTP` for the text-message factor (decision 031): the code goes to the user's
 * factor's number through the SMS driver. The limits per number (once a minute, 5 an hour, A12) are
 * taken before better-auth makes the code (second-factor-routes.ts). A failed text is logged;
 * better-auth answers the request the same either way.
 */
/** The SMS driver's plain-text sender (notifications' SmsTextSender; named here so auth needn't import notifications). */
interface TextSender {
  send(to: string, text: string): Promise<void>
}

export function signInCodeTexter(deps: { db: Db; sms: TextSender; logger: Logger }) {
  return async (userId: string, code: string): Promise<void> => {
    const phone = await phoneForSignInCode(deps.db, userId)
    if (!phone) {
      deps.logger.warn('sign-in code not texted: the user has no text-message factor')
      return
    }
    await deps.sms.send(phone, signInCodeText(code))
  }
}
