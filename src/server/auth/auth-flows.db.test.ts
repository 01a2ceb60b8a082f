import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestApp } from '#tests/support/test-app.ts'
import { profiles, userEmails, users } from '../db/schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' })
})
afterAll(async () => {
  await t.close()
})

const PASSWORD = TEST_PASSWORD




describe('sign-up and email verification', () => {
  it('creates an unverified account, mails a /verify-email link, and signs in once it is opened', async () => {
    const client = t.client()
    const email = uniqueEmail('user')
    expect((await t.signUp(client, email)).status).toBe(200)

    const message = await t.lastEmail(email)
    expect(message?.subject).toBe('Confirm your email for FareDrop')
    expect(message?.links.some((l) => l.startsWith('http://localhost:3999/verify-email?token='))).toBe(true)

    // Not verified yet: password sign-in is refused with 403 and no session.
    const early = await t.signIn(client, email)
    expect(early.status).toBe(403)
    // The sign-in form tells this refusal from a disabled account's by the library's code.
    expect(await early.json()).toMatchObject({ error: { reason: 'EMAIL_NOT_VERIFIED' } })
    expect((await client.request('/api/me')).status).toBe(401)

    expect((await t.verifyFromEmail(client, email)).status).toBe(200)
    const me = await client.request('/api/me')
    expect(me.status).toBe(200)
    const body = (await me.json()) as { user: { email: string; emailVerified: boolean }; profile: unknown; emails: unknown[] }
    expect(body.user).toMatchObject({ email, emailVerified: true })
    expect(body.profile).toEqual({ role: 'free', subscription_tier: 'free' })
    expect(body.emails).toEqual([expect.objectContaining({ email, is_primary: true, is_verified: true, verified_at: expect.any(String) })])
  })

  it('grants admin to a verified address listed in ADMIN_EMAILS', async () => {
    const client = t.client()
    await t.signUp(client, 'boss@example.com')
    await t.verifyFromEmail(client, 'boss@example.com')
    const me = (await (await client.request('/api/me')).json()) as { profile: { role: string } }
    expect(me.profile.role).toBe('admin')
  })

  it('answers a sign-up for an existing email exactly like a new one', async () => {
    const email = uniqueEmail('user')
    const first = await t.signUp(t.client(), email)
    const again = await t.signUp(t.client(), email)
    expect(again.status).toBe(first.status)
    expect(Object.keys((await again.json()) as object).sort()).toEqual(Object.keys((await first.json()) as object).sort())
  })
})

describe('password sign-in', () => {
  async function verifiedUser() {
    const client = t.client()
    const email = uniqueEmail('user')
    await t.signUp(client, email)
    await t.verifyFromEmail(client, email)
    return email
  }

  it('answers a wrong password and an unknown email the same way', async () => {
    const email = await verifiedUser()
    const wrong = await t.signIn(t.client(), email, 'not the password')
    const unknown = await t.signIn(t.client(), uniqueEmail('user'), 'not the password')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    // The same answer but for the request id every error carries.
    const withoutRequestId = async (res: Response) => ({ ...((await res.json()) as { error: object }).error, requestId: undefined })
    expect(await withoutRequestId(wrong)).toEqual(await withoutRequestId(unknown))
  })

  it('locks an account after five failures, even against the right password, and reports it', async () => {
    const email = await verifiedUser()
    for (let i = 0; i < 5; i++) expect((await t.signIn(t.client(), email, `wrong-${i}`)).status).toBe(401)
    const locked = await t.signIn(t.client(), email)
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toBe('900')
    expect(await locked.json()).toMatchObject({
      error: { code: 'rate_limited', message: 'Too many failed attempts. Account locked for 15 minutes.' },
    })
  })

  it('checks at most five passwords for 20 parallel attempts on one account', async () => {
    const email = await verifiedUser()
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => t.signIn(t.client(), email, `guess-${i}`)))
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15)
  })

  it('clears the failure count after a successful sign-in', async () => {
    const email = await verifiedUser()
    // From an address of its own: the failures of the tests above count against the shared test
    // address's limit (20 password checks per 15 minutes), which this test is not about.
    const client = () => t.clientAt('192.0.2.31')
    for (let i = 0; i < 4; i++) await t.signIn(client(), email, `wrong-${i}`)
    expect((await t.signIn(client(), email)).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await t.signIn(client(), email, `wrong-${i}`)).status).toBe(401)
    expect((await t.signIn(client(), email)).status).toBe(200)
  })

  it('refuses a cross-origin sign-in', async () => {
    const email = await verifiedUser()
    const res = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    expect(res.status).toBe(403)
  })
})

describe('profiles and user_emails', () => {
  it('creates one profile and one primary email per user, however many sessions start', async () => {
    const client = t.client()
    const email = uniqueEmail('user')
    await t.signUp(client, email)
    await t.verifyFromEmail(client, email)
    await Promise.all([t.signIn(t.client(), email), t.signIn(t.client(), email), t.signIn(t.client(), email)])
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    expect(await t.database.db.select().from(profiles).where(eq(profiles.id, user!.id))).toHaveLength(1)
    const emails = await t.database.db.select().from(userEmails).where(eq(userEmails.userId, user!.id))
    expect(emails).toHaveLength(1)
    expect(emails[0]).toMatchObject({ isPrimary: true, isVerified: true })
  })
})

describe('GET /api/session', () => {
  it('answers 200 with user null when signed out, and the user when signed in', async () => {
    const client = t.client()
    expect(await (await client.request('/api/session')).json()).toEqual({ user: null, profile: null, emails: [] })
    const email = uniqueEmail('user')
    await t.signUp(client, email)
    await t.verifyFromEmail(client, email)
    const body = (await (await client.request('/api/session')).json()) as { user: { email: string } }
    expect(body.user.email).toBe(email)
  })
})
