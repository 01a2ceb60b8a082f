import { queryOptions } from '@tanstack/react-query'
import { CAPTCHA_HEADER } from '#shared/captcha.ts'
import type { SessionSummary } from '#shared/account.ts'
import type { AuthSession } from '#shared/api-contract.ts'
import { api, ApiError, unauthorized } from '../../lib/api-client.ts'

export type { AuthSession, SessionSummary }

const challenged = (captchaToken: string) => ({ [CAPTCHA_HEADER]: captchaToken })

export function signInWithPassword(input: { email: string; password: string; captchaToken: string }) {
  return api('POST /api/auth/sign-in/email', {
    json: { email: input.email, password: input.password, rememberMe: true },
    headers: challenged(input.captchaToken),
  })
}

export function signUp(input: { email: string; password: string; firstName: string; lastName: string; captchaToken: string }) {
  return api('POST /api/auth/sign-up/email', {
    json: {
      email: input.email,
      password: input.password,
      name: `${input.firstName} ${input.lastName}`.trim(),
      firstName: input.firstName,
      lastName: input.lastName,
      callbackURL: '/',
    },
    headers: challenged(input.captchaToken),
  })
}

export function sendMagicLink(input: { email: string; captchaToken: string }) {
  return api('POST /api/auth/sign-in/magic-link', { json: { email: input.email, callbackURL: '/' }, headers: challenged(input.captchaToken) })
}

export function requestPasswordReset(input: { email: string; captchaToken: string }) {
  return api('POST /api/auth/request-password-reset', {
    json: { email: input.email, redirectTo: '/auth?type=recovery' },
    headers: challenged(input.captchaToken),
  })
}

export function resetPassword(input: { token: string; password: string }) {
  return api('POST /api/auth/reset-password', { json: { token: input.token, newPassword: input.password } })
}

export function verifyEmail(token: string) {
  return api('GET /api/auth/verify-email', { query: new URLSearchParams({ token }) })
}

/** A new verification link (spec: resend with email, type and the challenge token). */
export function resendVerification(input: { email: string; captchaToken: string }) {
  return api('POST /api/auth/resend', { json: { email: input.email, type: 'signup' }, headers: challenged(input.captchaToken) })
}

/** Signs out on the server; 401/403/404 mean the session was already gone, which is fine. */
export async function signOut() {
  try {
    await api('POST /api/auth/sign-out', { json: {} })
  } catch (error) {
    if (!(error instanceof ApiError && [401, 403, 404].includes(error.status))) console.error('Sign-out failed', error)
  }
}

// ---- Profile and security settings (better-auth endpoints under /api/auth) ----


/**
 * The current better-auth session (its id marks "this device") and user (names, 2FA flag).
 * Under ['me'] so everything that refreshes the viewer refreshes this too.
 */
export const authSessionQueryOptions = queryOptions({
  queryKey: ['me', 'auth-session'],
  queryFn: async ({ signal }) => {
    // better-auth answers 200 with nothing when the session is gone: to the page that is a 401.
    const session = await api('GET /api/auth/get-session', { signal })
    if (!session) throw unauthorized()
    return session
  },
})

/**
 * Every active session of the signed-in user, from our own endpoint: better-auth's list-sessions
 * only answers within a day of signing in.
 */
export const sessionsQueryOptions = queryOptions({
  queryKey: ['me', 'sessions'],
  queryFn: async ({ signal }) => (await api('GET /api/me/sessions', { signal })).sessions,
})

export function updateProfileName(input: { firstName: string; lastName: string }) {
  return api('POST /api/auth/update-user', {
    json: { name: `${input.firstName} ${input.lastName}`.trim(), firstName: input.firstName, lastName: input.lastName },
  })
}

/** Changes the password and signs every other session out (the current one gets a fresh session). */
export function changePassword(input: { currentPassword: string; newPassword: string }) {
  return api('POST /api/auth/change-password', {
    json: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
  })
}

