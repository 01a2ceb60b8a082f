/**
 * Security target A6 (token single use): a password-reset token, a magic link and an email
 * verification link each work once. Figures: a second use is refused for 100% of tokens
 * (TOKENS of each kind), and 50 concurrent redemptions of one token give exactly 1 success.
 * There is no email one-time code in FareDrop (codes go by text message, two-factor.db.test.ts and
 * second-factors.db.test.ts), so the row's "e-mail OTP" has nothing to test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { magicLinkPath, resetPassword, resetToken, verificationLinkPath } from '#tests/support/email-links.ts'
import { createTestApp, uniqueEmail, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { createVerifiedUser } from '#tests/support/verified-user.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

/** Tokens of each kind whose second use must fail. */
const TOKENS = 10
/** Redemptions of one token sent at the same moment. */
const CONCURRENT = 50

async function verifiedUser(): Promise<string> {
  const email = uniqueEmail('sec')
  await createVerifiedUser(t, email)
  return email
}

const signedIn = async (client: TestClient) => (await client.request('/api/me')).status === 200

/** Signs up (without opening the link) and returns the path of the emailed verification link. */
async function newVerificationLink(): Promise<string> {
  const email = uniqueEmail('a6-verify')
  await t.signUp(t.client(), email)
  return verificationLinkPath(t, email)
}

/** Opens a link in a fresh browser; true when that browser is signed in afterwards. */
async function opensSession(path: string): Promise<boolean> {
  const browser = t.client()
  await browser.request(path)
  return signedIn(browser)
}

describe('A6: password-reset tokens', () => {
  it(`work once, even when redeemed ${CONCURRENT} times at the same moment`, async () => {
    const email = await verifiedUser()
    const token = await resetToken(t, email)
    const results = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => resetPassword(t, token, `new-password-${i}`)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    const again = await resetPassword(t, token, 'yet-another')
    expect(again.status).toBe(400)
  })

  it(`refuse a second use: ${TOKENS} of ${TOKENS}`, async () => {
    let refused = 0
    for (let i = 0; i < TOKENS; i++) {
      const email = await verifiedUser()
      const token = await resetToken(t, email)
      expect((await resetPassword(t, token, 'first-new-password')).status).toBe(200)
      if ((await resetPassword(t, token, 'second-new-password')).status === 400) refused++
      // The first password stands.
      expect((await t.signIn(t.client(), email, 'first-new-password')).status).toBe(200)
    }
    expect(refused).toBe(TOKENS)
  })
})

describe('A6: magic links', () => {
  it('sign in once and refuse a second use', async () => {
    const email = await verifiedUser()
    const path = await magicLinkPath(t, email)
    const first = t.client()
    const res = await first.request(path)
    expect(res.status).toBe(302)
    expect((await first.request('/api/me')).status).toBe(200)
    const second = t.client()
    await second.request(path)
    expect((await second.request('/api/me')).status).toBe(401)
  })

  it(`refuse a second use: ${TOKENS} of ${TOKENS}, the second browser sent to the error page`, async () => {
    let refused = 0
    for (let i = 0; i < TOKENS; i++) {
      const path = await magicLinkPath(t, await verifiedUser())
      expect(await opensSession(path)).toBe(true)
      const second = t.client()
      const again = await second.request(path)
      expect(again.headers.get('location')).toMatch(/[?&]error=/)
      if (!(await signedIn(second))) refused++
    }
    expect(refused).toBe(TOKENS)
  })

  it(`sign in exactly one of ${CONCURRENT} browsers opening the same link at the same moment`, async () => {
    const path = await magicLinkPath(t, await verifiedUser())
    const sessions = await Promise.all(Array.from({ length: CONCURRENT }, () => opensSession(path)))
    expect(sessions.filter(Boolean)).toHaveLength(1)
  })
})

describe('A6: email verification links', () => {
  it(`sign in once; a second opening confirms nothing new and signs nobody in: ${TOKENS} of ${TOKENS}`, async () => {
    let refused = 0
    for (let i = 0; i < TOKENS; i++) {
      const path = await newVerificationLink()
      expect(await opensSession(path)).toBe(true)
      if (!(await opensSession(path))) refused++
    }
    expect(refused).toBe(TOKENS)
  })

  it(`sign in exactly one of ${CONCURRENT} browsers opening the same link at the same moment`, async () => {
    const path = await newVerificationLink()
    const sessions = await Promise.all(Array.from({ length: CONCURRENT }, () => opensSession(path)))
    expect(sessions.filter(Boolean)).toHaveLength(1)
  })
})
