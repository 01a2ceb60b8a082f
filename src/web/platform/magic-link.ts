import type { ApiResponse } from '#shared/api-contract.ts'
import { PATHS } from '#shared/routes.ts'
import { api, errorMessage } from '../lib/api-client.ts'
import { toast } from '../stores/toast-store.ts'

/** Sends an emailed link's query to the magic-link endpoint; answers as the server does for the app. */
export type VerifyMagicLink = (query: URLSearchParams) => Promise<ApiResponse<'GET /api/auth/magic-link/verify'>>

/** Through the app's api client, so the bearer session takes the new session from the answer (bearer-session.ts). */
export const verifyMagicLinkWithApi: VerifyMagicLink = (query) => api('GET /api/auth/magic-link/verify', { query })

/** The sign-in form's code step (server: auth/second-factor-everywhere.ts SECOND_FACTOR_PAGE). */
const SECOND_FACTOR_PAGE = `${PATHS.auth}?step=two-factor`

export const MAGIC_LINK_FAILED = 'Could not sign you in with this link'

/**
 * A magic link opened in the app (decision 037). A browser follows the link and gets a cookie; the
 * app sends it to the endpoint itself and the answer carries its session, which the api client's
 * bearer mode keeps. Then: the sign-in return page (`/auth/callback` reads the new session and
 * goes on, as after any sign-in), the code step for an account with two-factor on, or the sign-in
 * page with the server's reason (used or expired link, disabled account…).
 */
export async function completeMagicLink(query: URLSearchParams, deps: { verify: VerifyMagicLink; navigate: (path: string) => void }) {
  try {
    const answer = await deps.verify(query)
    deps.navigate(answer.twoFactorRedirect ? SECOND_FACTOR_PAGE : PATHS.authCallback)
  } catch (error) {
    toast.error(MAGIC_LINK_FAILED, errorMessage(error))
    deps.navigate(PATHS.auth)
  }
}
