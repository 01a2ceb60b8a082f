import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openTestDatabase } from '#tests/support/test-db.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { CAPTCHA_EXPIRED, CAPTCHA_FAILED, CAPTCHA_REQUIRED } from '#shared/captcha.ts'
import type { Database } from '../db/client.ts'
import { usedCaptchaChallenges } from '../db/schema.ts'
import { parseEnv } from '../env.ts'
import { AppError } from '../lib/app-error.ts'
import { createCaptchaVerifier, NONE_WARNING, type CaptchaVerifierOptions } from './captcha-verifier.ts'

let database: Database

beforeAll(async () => {
  database = await openTestDatabase()
})

afterAll(async () => {
  await database.close()
})

afterEach(() => {
  vi.useRealTimers()
})

function verifier(env: Record<string, string> = {}, options: Partial<CaptchaVerifierOptions> = {}) {
  return createCaptchaVerifier({
    env: parseEnv(env),
    db: database.db,
    logger: silentLogger,
    hmacKey: 'test-hmac-key',
    altchaMaxNumber: 20,
    ...options,
  })
}

/** What the widget sends after solving: base64 JSON of the challenge and its solution. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('no solution')
  return encode({ challenge, solution })
}

const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64')
const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8'))

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('ALTCHA', () => {
  it('accepts a solved challenge once and rejects the same solution again', async () => {
    const captcha = verifier()
    const token = await solve(await captcha.createChallenge())

    await expect(captcha.verify(token)).resolves.toBeUndefined()
    const replay = await rejection(captcha.verify(token))
    expect(replay).toMatchObject({ code: 'bad_request', status: 400, message: CAPTCHA_FAILED })
  })

  it('issues signed SHA-256 challenges that expire in 10 minutes', async () => {
    const challenge = await verifier({}, { altchaMaxNumber: undefined }).createChallenge()
    expect(challenge.parameters.algorithm).toBe('SHA-256')
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/)
    const expiresInMs = (challenge.parameters.expiresAt ?? 0) * 1000 - Date.now()
    expect(expiresInMs).toBeGreaterThan(9.9 * 60_000)
    expect(expiresInMs).toBeLessThanOrEqual(10 * 60_000)
  })

  it('rejects a tampered solution or challenge', async () => {
    const captcha = verifier()
    const token = await solve(await captcha.createChallenge())
    const payload = decode(token)

    const wrongCounter = { ...payload, solution: { ...payload.solution, counter: payload.solution.counter + 1 } }
    const easierChallenge = {
      ...payload,
      challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, keyPrefix: '0' } },
    }
    for (const forged of [wrongCounter, easierChallenge]) {
      expect(await rejection(captcha.verify(encode(forged)))).toMatchObject({ message: CAPTCHA_FAILED })
    }
    // The untouched solution is still good: forgeries did not burn it.
    await expect(captcha.verify(token)).resolves.toBeUndefined()
  })

  it('rejects a challenge signed with another key', async () => {
    const token = await solve(await verifier({}, { hmacKey: 'someone-else' }).createChallenge())
    expect(await rejection(verifier().verify(token))).toMatchObject({ message: CAPTCHA_FAILED })
  })

  it('rejects tokens that are not ALTCHA payloads', async () => {
    const captcha = verifier()
    for (const token of ['not base64 at all', encode({ challenge: null, solution: null, test: true }), encode([1])]) {
      expect(await rejection(captcha.verify(token))).toMatchObject({ message: CAPTCHA_FAILED })
    }
  })

  it('says a solution to a challenge older than 10 minutes has expired', async () => {
    const captcha = verifier()
    const token = await solve(await captcha.createChallenge())

    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1000)
    expect(await rejection(captcha.verify(token))).toMatchObject({ code: 'bad_request', message: CAPTCHA_EXPIRED })
  })

  it('asks for the challenge when the token is missing', async () => {
    for (const token of [undefined, '']) {
      expect(await rejection(verifier().verify(token))).toMatchObject({ code: 'bad_request', message: CAPTCHA_REQUIRED })
    }
  })

  it('lets exactly one of 10 concurrent verifications of one solution through', async () => {
    const captcha = verifier()
    const token = await solve(await captcha.createChallenge())

    const results = await Promise.allSettled(Array.from({ length: 10 }, () => captcha.verify(token)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect(r.reason).toMatchObject({ message: CAPTCHA_FAILED })
    }
  })

  it('prunes used signatures whose challenge has expired', async () => {
    await database.db.insert(usedCaptchaChallenges).values({ signature: 'stale', expiresAt: new Date(Date.now() - 1000) })
    const captcha = verifier()
    await captcha.verify(await solve(await captcha.createChallenge()))

    const rows = await database.db.select().from(usedCaptchaChallenges)
    expect(rows.map((r) => r.signature)).not.toContain('stale')
  })
})

describe('provider none', () => {
  it('accepts anything, warns once at start and has no challenge', async () => {
    const warn = vi.spyOn(silentLogger, 'warn')
    const captcha = verifier({ CAPTCHA_PROVIDER: 'none' })

    for (const token of [undefined, '', 'none', 'garbage']) await expect(captcha.verify(token)).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(NONE_WARNING)
    expect(captcha.publicConfig()).toEqual({ provider: 'none' })
    expect(await rejection(captcha.createChallenge())).toMatchObject({ code: 'not_found' })
  })
})

/** A local stand-in for the Turnstile/hCaptcha siteverify API. */
function fakeSiteverify(secret: string, goodToken: string) {
  const requests: { contentType?: string; fields: Record<string, string> }[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(body))
      requests.push({ contentType: req.headers['content-type'], fields })
      const success = req.method === 'POST' && fields.secret === secret && fields.response === goodToken
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }))
    })
  })
  return { server, requests }
}

