import { queryOptions } from '@tanstack/react-query'
import { CAPTCHA_HEADER } from '#shared/captcha.ts'
import type { SessionSummary } from '#shared/account.ts'
import type { AuthSession } from '#shared/api-contract.ts'
import { api, ApiError } from '../../lib/api-client.ts'

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

export function resendVerificationEmail(email: string) {
  return api('POST /api/auth/send-verification-email', { json: { email, callbackURL: '/' } })
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
  queryFn: ({ signal }) => api('GET /api/auth/get-session', { signal }),
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
