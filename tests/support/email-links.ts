import type { TestApp } from './test-app.ts'

/** Asks for a password reset for `email`, as the recovery form does; the answer is the same for any address. */
export function requestReset(t: TestApp, email: string): Promise<Response> {
  return t.client().request('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo: '/auth?type=recovery' } })
}

/** Asks for a password reset and returns the token the emailed recovery link carries. */
export async function resetToken(t: TestApp, email: string): Promise<string> {
  await requestReset(t, email)
  const link = (await t.lastEmail(email))!.links.find((l) => l.includes('type=recovery'))!
  return new URL(link).searchParams.get('token')!
}

/** Asks for a magic link and returns the path (and query) of the emailed link, to open with a client. */
export async function magicLinkPath(t: TestApp, email: string): Promise<string> {
  await t.client().request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email, callbackURL: '/' } })
  const link = new URL((await t.lastEmail(email))!.links.find((l) => l.includes('/magic-link/verify'))!)
  return link.pathname + link.search
}

/** Sets a new password with a recovery token, as the recovery page does. */
export function resetPassword(t: TestApp, token: string, newPassword: string): Promise<Response> {
  return t.client().request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } })
}

/** The path (and query) of the newest verification link emailed to `email`, to open with a client. */
export async function verificationLinkPath(t: TestApp, email: string): Promise<string> {
  const link = new URL((await t.lastEmail(email))!.links.find((l) => l.includes('/verify-email?token='))!)
  return `/api/auth/verify-email?token=${encodeURIComponent(link.searchParams.get('token')!)}`
}
