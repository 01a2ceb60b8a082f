import { Hono } from 'hono'
import { ResendSchema } from '#shared/auth.ts'
import { CAPTCHA_HEADER } from '#shared/captcha.ts'
import type { Db } from '../db/client.ts'
import { jsonBody } from '../http/json-body.ts'
import { AppError } from '../lib/app-error.ts'
import type { Auth } from './auth.ts'
import type { ChallengeVerifier } from './routes.ts'
import { getViewer } from './viewer.ts'
import type { ApiBody } from '#shared/api-contract.ts'

export interface ResendDeps {
  auth: Auth
  db: Db
  captcha: ChallengeVerifier
  /** Texts a new code to the user's saved, unverified number when it is `phone`; refuses otherwise (phone/). */
  resendPhoneCode: (userId: string, phone: string) => Promise<void>
}

/**
 * POST /api/auth/resend (spec section 7): send a verification again, behind the challenge.
 * - `signup` + email: a new verification link. The answer is the same whether the address has an
 *   account waiting, is already confirmed or is unknown (better-auth answers all three alike, with
 *   a 500 ms floor), and the per-inbox limit (mail-flood-guard.ts) applies.
 * - `sms` + phone: a new code for the signed-in user's number waiting to be verified, within the
 *   phone code limits. A phone number names no account, so it needs the session.
 */
export function resendRoutes(deps: ResendDeps) {
  return new Hono().post('/', async (c) => {
    await deps.captcha.verify(c.req.header(CAPTCHA_HEADER))
    const input = ResendSchema.parse(await jsonBody(c))
    if (input.type === 'signup') {
      await deps.auth.api.sendVerificationEmail({ body: { email: input.email, callbackURL: '/' } })
    } else {
      const viewer = await getViewer(c, deps)
      if (!viewer) throw new AppError('unauthorized', 'Please sign in to continue.')
      await deps.resendPhoneCode(viewer.user.id, input.phone)
    }
    return c.json({ status: true } satisfies ApiBody<'POST /api/auth/resend'>)
  })
}
