/**
 * Security target A1 (stored hash format): a password is stored as an argon2id hash with at least
 * OWASP's minimum cost (m ≥ 19456 KiB, t ≥ 2, p = 1), and hashing one takes at most 500 ms by the
 * median on this machine (the median is printed, to be tracked).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetPassword, resetToken } from '#tests/support/email-links.ts'
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestApp } from '#tests/support/test-app.ts'
import { accounts, users } from '../db/schema.ts'
import { hashPassword, verifyPassword } from './password-hashing.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

/** Hashes timed for the median; odd, so the median is one of them. */
const SAMPLES = 11
const MAX_MEDIAN_MS = 500

const storedHash = async (email: string) =>
  (
    await t.database.db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, email))
  )[0]?.password

/** The PHC string's parts: `$argon2id$v=19$m=…,t=…,p=…$salt$hash`. */
function parsePhc(hash: string) {
  const [, algorithm, version, params, salt, digest] = hash.split('$')
  const cost = Object.fromEntries((params ?? '').split(',').map((pair) => pair.split('=')).map(([key, value]) => [key, Number(value)]))
  return { algorithm, version, cost, salt: salt ?? '', digest: digest ?? '' }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe('A1: stored password hashes', () => {
  it('stores the password as an argon2id hash with m=19456, t=2, p=1', async () => {
    const email = uniqueEmail('user')
    await t.signUp(t.client(), email)
    expect(await storedHash(email)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })

  it('meets the floor on every way a password is set: sign-up, reset, change; salted, never the password itself', async () => {
    const owner = t.client()
    const email = uniqueEmail('a1')
    await t.signUp(owner, email)
    await t.verifyFromEmail(owner, email)
    const hashes = [await storedHash(email)]

    expect((await owner.request('/api/auth/change-password', { method: 'POST', json: { currentPassword: TEST_PASSWORD, newPassword: 'changed password' } })).status).toBe(200)
    hashes.push(await storedHash(email))

    expect((await resetPassword(t, await resetToken(t, email), TEST_PASSWORD)).status).toBe(200)
    hashes.push(await storedHash(email))

    for (const hash of hashes) {
      const { algorithm, version, cost, salt, digest } = parsePhc(hash!)
      expect(algorithm).toBe('argon2id')
      expect(version).toBe('v=19')
      expect(cost.m).toBeGreaterThanOrEqual(19_456)
      expect(cost.t).toBeGreaterThanOrEqual(2)
      expect(cost.p).toBe(1)
      // 16-byte salt and 32-byte digest, base64 without padding.
      expect(Buffer.from(salt, 'base64').length).toBeGreaterThanOrEqual(16)
      expect(Buffer.from(digest, 'base64').length).toBeGreaterThanOrEqual(32)
      expect(hash).not.toContain(TEST_PASSWORD)
    }
    // The same password twice (sign-up, then reset back to it) gives two different hashes: a fresh salt each time.
    expect(hashes[2]).not.toBe(hashes[0])
  })

  it(`hashes in at most ${MAX_MEDIAN_MS} ms by the median of ${SAMPLES}, and verifies in about the same`, async () => {
    const hashMs: number[] = []
    const verifyMs: number[] = []
    for (let i = 0; i < SAMPLES; i++) {
      let started = performance.now()
      const hash = await hashPassword(`sample password ${i}`)
      hashMs.push(performance.now() - started)
      started = performance.now()
      expect(await verifyPassword({ hash, password: `sample password ${i}` })).toBe(true)
      verifyMs.push(performance.now() - started)
    }
    console.info(`[A1] argon2id m=19456 t=2 p=1: hash p50 ${median(hashMs).toFixed(1)} ms, verify p50 ${median(verifyMs).toFixed(1)} ms (${SAMPLES} samples)`)
    expect(median(hashMs)).toBeLessThanOrEqual(MAX_MEDIAN_MS)
    expect(median(verifyMs)).toBeLessThanOrEqual(MAX_MEDIAN_MS)
  })
})