/** Signs one of the user's sessions out (a session of someone else is a 404). */
export function revokeSession(id: string) {
  return api('DELETE /api/me/sessions/:id', { params: { id } })
}

/** Signs out every session but this one; answers how many ended. */
export function revokeOtherSessions() {
  return api('POST /api/me/sessions/revoke-others', { json: {} })
}

/** Starts TOTP set-up: the authenticator URI and backup codes; 2FA is on once a code is verified. */
export function enableTwoFactor(password: string) {
  return api('POST /api/auth/two-factor/enable', { json: { password } })
}

/** Confirms TOTP set-up when signed in, or completes a sign-in waiting for its second factor. */
export function verifyTotp(code: string) {
  return api('POST /api/auth/two-factor/verify-totp', { json: { code, trustDevice: false } })
}

/** Completes a sign-in with a one-time backup code (each code works once). */
export function verifyBackupCode(code: string) {
  return api('POST /api/auth/two-factor/verify-backup-code', { json: { code, trustDevice: false } })
}

export function disableTwoFactor(password: string) {
  return api('POST /api/auth/two-factor/disable', { json: { password } })
}

/** Replaces every backup code with a new set. */
export function generateBackupCodes(password: string) {
  return api('POST /api/auth/two-factor/generate-backup-codes', { json: { password } })
}

/** Deletes the account and everything in it (profile, emails, sessions, alerts). */
export function deleteAccount(password: string) {
  return api('POST /api/auth/delete-user', { json: { password } })
}

/** The account's ways in: its password and the outside providers linked to it. */
export const linkedAccountsQueryOptions = queryOptions({
  queryKey: ['me', 'linked-accounts'],
  queryFn: ({ signal }) => api('GET /api/auth/list-accounts', { signal }),
})

/** Where the provider sends the browser back after linking; a failure adds `&error=`. */
export const LINK_RETURN_PARAM = 'link'

/** Starts linking `provider` to the signed-in account: returns the provider's authorization URL. */
export async function startLinkingProvider(provider: string): Promise<string> {
  const back = `/profile?${LINK_RETURN_PARAM}=${encodeURIComponent(provider)}`
  const { url } = await api('POST /api/auth/link-social', { json: { provider, callbackURL: back, errorCallbackURL: back, disableRedirect: true } })
  return url
}

/** Removes one way in; the server refuses the last one. */
export function unlinkAccount(accountId: string) {
  return api('POST /api/auth/unlink-account', { json: { accountId } })
}

/** The signed-in user's second factors (authenticator app, text messages), with their names. */
export const secondFactorsQueryOptions = queryOptions({
  queryKey: ['me', 'second-factors'],
  queryFn: async ({ signal }) => (await api('GET /api/me/second-factors', { signal })).factors,
})

/** A text-message factor on the verified phone; it counts once its first code is typed (`verifySignInCode`). */
export function addPhoneFactor(friendlyName: string) {
  return api('POST /api/me/second-factors', { json: { factorType: 'phone', friendlyName } })
}

export function renameSecondFactor(id: string, friendlyName: string) {
  return api('PATCH /api/me/second-factors/:id', { params: { id }, json: { friendlyName } })
}

export function removeSecondFactor(id: string, password: string) {
  return api('DELETE /api/me/second-factors/:id', { params: { id }, json: { password } })
}

/** Texts a code to the text-message factor: while setting it up, or at the second step of a sign-in. */
export function sendSignInCode() {
  return api('POST /api/auth/two-factor/send-otp', { json: {} })
}

/** Checks a texted code: confirms the factor being set up, or completes the sign-in. */
export function verifySignInCode(code: string) {
  return api('POST /api/auth/two-factor/verify-otp', { json: { code, trustDevice: false } })
}

/** What the pending sign-in's second step may offer. */
export function secondFactorMethods() {
  return api('GET /api/auth/second-factor/methods')
}
