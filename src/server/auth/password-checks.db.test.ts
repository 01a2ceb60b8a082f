import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '#shared/auth.ts'
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { PASSWORD_CHECKED_PATHS } from './routes.ts'

/**
 * A signed-in session is no password oracle (issue 12, finding 3): the probe checked 60 wrong
 * passwords through delete-user in 1.6 s, and 60 through change-password and two-factor/enable
 * from 20 addresses. Every endpoint that checks the password now counts failures per account with
 * sign-in's rule: 5 failures lock it for 15 minutes, whatever address the guesses come from.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

/** A verified user signed in on one client; `from(ip)` is the same session seen from another address. */
async function signedInUser(options: { twoFactor?: boolean } = {}) {
  const client = t.client()
  const email = uniqueEmail('oracle')
  await t.signUp(client, email)
  await t.verifyFromEmail(client, email)
  if (options.twoFactor) await t.enableTwoFactor(client)
  const from = (ip: string): TestClient => {
    const other = t.clientAt(ip)
    for (const [name, value] of client.cookies) other.cookies.set(name, value)
    return other
  }
  return { client, email, from }
}

/** A body for `path` with `password` in its password field (and what else the endpoint needs). */
function bodyFor(path: string, password: string): Record<string, unknown> {
  const field = PASSWORD_CHECKED_PATHS.get(path)!
  const body: Record<string, unknown> = { [field]: password }
  if (path.endsWith('/change-password')) body.newPassword = 'a brand new password'
  return body
}

const needsTwoFactor = (path: string) => /two-factor\/(disable|get-totp-uri|generate-backup-codes)$/.test(path)

describe('password checks from a signed-in session', () => {
  for (const path of PASSWORD_CHECKED_PATHS.keys()) {
    it(`${path}: 60 guesses from 20 addresses check 5 passwords, then the account is locked`, async () => {
      const user = await signedInUser({ twoFactor: needsTwoFactor(path) })
      const answers: { status: number; code?: string; message?: string }[] = []
      for (let i = 0; i < 60; i++) {
        const res = await user.from(`198.51.100.${(i % 20) + 1}`).request(path, { method: 'POST', json: bodyFor(path, `guess-${i}`) })
        const body = (await res.json().catch(() => ({}))) as { error?: { reason?: string; message?: string } }
        answers.push({ status: res.status, code: body.error?.reason, message: body.error?.message })
      }
      const checked = answers.filter((a) => a.code === 'INVALID_PASSWORD')
      expect(checked).toHaveLength(5)
      expect(answers.slice(5).every((a) => a.status === 429 && a.message === MESSAGES.lockedOut)).toBe(true)

      // The right password waits out the lock too, here and at sign-in: the lock is the account's.
      const right = await user.client.request(path, { method: 'POST', json: bodyFor(path, TEST_PASSWORD) })
      expect(right.status).toBe(429)
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
      expect((await t.signIn(t.client(), user.email)).status).toBe(429)
    })
  }

  it('a right password clears the count, and a request refused before any check costs nothing', async () => {
    const user = await signedInUser()
    for (let i = 0; i < 4; i++) await user.client.request('/api/auth/verify-password', { method: 'POST', json: { password: `guess-${i}` } })
    expect((await user.client.request('/api/auth/verify-password', { method: 'POST', json: { password: TEST_PASSWORD } })).status).toBe(200)
    // Too short a new password is refused before the current one is looked at: 10 of them lock nothing.
    for (let i = 0; i < 10; i++) {
      const res = await user.client.request('/api/auth/change-password', { method: 'POST', json: { currentPassword: `guess-${i}`, newPassword: 'abc' } })
      expect(res.status).toBe(400)
    }
    for (let i = 0; i < 4; i++) await user.client.request('/api/auth/verify-password', { method: 'POST', json: { password: `guess-${i}` } })
    expect((await user.client.request('/api/auth/verify-password', { method: 'POST', json: { password: TEST_PASSWORD } })).status).toBe(200)
  })

  it('a password reset ends the lock', async () => {
    const user = await signedInUser()
    for (let i = 0; i < 6; i++) await user.client.request('/api/auth/delete-user', { method: 'POST', json: { password: `guess-${i}` } })
    expect((await user.client.request('/api/auth/verify-password', { method: 'POST', json: { password: TEST_PASSWORD } })).status).toBe(429)
    await t.client().request('/api/auth/request-password-reset', { method: 'POST', json: { email: user.email, redirectTo: '/auth?type=recovery' } })
    const link = (await t.lastEmail(user.email))!.links.find((l) => l.includes('type=recovery'))!
    const token = new URL(link).searchParams.get('token')!
    expect((await t.client().request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'the new password' } })).status).toBe(200)
    const again = t.client()
    expect((await t.signIn(again, user.email, 'the new password')).status).toBe(200)
    expect((await again.request('/api/auth/verify-password', { method: 'POST', json: { password: 'the new password' } })).status).toBe(200)
  })

  it('covers every better-auth endpoint that checks a password (a new one fails here until it is listed)', () => {
    const api = t.services.auth.api as unknown as Record<string, { path?: string; options?: { body?: { shape?: Record<string, unknown> } } }>
    const checking = Object.values(api)
      .filter((endpoint) => endpoint.path && ['password', 'currentPassword'].some((field) => field in (endpoint.options?.body?.shape ?? {})))
      .map((endpoint) => `/api/auth${endpoint.path}`)
      // Sign-in has its own lockout (sign-in-guard.ts, the same counts).
      .filter((path) => path !== '/api/auth/sign-in/email')
    expect(new Set(checking)).toEqual(new Set(PASSWORD_CHECKED_PATHS.keys()))
  })
})
