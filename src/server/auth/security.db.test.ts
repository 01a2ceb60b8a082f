import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, uniqueEmail, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { rateLimits, verifications } from '../db/schema.ts'
import { MAGIC_LINK_TTL_SECONDS, PASSWORD_RESET_TTL_SECONDS } from './auth.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

async function verifiedUser(): Promise<string> {
  const client = t.client()
  const email = uniqueEmail('sec')
  await t.signUp(client, email)
  await t.verifyFromEmail(client, email)
  return email
}

const signIn = (client: TestClient, email: string, password?: string) => t.signIn(client, email, password)

async function requestReset(email: string) {
  return t.client().request('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo: '/auth?type=recovery' } })
}

async function resetToken(email: string): Promise<string> {
  await requestReset(email)
  const link = (await t.lastEmail(email))!.links.find((l) => l.includes('type=recovery'))!
  return new URL(link).searchParams.get('token')!
}

describe('no account enumeration', () => {
  it('answers magic-link and recovery requests the same for known and unknown emails', async () => {
    const known = await verifiedUser()
    const unknown = uniqueEmail('sec')
    for (const path of ['/api/auth/request-password-reset', '/api/auth/sign-in/magic-link']) {
      const a = await t.client().request(path, { method: 'POST', json: { email: known, callbackURL: '/', redirectTo: '/auth?type=recovery' } })
      const b = await t.client().request(path, { method: 'POST', json: { email: unknown, callbackURL: '/', redirectTo: '/auth?type=recovery' } })
      expect(a.status).toBe(b.status)
      // The same answer but for the request id every error carries.
      const withoutRequestId = (body: { error?: object }) => (body.error ? { ...body.error, requestId: undefined } : body)
      expect(withoutRequestId((await a.json()) as { error?: object })).toEqual(withoutRequestId((await b.json()) as { error?: object }))
    }
  })
})

describe('recovery links', () => {
  it('live at most 60 minutes, and magic links at most 10', async () => {
    expect(PASSWORD_RESET_TTL_SECONDS).toBeLessThanOrEqual(3600)
    expect(MAGIC_LINK_TTL_SECONDS).toBeLessThanOrEqual(600)
    const email = await verifiedUser()
    const token = await resetToken(email)
    const rows = await t.database.db.select().from(verifications)
    const row = rows.find((r) => r.identifier === `reset-password:${token}`)!
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(3600_000 + 1000)
  })

  it('work once, even when redeemed 10 times at the same moment', async () => {
    const email = await verifiedUser()
    const token = await resetToken(email)
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.client().request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: `new-password-${i}` } }),
      ),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    const again = await t.client().request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'yet-another' } })
    expect(again.status).toBe(400)
  })

  it('sign every session out when the password is reset', async () => {
    const email = await verifiedUser()
    const device = t.client()
    await signIn(device, email)
    expect((await device.request('/api/me')).status).toBe(200)
    const token = await resetToken(email)
    expect((await t.client().request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'a-new-password' } })).status).toBe(200)
    expect((await device.request('/api/me')).status).toBe(401)
    expect((await signIn(t.client(), email, 'a-new-password')).status).toBe(200)
  })

  it('stay available to a locked-out account', async () => {
    const email = await verifiedUser()
    for (let i = 0; i < 5; i++) await signIn(t.client(), email, `wrong-${i}`)
    expect((await signIn(t.client(), email)).status).toBe(429)
    const token = await resetToken(email)
    expect((await t.client().request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'fresh-password' } })).status).toBe(200)
  })
})

describe('magic links', () => {
  it('sign in once and refuse a second use', async () => {
    const email = await verifiedUser()
    await t.client().request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email, callbackURL: '/' } })
    const link = (await t.lastEmail(email))!.links.find((l) => l.includes('/magic-link/verify'))!
    const path = new URL(link).pathname + new URL(link).search
    const first = t.client()
    const res = await first.request(path)
    expect(res.status).toBe(302)
    expect((await first.request('/api/me')).status).toBe(200)
    const second = t.client()
    await second.request(path)
    expect((await second.request('/api/me')).status).toBe(401)
  })
})

describe('challenge', () => {
  it('is required on sign-in, sign-up, magic link and recovery when enabled', async () => {
    const guarded = await createTestApp({ CAPTCHA_PROVIDER: 'altcha' })
    try {
      for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/sign-in/magic-link', '/api/auth/request-password-reset']) {
        const res = await guarded.client().request(path, { method: 'POST', json: { email: 'x@example.com', password: 'whatever1', name: 'X' } })
        expect(res.status).toBe(400)
        expect(await res.json()).toMatchObject({ error: { message: 'Please complete the CAPTCHA verification.' } })
      }
    } finally {
      await guarded.close()
    }
  })
})

describe('request rate limits', () => {
  it('are on outside tests and kept in the database, so every process shares them', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) {
        const res = await production.client().request('/api/auth/sign-up/email', {
          method: 'POST',
          json: { email: uniqueEmail('rate'), password: 'pass-word-1', name: 'R' },
        })
        statuses.push(res.status)
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200])
      expect(statuses.slice(3)).toEqual([429, 429])
      expect((await production.database.db.select().from(rateLimits)).length).toBeGreaterThan(0)
    } finally {
      await production.close()
    }
  })
})
