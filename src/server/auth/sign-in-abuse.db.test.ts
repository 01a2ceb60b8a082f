import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '#shared/auth.ts'
import { createTestApp, uniqueEmail, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { rateLimits, signInFailures } from '../db/schema.ts'
import { MAX_ATTEMPTS_PER_IP } from './sign-in-guard.ts'
import type * as PasswordHashing from './password-hashing.ts'

/**
 * Security targets A2 (credential stuffing) and A3 (brute force from rotating addresses).
 * "Reached password verification" is counted at the argon2 calls themselves: better-auth hashes
 * the submitted password for an unknown email too, so every check costs one call either way.
 */
const argon2 = vi.hoisted(() => ({ calls: 0 }))
vi.mock('./password-hashing.ts', async (importOriginal) => {
  const real = await importOriginal<typeof PasswordHashing>()
  return {
    ...real,
    hashPassword: (password: string) => {
      argon2.calls++
      return real.hashPassword(password)
    },
    verifyPassword: (input: { hash: string; password: string }) => {
      argon2.calls++
      return real.verifyPassword(input)
    },
  }
})

/** The spec's A2 figure is 1,000 attempts; CI sends STUFFING_ATTEMPTS (the outcome is the same from the 21st on). */
const STUFFING_ATTEMPTS = 200
/** A3: attempts on one account, each claiming a different address. */
const ROTATING_ADDRESSES = 200
/** Requests in flight at once: an attacker doesn't wait for answers. */
const BURST = 20
/** better-auth's rule for /sign-in/*: 3 requests per 10 s per address. */
const LIMITER_MAX = 3
const LIMITER_WINDOW_MS = 10_000
const ACCOUNT_LIMIT = 5

const ATTACKER = '203.0.113.66'
const spoofed = (i: number) => `198.51.100.${(i % 250) + 1}`

/** A verified account, created from its own address so sign-up limits don't get in the way. */
let setupAddress = 0
async function verifiedUser(t: TestApp): Promise<string> {
  const client = t.clientAt(`192.0.2.${++setupAddress}`)
  const email = uniqueEmail('abuse')
  expect((await t.signUp(client, email)).status).toBe(200)
  expect((await t.verifyFromEmail(client, email)).status).toBe(200)
  return email
}

/** Sends every attempt, BURST at a time; returns the statuses and how many argon2 checks ran. */
async function attack(attempts: { client: () => TestClient; email: string; headers?: Record<string, string> }[]) {
  const before = argon2.calls
  const started = Date.now()
  const responses: { status: number; message?: string }[] = []
  for (let i = 0; i < attempts.length; i += BURST) {
    const burst = attempts.slice(i, i + BURST).map(async ({ client, email, headers }) => {
      const res = await client().request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'Summer2026!' }, headers })
      const body = (await res.json()) as { error?: { message?: string } }
      return { status: res.status, message: body.error?.message }
    })
    responses.push(...(await Promise.all(burst)))
  }
  const statuses = responses.map((r) => r.status)
  return {
    checks: argon2.calls - before,
    elapsedMs: Date.now() - started,
    failed: statuses.filter((s) => s === 401).length,
    refused: responses.filter((r) => r.status === 429),
    other: statuses.filter((s) => s !== 401 && s !== 429),
  }
}

async function bucketKeys(t: TestApp) {
  const limiter = (await t.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)
  const guard = (await t.database.db.select({ key: signInFailures.key }).from(signInFailures)).map((r) => r.key)
  return { limiter, guard }
}

describe('credential stuffing: many emails from one address (A2)', () => {
  let production: TestApp
  beforeAll(async () => {
    production = await createTestApp({ NODE_ENV: 'production' })
  })
  afterAll(async () => {
    await production.close()
  })

  it(`lets at most 3 per 10 s (and never more than ${MAX_ATTEMPTS_PER_IP}) of ${STUFFING_ATTEMPTS} logins reach a password check; the rest get 429`, async () => {
    // A leaked list mixes real accounts with addresses we have never seen.
    const real = [await verifiedUser(production), await verifiedUser(production), await verifiedUser(production)]
    const emails = Array.from({ length: STUFFING_ATTEMPTS }, (_, i) => (i % 20 === 0 ? real[(i / 20) % real.length]! : uniqueEmail('leaked')))

    const result = await attack(emails.map((email) => ({ client: () => production.clientAt(ATTACKER), email })))

    const windows = Math.floor(result.elapsedMs / LIMITER_WINDOW_MS) + 1
    expect(result.checks).toBeGreaterThan(0)
    expect(result.checks).toBeLessThanOrEqual(Math.min(MAX_ATTEMPTS_PER_IP, LIMITER_MAX * windows))
    // Every check answered 401 (wrong password or no such account); nothing else got through.
    expect(result.failed).toBe(result.checks)
    expect(result.refused).toHaveLength(STUFFING_ATTEMPTS - result.checks)
    expect(result.other).toEqual([])
  })

  it('answers the limiter’s 429 with the real wait in Retry-After and our error shape, not the 15-minute lock', async () => {
    const email = await verifiedUser(production)
    const client = production.clientAt('203.0.113.77')
    let limited: Response | undefined
    for (let i = 0; i < LIMITER_MAX + 1 && !limited; i++) {
      const res = await client.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'not the password' } })
      if (res.status === 429) limited = res
    }
    expect(limited).toBeDefined()
    const wait = Number(limited!.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(LIMITER_WINDOW_MS / 1000)
    expect(await limited!.json()).toMatchObject({ error: { code: 'rate_limited', message: MESSAGES.tooManyAttempts } })
  })
})

