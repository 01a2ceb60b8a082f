import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { lt } from 'drizzle-orm'
import { z } from 'zod'
import {
  CAPTCHA_EXPIRED,
  CAPTCHA_FAILED,
  CAPTCHA_REQUIRED,
  type CaptchaProvider,
  type CaptchaPublicConfig,
} from '#shared/captcha.ts'
import type { Db } from '../db/client.ts'
import { usedCaptchaChallenges } from '../db/schema.ts'
import type { Env } from '../env.ts'
import { AppError } from '../lib/app-error.ts'
import type { Logger } from '../lib/logger.ts'

export interface CaptchaVerifier {
  provider: CaptchaProvider
  publicConfig(): CaptchaPublicConfig
  /** A fresh signed ALTCHA challenge; throws not_found for the other providers. */
  createChallenge(): Promise<Challenge>
  /** Resolves when the token proves a solved challenge; throws an AppError with the spec's message otherwise. */
  verify(token: string | undefined): Promise<void>
}

export interface CaptchaVerifierOptions {
  env: Env
  db: Db
  logger: Logger
  /** Signs ALTCHA challenges; unused by the other providers. */
  hmacKey: string
  fetch?: typeof fetch
  /** Largest secret counter the browser may have to reach; tests make it tiny. */
  altchaMaxNumber?: number
}

export const NONE_WARNING =
  'CAPTCHA_PROVIDER=none: sign-in, sign-up and recovery are not protected by a challenge. Use only for local scripts and tests.'

/**
 * One SHA-256 per attempt and a secret counter between half and all of this number, so every
 * challenge costs 25,000 to 50,000 hashes. In Debian's Chromium on a 2-core box the widget went
 * from focus to verified in ~0.35 s (median of 8, challenge fetch and worker start included); a
 * slow phone may take a few times that. A speed bump for scripts, not a wall: rate limits and the
 * sign-in lockout do the rest.
 */
const DEFAULT_ALTCHA_MAX_NUMBER = 50_000
const ALTCHA_ALGORITHM = 'SHA-256'
const ALTCHA_TTL_MS = 10 * 60_000

const SITEVERIFY_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const
const SITEVERIFY_TIMEOUT_MS = 10_000

const failed = () => new AppError('bad_request', CAPTCHA_FAILED)

export function createCaptchaVerifier(options: CaptchaVerifierOptions): CaptchaVerifier {
  const provider = options.env.CAPTCHA_PROVIDER
  switch (provider) {
    case 'altcha':
      return altchaVerifier(options)
    case 'turnstile':
    case 'hcaptcha':
      return siteVerifier(provider, options)
    case 'none':
      options.logger.warn(NONE_WARNING)
      return { provider, publicConfig: () => ({ provider }), createChallenge: noChallenge(provider), verify: async () => {} }
  }
}

function noChallenge(provider: CaptchaProvider) {
  return () => Promise.reject(new AppError('not_found', `There is no ALTCHA challenge: the CAPTCHA provider is ${provider}.`))
}

/** Turnstile and hCaptcha: the widget's token is checked by the provider's siteverify API. */
function siteVerifier(provider: 'turnstile' | 'hcaptcha', { env, logger, fetch: fetchImpl = fetch }: CaptchaVerifierOptions): CaptchaVerifier {
  const [siteKey, secret] =
    provider === 'turnstile'
      ? [env.TURNSTILE_SITE_KEY, env.TURNSTILE_SECRET_KEY]
      : [env.HCAPTCHA_SITE_KEY, env.HCAPTCHA_SECRET_KEY]
  if (!siteKey || !secret) {
    const prefix = provider.toUpperCase()
    throw new Error(`CAPTCHA_PROVIDER=${provider} needs ${prefix}_SITE_KEY and ${prefix}_SECRET_KEY.`)
  }
  const url = env.CAPTCHA_VERIFY_URL ?? SITEVERIFY_URLS[provider]

  return {
    provider,
    publicConfig: () => ({ provider, siteKey }),
    createChallenge: noChallenge(provider),
    async verify(token) {
      if (!token) throw new AppError('bad_request', CAPTCHA_REQUIRED)
      const result = await siteverify(fetchImpl, url, secret, token).catch((cause: unknown) => {
        logger.warn({ err: cause, provider }, 'CAPTCHA siteverify request failed')
        // The provider, not the visitor, failed: a 502 keeps outages visible in the logs and metrics.
        throw new AppError('upstream_failed', CAPTCHA_FAILED, { cause })
      })
      if (!result.success) {
        logger.info({ provider, errorCodes: result['error-codes'] }, 'CAPTCHA token rejected')
        throw failed()
      }
    },
  }
}

const SiteverifyResponse = z.object({ success: z.boolean(), 'error-codes': z.array(z.string()).optional() })

async function siteverify(fetchImpl: typeof fetch, url: string, secret: string, token: string) {
  const response = await fetchImpl(url, {
    method: 'POST',
    body: new URLSearchParams({ secret, response: token }),
    signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
  })
  if (!response.ok) throw new Error(`siteverify answered HTTP ${response.status}`)
  return SiteverifyResponse.parse(await response.json())
}

/**
 * What the widget sends: base64 of `{ challenge: { parameters, signature }, solution }`. The
 * parameters stay loose because the signature covers their canonical JSON, unknown keys included.
 */
const AltchaPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALTCHA_ALGORITHM),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number(),
    }),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
})

function decodeAltchaPayload(token: string) {
  try {
    return AltchaPayload.parse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')))
  } catch {
    throw failed()
  }
}

/** Self-hosted proof of work: we sign the challenge, check the solution and remember it was used. */
function altchaVerifier({ db, logger, hmacKey, altchaMaxNumber = DEFAULT_ALTCHA_MAX_NUMBER }: CaptchaVerifierOptions): CaptchaVerifier {
  if (!hmacKey) throw new Error('ALTCHA needs an HMAC key.')
  let lastPrune = 0

  /** Used signatures only matter until their challenge expires; one sweep per lifetime keeps the table small. */
  async function pruneExpired() {
    if (Date.now() - lastPrune < ALTCHA_TTL_MS) return
    lastPrune = Date.now()
    await db.delete(usedCaptchaChallenges).where(lt(usedCaptchaChallenges.expiresAt, new Date()))
  }

  return {
    provider: 'altcha',
    publicConfig: () => ({ provider: 'altcha' }),
    createChallenge: () =>
      createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: 1,
        // Deterministic mode: the browser must count up to this secret number, so the work is known.
        counter: randomInt(altchaMaxNumber, Math.ceil(altchaMaxNumber / 2)),
        deriveKey,
        expiresAt: new Date(Date.now() + ALTCHA_TTL_MS),
        hmacSignatureSecret: hmacKey,
      }),
    async verify(token) {
      if (!token) throw new AppError('bad_request', CAPTCHA_REQUIRED)
      const { challenge, solution } = decodeAltchaPayload(token)
      const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: hmacKey }).catch(
        () => null,
      )
      if (result?.expired) throw new AppError('bad_request', CAPTCHA_EXPIRED)
      if (!result?.verified) throw failed()

      // The challenge signature is unique per challenge; the primary key makes a second use lose the race.
      const inserted = await db
        .insert(usedCaptchaChallenges)
        .values({ signature: challenge.signature, expiresAt: new Date(challenge.parameters.expiresAt * 1000) })
        .onConflictDoNothing()
        .returning({ signature: usedCaptchaChallenges.signature })
      if (inserted.length === 0) {
        logger.info('CAPTCHA solution replayed')
        throw failed()
      }
      await pruneExpired()
    },
  }
}
