import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, uniqueEmail, type TestApp } from '#tests/support/test-app.ts'

/**
 * Security target A5: an attacker can't tell a registered email from an unknown one by the
 * status, the body or the response time of sign-in, sign-up, magic link or password recovery.
 *
 * The spec figure is 200 known + 200 unknown emails per endpoint; CI runs SAMPLES of each
 * (interleaved) so the file stays under ~40 s on the 2-core box. Raise it for a nightly run with
 * AUTH_TIMING_SAMPLES=200.
 */
const SAMPLES = Number(process.env.AUTH_TIMING_SAMPLES ?? 40)
const MAX_MEDIAN_GAP_MS = 10
const WARM_UP = 3
const WRONG_PASSWORD = 'not-their-password'

let t: TestApp
/** Verified accounts; each is used for one wrong-password sign-in, so none reaches the 5-strike lock. */
const known: string[] = []

beforeAll(async () => {
  // Every request comes from its own address (through a trusted proxy), so the per-address
  // sign-in limit doesn't turn the later samples into 429s.
  t = await createTestApp({ TRUST_PROXY: 'true' })
  for (let i = 0; i < SAMPLES + WARM_UP; i++) {
    const client = t.client()
    const email = uniqueEmail('known')
    await t.signUp(client, email)
    await t.verifyFromEmail(client, email)
    known.push(email)
  }
}, 120_000)
afterAll(async () => {
  await t.close()
})

let address = 0
const nextAddress = () => `198.18.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`

/** Values that differ between any two responses (ids, clocks), masked so the rest compares exactly. */
// requestId: every error answer carries its own (x-request-id).
const VOLATILE = new Set(['id', 'createdAt', 'updatedAt', 'requestId'])
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, VOLATILE.has(k) ? typeof v : k === 'email' ? '<email>' : shape(v)]))
  }
  return value
}

interface Probe {
  status: number
  body: unknown
  ms: number
}

async function probe(path: string, json: Record<string, unknown>): Promise<Probe> {
  const client = t.client()
  const started = performance.now()
  const res = await client.request(path, { method: 'POST', json, headers: { 'x-forwarded-for': nextAddress() } })
  const body = shape(await res.json())
  const ms = performance.now() - started
  // Mail is sent after the response; let it go out so it doesn't land inside the next sample.
  await Promise.allSettled(t.services.pendingEmails)
  return { status: res.status, body, ms }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * Sends `SAMPLES` requests for known and unknown emails, alternating which goes first so drift
 * (JIT, GC, a neighbouring test file) lands on both sides alike.
 */
async function compare(request: (email: string) => Promise<Probe>, knownEmail: (i: number) => string) {
  for (let i = 0; i < WARM_UP; i++) {
    await request(known[SAMPLES + i]!)
    await request(uniqueEmail('warm'))
  }
  const knownRuns: Probe[] = []
  const unknownRuns: Probe[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const pair = [() => request(knownEmail(i)), () => request(uniqueEmail('nobody'))] as const
    if (i % 2 === 0) {
      knownRuns.push(await pair[0]())
      unknownRuns.push(await pair[1]())
    } else {
      unknownRuns.push(await pair[1]())
      knownRuns.push(await pair[0]())
    }
  }
  const reference = knownRuns[0]!
  for (const run of [...knownRuns, ...unknownRuns]) expect({ status: run.status, body: run.body }).toEqual({ status: reference.status, body: reference.body })
  const knownMs = median(knownRuns.map((r) => r.ms))
  const unknownMs = median(unknownRuns.map((r) => r.ms))
  console.info(`A5 ${SAMPLES}+${SAMPLES}: median known ${knownMs.toFixed(1)} ms, unknown ${unknownMs.toFixed(1)} ms`)
  expect(Math.abs(knownMs - unknownMs)).toBeLessThan(MAX_MEDIAN_GAP_MS)
  return reference
}

describe('known and unknown emails look the same (A5)', () => {
  it('password sign-in: same 401, same body, median time within 10 ms', async () => {
    const reference = await compare(
      (email) => probe('/api/auth/sign-in/email', { email, password: WRONG_PASSWORD }),
      (i) => known[i]!,
    )
    expect(reference.status).toBe(401)
  })

  it('password reset request: same answer, median time within 10 ms', async () => {
    const reference = await compare(
      (email) => probe('/api/auth/request-password-reset', { email, redirectTo: '/auth?type=recovery' }),
      (i) => known[i]!,
    )
    expect(reference.status).toBe(200)
  })

  it('magic link request: same answer, median time within 10 ms', async () => {
    const reference = await compare(
      (email) => probe('/api/auth/sign-in/magic-link', { email, callbackURL: '/' }),
      (i) => known[i]!,
    )
    expect(reference.status).toBe(200)
  })

  it('sign-up: an existing email gets the answer a new one gets, median time within 10 ms', async () => {
    const reference = await compare(
      (email) => probe('/api/auth/sign-up/email', { email, password: 'a-new-password', name: 'Ana Lima', firstName: 'Ana', lastName: 'Lima', callbackURL: '/' }),
      (i) => known[i]!,
    )
    expect(reference.status).toBe(200)
  })
})
