/**
 * Security target A7 (token lifetimes): a magic link lives at most 10 minutes, a password-reset
 * link at most 60 (and an email verification link 24 hours); opened a second after its lifetime,
 * each is refused. Figures: the stored lifetimes (≤ 600 s, ≤ 3,600 s); expired → refused for
 * 100% of EXPIRED links of each kind, while one opened just before the end still works. The clock
 * is moved with fake timers for `Date` (what better-auth and jose read), nothing else.
 */
import { eq, like } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { magicLinkPath, resetPassword, resetToken, verificationLinkPath } from '#tests/support/email-links.ts'
import { createTestApp, uniqueEmail, type TestApp } from '#tests/support/test-app.ts'
import { createVerifiedUser } from '#tests/support/verified-user.ts'
import { users, verifications } from '../db/schema.ts'
import { EMAIL_VERIFICATION_TTL_SECONDS, MAGIC_LINK_TTL_SECONDS, PASSWORD_RESET_TTL_SECONDS } from './auth.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Expired links of each kind, every one of which must be refused. */
const EXPIRED = 5

async function verifiedUser(): Promise<string> {
  const email = uniqueEmail('sec')
  await createVerifiedUser(t, email)
  return email
}

/** Freezes `Date` at now and returns a function that moves it `seconds` past that moment. */
function frozenClock(): (seconds: number) => void {
  const start = Date.now()
  vi.useFakeTimers({ toFake: ['Date'], now: start })
  return (seconds) => vi.setSystemTime(start + seconds * 1000)
}

const signedIn = async (path: string) => {
  const browser = t.client()
  await browser.request(path)
  return (await browser.request('/api/me')).status === 200
}

/** Runs `issue` EXPIRED + 1 times at the frozen moment, then redeems all but one after `ttl` + 1 s and the last at `ttl` − 5 s. */
async function expiryRun<T>(ttlSeconds: number, issue: () => Promise<T>, works: (token: T) => Promise<boolean>) {
  const later = frozenClock()
  const tokens: T[] = []
  for (let i = 0; i <= EXPIRED; i++) tokens.push(await issue())
  later(ttlSeconds - 5)
  const justInTime = await works(tokens.pop()!)
  later(ttlSeconds + 1)
  let refused = 0
  for (const token of tokens) if (!(await works(token))) refused++
  return { justInTime, refused }
}

describe('A7: stored lifetimes', () => {
  it('live at most 60 minutes, and magic links at most 10', async () => {
    expect(PASSWORD_RESET_TTL_SECONDS).toBeLessThanOrEqual(3600)
    expect(MAGIC_LINK_TTL_SECONDS).toBeLessThanOrEqual(600)
    const email = await verifiedUser()
    const token = await resetToken(t, email)
    const rows = await t.database.db.select().from(verifications)
    const row = rows.find((r) => r.identifier === `reset-password:${token}`)!
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(3600_000 + 1000)
  })

  it('a magic link is stored for at most 10 minutes', async () => {
    const email = await verifiedUser()
    await magicLinkPath(t, email)
    const [row] = await t.database.db.select().from(verifications).where(like(verifications.value, `%${email}%`))
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(MAGIC_LINK_TTL_SECONDS * 1000 + 1000)
  })
})

describe('A7: expired links are refused', () => {
  it(`magic link: ${EXPIRED} of ${EXPIRED} refused ${MAGIC_LINK_TTL_SECONDS / 60} min + 1 s after they were sent; one at 5 s before still signs in`, async () => {
    const { justInTime, refused } = await expiryRun(MAGIC_LINK_TTL_SECONDS, async () => magicLinkPath(t, await verifiedUser()), signedIn)
    expect(justInTime).toBe(true)
    expect(refused).toBe(EXPIRED)
  })

  it(`password reset: ${EXPIRED} of ${EXPIRED} refused ${PASSWORD_RESET_TTL_SECONDS / 60} min + 1 s after they were sent; one at 5 s before still sets the password`, async () => {
    const { justInTime, refused } = await expiryRun(
      PASSWORD_RESET_TTL_SECONDS,
      async () => resetToken(t, await verifiedUser()),
      async (token) => (await resetPassword(t, token, 'a-new-password')).status === 200,
    )
    expect(justInTime).toBe(true)
    expect(refused).toBe(EXPIRED)
  })

  it(`email verification: ${EXPIRED} of ${EXPIRED} refused ${EMAIL_VERIFICATION_TTL_SECONDS / 3600} h + 1 s after sign-up, the address left unverified`, async () => {
    const emails: string[] = []
    const { justInTime, refused } = await expiryRun(
      EMAIL_VERIFICATION_TTL_SECONDS,
      async () => {
        const email = uniqueEmail('a7-verify')
        emails.push(email)
        await t.signUp(t.client(), email)
        return verificationLinkPath(t, email)
      },
      signedIn,
    )
    expect(justInTime).toBe(true)
    expect(refused).toBe(EXPIRED)
    const verified = await Promise.all(emails.slice(0, EXPIRED).map(async (email) => (await t.database.db.select({ v: users.emailVerified }).from(users).where(eq(users.email, email)))[0]!.v))
    expect(verified).toEqual(Array.from({ length: EXPIRED }, () => false))
  })
})
