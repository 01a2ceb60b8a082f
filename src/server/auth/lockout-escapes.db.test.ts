/**
 * Security target A4 (lock-out abuse): locking someone's account with wrong passwords doesn't lock
 * them out. A locked account can still recover by email, a reset link or a magic link (figure:
 * 100% of locked accounts get in both ways), and the lock lifts by itself after 15 minutes. Each
 * lock is 15 minutes: there is no exponential growth after the first (what we ship; the browser's
 * escalating wait is cosmetic, src/shared/sign-in-lockout.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { magicLinkPath, resetPassword, resetToken } from '#tests/support/email-links.ts'
import { createTestApp, uniqueEmail, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { createVerifiedUser } from '#tests/support/verified-user.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})
afterEach(() => {
  t.now.value = null
})

const LOCKED_ACCOUNTS = 5
const LOCK_MINUTES = 15

let address = 0
/** Each account is attacked from its own address, so the per-address limit (20) never gets in the way. */
const fromOwnAddress = () => t.clientAt(`198.51.100.${++address}`)

/** A verified account locked by five wrong passwords; returns its email and the attacker's client. */
async function lockedAccount(label: string): Promise<{ email: string; attacker: TestClient }> {
  const email = uniqueEmail(label)
  await createVerifiedUser(t, email)
  const attacker = fromOwnAddress()
  for (let i = 0; i < 5; i++) expect((await t.signIn(attacker, email, `wrong-${i}`)).status).toBe(401)
  expect((await t.signIn(attacker, email)).status).toBe(429)
  return { email, attacker }
}

const minutes = (n: number) => n * 60_000

describe('A4: a locked account still gets in by email', () => {
  it('stay available to a locked-out account', async () => {
    const email = uniqueEmail('sec')
    await createVerifiedUser(t, email)
    for (let i = 0; i < 5; i++) await t.signIn(t.client(), email, `wrong-${i}`)
    expect((await t.signIn(t.client(), email)).status).toBe(429)
    const token = await resetToken(t, email)
    expect((await resetPassword(t, token, 'fresh-password')).status).toBe(200)
  })

  it(`${LOCKED_ACCOUNTS} of ${LOCKED_ACCOUNTS} locked accounts sign in with a magic link, and with a reset password`, async () => {
    let byMagicLink = 0
    let byReset = 0
    for (let i = 0; i < LOCKED_ACCOUNTS; i++) {
      const { email, attacker } = await lockedAccount('a4-escape')

      const owner = t.client()
      expect((await owner.request(await magicLinkPath(t, email))).status).toBe(302)
      if ((await owner.request('/api/me')).status === 200) byMagicLink++
      // The magic link lets the owner in; it doesn't unlock password sign-in for the attacker.
      expect((await t.signIn(attacker, email)).status).toBe(429)

      // A new password ends the lock: whoever reads the mailbox owns the account.
      expect((await resetPassword(t, await resetToken(t, email), 'a brand new password')).status).toBe(200)
      if ((await t.signIn(t.client(), email, 'a brand new password')).status === 200) byReset++
    }
    expect({ byMagicLink, byReset }).toEqual({ byMagicLink: LOCKED_ACCOUNTS, byReset: LOCKED_ACCOUNTS })
  })
})

describe(`A4: the lock lifts after ${LOCK_MINUTES} minutes`, () => {
  it('lets the lock run out after 15 minutes', async () => {
    const email = uniqueEmail('user')
    await createVerifiedUser(t, email)
    for (let i = 0; i < 5; i++) await t.signIn(t.client(), email, `wrong-${i}`)
    t.now.value = new Date(Date.now() + 15 * 60_000 + 1_000)
    try {
      expect((await t.signIn(t.client(), email)).status).toBe(200)
    } finally {
      t.now.value = null
    }
  })

  it('holds for the whole 15 minutes, lifts a second after, and a second lock is 15 minutes again (not longer)', async () => {
    const start = Date.now()
    t.now.value = new Date(start)
    const { email, attacker } = await lockedAccount('a4-lift')
    const locked = await t.signIn(attacker, email)
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toBe(String(LOCK_MINUTES * 60))

    t.now.value = new Date(start + minutes(LOCK_MINUTES) - 1_000)
    const lastSecond = await t.signIn(attacker, email)
    expect(lastSecond.status).toBe(429)
    expect(Number(lastSecond.headers.get('retry-after'))).toBeLessThanOrEqual(1)

    t.now.value = new Date(start + minutes(LOCK_MINUTES) + 1_000)
    expect((await t.signIn(attacker, email, 'wrong-again')).status).toBe(401)

    // Locked again right away: the same 15 minutes, then free.
    for (let i = 0; i < 4; i++) expect((await t.signIn(attacker, email, `wrong-${i}`)).status).toBe(401)
    const relock = await t.signIn(attacker, email)
    expect(relock.status).toBe(429)
    expect(relock.headers.get('retry-after')).toBe(String(LOCK_MINUTES * 60))
    t.now.value = new Date(start + minutes(2 * LOCK_MINUTES) + 2_000)
    expect((await t.signIn(attacker, email)).status).toBe(200)
  })
})
