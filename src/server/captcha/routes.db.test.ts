import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '#tests/support/test-db.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import type { Database } from '../db/client.ts'
import { parseEnv } from '../env.ts'
import { createErrorHandler } from '../http/error-handler.ts'
import { createCaptchaVerifier, type CaptchaVerifier } from './captcha-verifier.ts'
import { captchaRoutes } from './routes.ts'

let database: Database

beforeAll(async () => {
  database = await openTestDatabase()
})

afterAll(async () => {
  await database.close()
})

function appWith(env: Record<string, string>): { app: Hono; verifier: CaptchaVerifier } {
  const verifier = createCaptchaVerifier({
    env: parseEnv(env),
    db: database.db,
    logger: silentLogger,
    hmacKey: 'test-hmac-key',
    altchaMaxNumber: 20,
  })
  const app = new Hono().route('/api/captcha', captchaRoutes(verifier))
  app.onError(createErrorHandler(silentLogger))
  return { app, verifier }
}

describe('captcha routes', () => {
  it('serves an uncached ALTCHA challenge whose solution the verifier accepts', async () => {
    const { app, verifier } = appWith({})
    expect(await (await app.request('/api/captcha/config')).json()).toEqual({ provider: 'altcha' })

    const res = await app.request('/api/captcha/challenge')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const challenge = (await res.json()) as Challenge
    const solution = await solveChallenge({ challenge, deriveKey })
    await expect(verifier.verify(btoa(JSON.stringify({ challenge, solution })))).resolves.toBeUndefined()
  })

  it('gives each request a different challenge', async () => {
    const { app } = appWith({})
    const [a, b] = await Promise.all([1, 2].map(async () => (await app.request('/api/captcha/challenge')).json()))
    expect(a).not.toEqual(b)
  })

  it('answers 404 for a challenge when the provider is not ALTCHA, and publishes the site key', async () => {
    const { app } = appWith({ CAPTCHA_PROVIDER: 'turnstile', TURNSTILE_SITE_KEY: 'site-key', TURNSTILE_SECRET_KEY: 's' })
    expect(await (await app.request('/api/captcha/config')).json()).toEqual({ provider: 'turnstile', siteKey: 'site-key' })

    const res = await app.request('/api/captcha/challenge')
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } })
  })
})
