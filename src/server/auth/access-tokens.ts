import type { JwtOptions } from 'better-auth/plugins'
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose'
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims } from '#shared/bearer-session.ts'

/**
 * The native app's access tokens (decision 036): JWTs signed by better-auth's jwt plugin with its
 * Ed25519 key (kept in `jwks`, the private half encrypted with the auth secret), naming the user
 * (`sub`) and the session (`sid`), issued by and for our public URL.
 */

/** Only this algorithm is accepted: `none`, HMAC and every other header is refused before any key is read. */
export const ACCESS_TOKEN_ALG = 'EdDSA'

/**
 * The jwt plugin as we run it. Its own JWT header on get-session (`set-auth-jwt`) is off: access
 * tokens come from the refresh grant only, and the web app must not be handed one on every read.
 */
export function jwtPluginOptions(publicUrl: string) {
  return {
    jwks: { keyPairConfig: { alg: ACCESS_TOKEN_ALG, crv: 'Ed25519' } },
    jwt: { issuer: publicUrl, audience: publicUrl, expirationTime: `${ACCESS_TOKEN_TTL_SECONDS}s` },
    disableSettingJwtHeader: true,
  } satisfies JwtOptions
}

/** How long the public keys are trusted without reading them again (the spec's "signing key cache has a time limit"). */
export const KEY_CACHE_MS = 10 * 60_000
/** A token naming a key we don't know reads the keys again, at most this often (a forged `kid` can't make every request a query). */
export const KEY_REFETCH_MIN_MS = 30_000

export type AccessTokenCheck = { ok: true; claims: AccessTokenClaims } | { ok: false; expired: boolean }

export interface AccessTokenVerifierDeps {
  /** The public keys document (what GET /api/auth/jwks answers). */
  readKeys: () => Promise<JSONWebKeySet>
  publicUrl: string
  /** Milliseconds since the epoch; the key cache's clock. */
  now?: () => number
}

/**
 * Checks an access token's signature against our own public keys, its algorithm, issuer,
 * audience, expiry and claims. A refusal is `{ ok: false }`; a failure to read the keys (the
 * database down) is thrown, so the caller answers 503 and the app keeps its session.
 */
export function createAccessTokenVerifier(deps: AccessTokenVerifierDeps) {
  const now = deps.now ?? Date.now
  let cached: { keys: ReturnType<typeof createLocalJWKSet>; readAt: number } | null = null
  let reading: Promise<ReturnType<typeof createLocalJWKSet>> | null = null

  const keySet = async (fresh: boolean) => {
    if (cached && !fresh && now() - cached.readAt < KEY_CACHE_MS) return cached.keys
    reading ??= deps
      .readKeys()
      .then((document) => {
        cached = { keys: createLocalJWKSet(document), readAt: now() }
        return cached.keys
      })
      .finally(() => {
        reading = null
      })
    return reading
  }

  const check = async (token: string, fresh: boolean): Promise<AccessTokenCheck> => {
    try {
      const { payload } = await jwtVerify(token, await keySet(fresh), {
        issuer: deps.publicUrl,
        audience: deps.publicUrl,
        algorithms: [ACCESS_TOKEN_ALG],
        requiredClaims: ['sub', 'sid', 'iat', 'exp'],
      })
      const { sub, sid } = payload
      if (typeof sub !== 'string' || typeof sid !== 'string' || sub === '' || sid === '') return { ok: false, expired: false }
      return { ok: true, claims: { sub, sid } }
    } catch (error) {
      // A key added since the keys were read (another process made the first one): read them once more.
      if (error instanceof errors.JWKSNoMatchingKey && !fresh && cached && now() - cached.readAt >= KEY_REFETCH_MIN_MS) return check(token, true)
      if (error instanceof errors.JOSEError) return { ok: false, expired: error instanceof errors.JWTExpired }
      throw error
    }
  }

  return { verify: (token: string) => check(token, false) }
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>