describe('per-address guard without better-auth’s limiter (A2, second layer)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  it(`still stops one address after ${MAX_ATTEMPTS_PER_IP} password checks in 15 minutes, across distinct emails`, async () => {
    const emails = Array.from({ length: STUFFING_ATTEMPTS }, () => uniqueEmail('leaked'))
    const result = await attack(emails.map((email) => ({ client: () => t.clientAt(ATTACKER), email })))
    expect(result.checks).toBe(MAX_ATTEMPTS_PER_IP)
    expect(result.refused).toHaveLength(STUFFING_ATTEMPTS - MAX_ATTEMPTS_PER_IP)
    expect(result.refused.every((r) => r.message === MESSAGES.tooManyAttempts)).toBe(true)
  })
})

describe('brute force on one account from rotating addresses (A3)', () => {
  describe('spoofed X-Forwarded-For, no trusted proxy', () => {
    let production: TestApp
    beforeAll(async () => {
      production = await createTestApp({ NODE_ENV: 'production' })
    })
    afterAll(async () => {
      await production.close()
    })

    it('counts every request against the socket address: no bucket for any claimed address, ≤ 5 checks', async () => {
      const email = await verifiedUser(production)
      const before = await bucketKeys(production)
      const result = await attack(
        Array.from({ length: ROTATING_ADDRESSES }, (_, i) => ({
          client: () => production.clientAt(ATTACKER),
          email,
          // Both the standard header and the one our proxy layer writes for better-auth.
          headers: { 'x-forwarded-for': spoofed(i), 'x-faredrop-client-ip': spoofed(i + 1) },
        })),
      )
      expect(result.checks).toBeLessThanOrEqual(ACCOUNT_LIMIT)
      expect(result.refused).toHaveLength(ROTATING_ADDRESSES - result.checks)

      const after = await bucketKeys(production)
      const newLimiter = after.limiter.filter((k) => !before.limiter.includes(k))
      const newGuard = after.guard.filter((k) => !before.guard.includes(k))
      for (const key of [...newLimiter, ...newGuard]) expect(key).not.toMatch(/198\.51\.100\./)
      // One limiter bucket (attacker's address, sign-in path) and the guard's address + account keys.
      expect(newLimiter).toHaveLength(1)
      expect(newLimiter[0]).toContain(ATTACKER)
      expect(newGuard.sort()).toEqual([`email:${email}`, `ip:${ATTACKER}`].sort())
    })
  })

  describe('200 real addresses (a botnet, or clients behind a trusted proxy)', () => {
    let t: TestApp
    beforeAll(async () => {
      // better-auth's per-address limiter is off here, so only the per-account lock stands.
      t = await createTestApp({ TRUST_PROXY: 'true' })
    })
    afterAll(async () => {
      await t.close()
      t.now.value = null
    })

    it('allows at most 5 password checks per account per 15-minute lock window', async () => {
      const email = await verifiedUser(t)
      const wave = () =>
        attack(
          Array.from({ length: ROTATING_ADDRESSES }, (_, i) => ({
            client: () => t.clientAt('10.0.0.1'),
            email,
            headers: { 'x-forwarded-for': spoofed(i) },
          })),
        )

      const first = await wave()
      expect(first.checks).toBeLessThanOrEqual(ACCOUNT_LIMIT)
      expect(first.refused).toHaveLength(ROTATING_ADDRESSES - first.checks)
      expect(first.refused.every((r) => r.message === MESSAGES.lockedOut)).toBe(true)

      // Still inside the window: nothing more is checked.
      t.now.value = new Date(Date.now() + 14 * 60_000)
      expect((await wave()).checks).toBe(0)

      // The next window gives the attacker at most five more guesses.
      t.now.value = new Date(Date.now() + 16 * 60_000)
      expect((await wave()).checks).toBeLessThanOrEqual(ACCOUNT_LIMIT)
    })
  })
})
