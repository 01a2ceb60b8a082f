import { queryOptions } from '@tanstack/react-query'
import { CAPTCHA_HEADER } from '#shared/captcha.ts'
import type { Role } from '#shared/roles.ts'
import { api, ApiError } from '../../lib/api-client.ts'

export interface Me {
  user: { id: string; email: string; name: string; emailVerified: boolean }
  profile: { role: Role; subscription_tier: string }
  emails: { id: string; email: string; is_primary: boolean; is_verified: boolean; verified_at: string | null }[]
}

/** The signed-in user, or null when signed out. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }): Promise<Me | null> => {
    const session = await api<Me | { user: null }>('/api/session', { signal })
    return session.user ? (session as Me) : null
  },
})

const challenged = (captchaToken: string) => ({ [CAPTCHA_HEADER]: captchaToken })

export function signInWithPassword(input: { email: string; password: string; captchaToken: string }) {
  return api<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
    json: { email: input.email, password: input.password, rememberMe: true },
    headers: challenged(input.captchaToken),
  })
}

export function signUp(input: { email: string; password: string; firstName: string; lastName: string; captchaToken: string }) {
  return api('/api/auth/sign-up/email', {
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
  return api('/api/auth/sign-in/magic-link', { json: { email: input.email, callbackURL: '/' }, headers: challenged(input.captchaToken) })
}

export function requestPasswordReset(input: { email: string; captchaToken: string }) {
  return api('/api/auth/request-password-reset', {
    json: { email: input.email, redirectTo: '/auth?type=recovery' },
    headers: challenged(input.captchaToken),
  })
}

export function resetPassword(input: { token: string; password: string }) {
  return api('/api/auth/reset-password', { json: { token: input.token, newPassword: input.password } })
}

export function verifyEmail(token: string) {
  return api(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)
}

export function resendVerificationEmail(email: string) {
  return api('/api/auth/send-verification-email', { json: { email, callbackURL: '/' } })
}

/** Signs out on the server; 401/403/404 mean the session was already gone, which is fine. */
export async function signOut() {
  try {
    await api('/api/auth/sign-out', { json: {} })
  } catch (error) {
    if (!(error instanceof ApiError && [401, 403, 404].includes(error.status))) console.error('Sign-out failed', error)
  }
}