describe('Turnstile', () => {
  let fake: ReturnType<typeof fakeSiteverify>
  let url: string

  beforeAll(async () => {
    fake = fakeSiteverify('turnstile-secret', 'good-token')
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/siteverify`
  })

  afterAll(async () => {
    await new Promise((resolve) => (fake.server as Server).close(resolve))
  })

  const turnstile = (secret = 'turnstile-secret') =>
    verifier({
      CAPTCHA_PROVIDER: 'turnstile',
      TURNSTILE_SITE_KEY: 'site-key',
      TURNSTILE_SECRET_KEY: secret,
      CAPTCHA_VERIFY_URL: url,
    })

  it('accepts a token the provider confirms, sending the secret and response form-encoded', async () => {
    await expect(turnstile().verify('good-token')).resolves.toBeUndefined()
    expect(fake.requests.at(-1)).toEqual({
      contentType: expect.stringContaining('application/x-www-form-urlencoded'),
      fields: { secret: 'turnstile-secret', response: 'good-token' },
    })
  })

  it('rejects a token the provider refuses, or a wrong secret', async () => {
    expect(await rejection(turnstile().verify('bad-token'))).toMatchObject({ code: 'bad_request', message: CAPTCHA_FAILED })
    expect(await rejection(turnstile('wrong').verify('good-token'))).toMatchObject({ message: CAPTCHA_FAILED })
    expect(await rejection(turnstile().verify(undefined))).toMatchObject({ message: CAPTCHA_REQUIRED })
  })

  it('reports an unreachable provider as an upstream failure', async () => {
    const down = verifier(
      { CAPTCHA_PROVIDER: 'turnstile', TURNSTILE_SITE_KEY: 'k', TURNSTILE_SECRET_KEY: 's' },
      { fetch: () => Promise.reject(new TypeError('fetch failed')) },
    )
    expect(await rejection(down.verify('good-token'))).toMatchObject({ code: 'upstream_failed', message: CAPTCHA_FAILED })
  })

  it('publishes its site key and refuses to start without its keys', () => {
    expect(turnstile().publicConfig()).toEqual({ provider: 'turnstile', siteKey: 'site-key' })
    expect(() => verifier({ CAPTCHA_PROVIDER: 'hcaptcha', HCAPTCHA_SITE_KEY: 'k' })).toThrow(/HCAPTCHA_SECRET_KEY/)
  })
})

describe('hCaptcha', () => {
  it('posts to the hCaptcha siteverify URL by default', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => Response.json({ success: true }))
    const captcha = verifier(
      { CAPTCHA_PROVIDER: 'hcaptcha', HCAPTCHA_SITE_KEY: 'k', HCAPTCHA_SECRET_KEY: 's' },
      { fetch: fetchSpy },
    )
    await captcha.verify('token')
    expect(fetchSpy).toHaveBeenCalledWith('https://api.hcaptcha.com/siteverify', expect.objectContaining({ method: 'POST' }))
  })
})
