import { Hono } from 'hono'
import type { ApiBody } from '#shared/api-contract.ts'
import type { CaptchaVerifier } from './captcha-verifier.ts'

/** Mounted at /api/captcha. The forms send the solved challenge to the auth routes, not here. */
export function captchaRoutes(verifier: CaptchaVerifier) {
  return new Hono()
    .get('/config', (c) => c.json(verifier.publicConfig() satisfies ApiBody<'GET /api/captcha/config'>))
    .get('/challenge', async (c) => {
      const challenge = await verifier.createChallenge()
      // Every visitor needs a fresh challenge: a cached one would be shared, and a solution works once.
      c.header('Cache-Control', 'no-store')
      return c.json(challenge)
    })
}
