import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, uniqueEmail, type TestApp } from '#tests/support/test-app.ts'
import { rateLimits } from '../db/schema.ts'

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

describe('challenge', () => {
  it('is required on sign-in, sign-up, magic link, recovery and resending a verification when enabled', async () => {
    const guarded = await createTestApp({ CAPTCHA_PROVIDER: 'altcha' })
    try {
      const paths = [
        '/api/auth/sign-in/email',
        '/api/auth/sign-up/email',
        '/api/auth/sign-in/magic-link',
        '/api/auth/request-password-reset',
        '/api/auth/resend',
        '/api/auth/send-verification-email',
      ]
      for (const path of paths) {
        const res = await guarded.client().request(path, { method: 'POST', json: { email: 'x@example.com', password: 'whatever1', name: 'X', type: 'signup' } })
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
