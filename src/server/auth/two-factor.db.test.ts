import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, TEST_ORIGIN, totpCode, uniqueEmail, wrongTotpCode, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { sessions, users } from '../db/schema.ts'
import { SECOND_FACTOR_PAGE } from './second-factor-everywhere.ts'
import { TOTP_CODE_USED } from './totp-replay.ts'

/** Security target A8 (TOTP) and decision 011 (the second factor after every kind of first factor). */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const realNow = Date.now
/** Moves the clock better-auth checks codes and locks against (restored after each test). */
function clockAhead(ms: number) {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ms)
}
/** The code the app shows `seconds` from now (or from the moved clock). */
const codeIn = (totpURI: string, seconds: number) => totpCode(totpURI, Date.now() + seconds * 1000)

const verifyTotp = (client: TestClient, code: string) =>
  client.request('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code, trustDevice: false } })
const isSignedIn = async (client: TestClient) => (await client.request('/api/me')).status === 200

/** A verified user with TOTP on; `code` is the one that confirmed the set-up. */
async function twoFactorUser() {
  const owner = t.client()
  const email = uniqueEmail('totp')
  await t.signUp(owner, email)
  await t.verifyFromEmail(owner, email)
  return { email, ...(await t.enableTwoFactor(owner)) }
}

/** A password sign-in waiting for its second factor. */
async function pendingSignIn(email: string) {
  const browser = t.client()
  const res = await t.signIn(browser, email)
  expect(await res.json()).toMatchObject({ twoFactorRedirect: true })
  return browser
}

describe('a TOTP code works once (A8)', () => {
  it('refuses the code that confirmed the set-up when it is offered again to sign in', async () => {
    const { email, code } = await twoFactorUser()
    const browser = await pendingSignIn(email)
    const res = await verifyTotp(browser, code)
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ error: { reason: TOTP_CODE_USED.code, message: TOTP_CODE_USED.message } })
    expect(await isSignedIn(browser)).toBe(false)
  })

  it('refuses a code already used to sign in, and an older one, within their 30 s window; the next code works', async () => {
    const { email, totpURI, code: setUpCode } = await twoFactorUser()
    const code = codeIn(totpURI, 30)
    const first = await pendingSignIn(email)
    expect((await verifyTotp(first, code)).status).toBe(200)

    const second = await pendingSignIn(email)
    expect(await (await verifyTotp(second, code)).json()).toMatchObject({ error: { reason: TOTP_CODE_USED.code } })
    // RFC 6238 5.2: a step before the last one used is no good either.
    expect((await verifyTotp(second, setUpCode)).status).toBe(401)
    expect(await isSignedIn(second)).toBe(false)

    // The refusals didn't end the sign-in: 30 s later the app shows a new code, and it works.
    clockAhead(30_000)
    expect((await verifyTotp(second, codeIn(totpURI, 30))).status).toBe(200)
    expect(await isSignedIn(second)).toBe(true)
  })

  it('lets exactly one of five sign-ins racing with the same code through', async () => {
    const { email, totpURI } = await twoFactorUser()
    const browsers = await Promise.all(Array.from({ length: 5 }, () => pendingSignIn(email)))
    const code = codeIn(totpURI, 30)
    const results = await Promise.all(browsers.map((b) => verifyTotp(b, code)))
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401])
  })
})

describe('wrong codes (A8)', () => {
  it('end a sign-in after five: even the right code is then refused and the password is asked again', async () => {
    const { email, totpURI } = await twoFactorUser()
    const browser = await pendingSignIn(email)
    for (let i = 0; i < 5; i++) {
      const res = await verifyTotp(browser, wrongTotpCode(totpURI))
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ error: { reason: 'INVALID_CODE' } })
    }
    const sixth = await verifyTotp(browser, codeIn(totpURI, 30))
    expect(sixth.status).toBe(400)
    expect(await sixth.json()).toMatchObject({ error: { reason: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' } })
    expect(await isSignedIn(browser)).toBe(false)
    expect(await (await verifyTotp(browser, codeIn(totpURI, 30))).json()).toMatchObject({ error: { reason: 'INVALID_TWO_FACTOR_COOKIE' } })

    // A new sign-in starts a new challenge (the code offered to the dead one is spent: use the next).
    clockAhead(30_000)
    const again = await pendingSignIn(email)
    expect((await verifyTotp(again, codeIn(totpURI, 30))).status).toBe(200)
  })

  it('lock the second factor for 15 minutes after ten in a row, across sign-ins', async () => {
    const { email, totpURI } = await twoFactorUser()
    for (let round = 0; round < 2; round++) {
      const browser = await pendingSignIn(email)
      for (let i = 0; i < 5; i++) expect((await verifyTotp(browser, wrongTotpCode(totpURI))).status).toBe(401)
    }
    const locked = await verifyTotp(await pendingSignIn(email), codeIn(totpURI, 30))
    expect(locked.status).toBe(429)
    expect(await locked.json()).toMatchObject({ error: { reason: 'ACCOUNT_TEMPORARILY_LOCKED' } })

    clockAhead(15 * 60_000 + 1_000)
    const later = await pendingSignIn(email)
    expect((await verifyTotp(later, codeIn(totpURI, 0))).status).toBe(200)
  })
})

describe('second factor after a magic link (decision 011)', () => {
  async function openMagicLink(email: string) {
    await t.client().request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email, callbackURL: '/' } })
    const link = new URL((await t.lastEmail(email))!.links.find((l) => l.includes('/magic-link/verify'))!)
    const browser = t.client()
    return { browser, res: await browser.request(link.pathname + link.search) }
  }

  async function sessionCount(email: string) {
    const rows = await t.database.db.select({ id: sessions.id }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.email, email))
    return rows.length
  }

  it('sends the browser to the code step with no session; the code then signs in', async () => {
    const { email, totpURI } = await twoFactorUser()
    const before = await sessionCount(email)
    const { browser, res } = await openMagicLink(email)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${TEST_ORIGIN}${SECOND_FACTOR_PAGE}`)
    expect(await isSignedIn(browser)).toBe(false)
    expect(await sessionCount(email)).toBe(before)

    expect((await verifyTotp(browser, wrongTotpCode(totpURI))).status).toBe(401)
    expect((await verifyTotp(browser, codeIn(totpURI, 30))).status).toBe(200)
    expect(await isSignedIn(browser)).toBe(true)
  })

  it('accepts a backup code instead', async () => {
    const { email, backupCodes } = await twoFactorUser()
    const { browser } = await openMagicLink(email)
    expect(await isSignedIn(browser)).toBe(false)
    const res = await browser.request('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code: backupCodes[0] } })
    expect(res.status).toBe(200)
    expect(await isSignedIn(browser)).toBe(true)
  })

  it('signs a user without two-factor straight in, as before', async () => {
    const email = uniqueEmail('plain')
    const owner = t.client()
    await t.signUp(owner, email)
    await t.verifyFromEmail(owner, email)
    const { browser, res } = await openMagicLink(email)
    expect(new URL(res.headers.get('location')!, TEST_ORIGIN).pathname).toBe('/')
    expect(await isSignedIn(browser)).toBe(true)
  })
})
