import type { BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware } from 'better-auth/api'
import { deleteSessionCookie } from 'better-auth/cookies'
import { generateRandomString } from 'better-auth/crypto'

/**
 * Decision 011: an account with two-factor authentication needs its second factor whatever the
 * first one was. better-auth's twoFactor plugin only stops the password sign-in
 * (`/sign-in/email`); this does the same after a magic link or an outside provider, which both
 * finish with a redirect. The session they just made is deleted and the browser is sent to the
 * sign-in page's code step holding the same challenge the plugin issues for a password sign-in
 * (signed `two_factor` cookie, challenge and attempt counter in `verifications`), so better-auth's
 * own verify-totp and verify-backup-code routes, with their 5-attempt and account lock rules, finish it.
 *
 * `/verify-email` also signs in, but only an account whose email was not yet verified, and such an
 * account can't have two-factor on (turning it on needs a session, which needs a verified email).
 */
const REDIRECT_SIGN_IN_PATHS = new Set(['/magic-link/verify', '/callback/:id'])

/** The web page's second-factor step (src/web/features/auth/sign-in-form.tsx reads `step`). */
export const SECOND_FACTOR_PAGE = '/auth?step=two-factor'

/** Same names and lifetime as better-auth's twoFactor plugin (its `twoFactorCookieMaxAge` default). */
const TWO_FACTOR_COOKIE = 'two_factor'
const CHALLENGE_MAX_AGE_SECONDS = 10 * 60

export function secondFactorOnEverySignIn(deps: { publicUrl: string }): BetterAuthPlugin {
  return {
    id: 'faredrop-second-factor-everywhere',
    hooks: {
      after: [
        {
          matcher: (ctx) => REDIRECT_SIGN_IN_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession
            if (!signedIn?.user.twoFactorEnabled) return

            deleteSessionCookie(ctx, true)
            await ctx.context.internalAdapter.deleteSession(signedIn.session.token)
            ctx.context.setNewSession(null)

            const challenge = `2fa-${generateRandomString(20)}`
            const expiresAt = new Date(Date.now() + CHALLENGE_MAX_AGE_SECONDS * 1000)
            await ctx.context.internalAdapter.createVerificationValue({ identifier: challenge, value: signedIn.user.id, expiresAt })
            await ctx.context.internalAdapter.createVerificationValue({ identifier: `2fa-attempts-${challenge}`, value: '0', expiresAt })
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: CHALLENGE_MAX_AGE_SECONDS })
            await ctx.setSignedCookie(cookie.name, challenge, ctx.context.secret, cookie.attributes)
            throw ctx.redirect(`${deps.publicUrl}${SECOND_FACTOR_PAGE}`)
          }),
        },
      ],
    },
  }
}
