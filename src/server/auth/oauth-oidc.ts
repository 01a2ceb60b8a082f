import type { BetterAuthPlugin } from 'better-auth'
import { APIError } from 'better-auth/api'
import { createAuthorizationURL, validateAuthorizationCode, type OAuthProvider } from 'better-auth/oauth2'
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose'
import { isSecureOrLoopbackUrl } from '../env.ts'
import type { Logger } from '../lib/logger.ts'
import type { OidcClientConfig } from './oauth-providers.ts'

/**
 * One OpenID Connect relying party per provider, plugged into better-auth's own social sign-in
 * routes (`POST /api/auth/sign-in/social`, `/api/auth/callback/:provider`). better-auth keeps the
 * flow state (state, PKCE verifier, nonce) server-side, bound to a signed cookie of the browser
 * that started it; this module talks to the provider and verifies what comes back:
 *
 * - endpoints and signing keys come from the provider's discovery document (https only, except
 *   a loopback test provider), refreshed daily; keys rotate through jose's remote key set;
 * - the ID token is required and verified: signature with an asymmetric algorithm the provider
 *   advertises, `iss` (Microsoft's per-tenant template resolved from `tid`), `aud` (and `azp`)
 *   equal to our client id, `exp`/`iat` within limits, and `nonce` equal to this flow's nonce;
 * - the account key is (provider, `sub` of that verified token), never the email; the email is
 *   used only when the provider vouches for it (`email_verified`).
 */

export interface DiscoveryDocument {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  jwks_uri: string
  /** Only the asymmetric algorithms we accept, in the provider's order. */
  id_token_signing_alg_values_supported: string[]
}

/** The verified ID token claims, kept as the provider profile. */
export type OidcProfile = JWTPayload & { sub: string }

const DISCOVERY_TTL_MS = 24 * 60 * 60_000
const DISCOVERY_TIMEOUT_MS = 10_000
const ID_TOKEN_MAX_AGE = '10m'
const CLOCK_TOLERANCE_SECONDS = 30
const ASYMMETRIC_ALGORITHMS = new Set(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'])
const TENANT_PLACEHOLDER = '{tenantid}'

/** Fetches and checks a discovery document. Throws with a reason when it can't be used. */
export async function fetchDiscovery(url: string): Promise<DiscoveryDocument> {
  const res = await fetch(url, { redirect: 'error', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) })
  if (!res.ok) throw new Error(`discovery answered ${res.status}`)
  const doc = (await res.json()) as Record<string, unknown>
  for (const field of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    const value = doc[field]
    if (typeof value !== 'string' || !isSecureOrLoopbackUrl(value.replace(TENANT_PLACEHOLDER, 'tenant'))) {
      throw new Error(`discovery field ${field} is missing or not an https URL`)
    }
  }
  const advertised = Array.isArray(doc.id_token_signing_alg_values_supported) ? doc.id_token_signing_alg_values_supported : []
  const algorithms = advertised.filter((alg): alg is string => typeof alg === 'string' && ASYMMETRIC_ALGORITHMS.has(alg))
  if (algorithms.length === 0) throw new Error('discovery lists no asymmetric ID token signing algorithm')
  return {
    issuer: doc.issuer as string,
    authorization_endpoint: doc.authorization_endpoint as string,
    token_endpoint: doc.token_endpoint as string,
    jwks_uri: doc.jwks_uri as string,
    id_token_signing_alg_values_supported: algorithms,
  }
}

export interface IdTokenExpectations {
  jwks: JWTVerifyGetKey
  /** The discovered issuer; may contain Microsoft's `{tenantid}` placeholder. */
  issuer: string
  issuerAliases?: readonly string[]
  clientId: string
  algorithms: string[]
  nonce: string
  nonceComparison?: 'exact' | 'exact-or-sha256'
  checkClaims?: (claims: JWTPayload) => string | null
}

async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value))
  return Buffer.from(digest).toString('hex')
}

/** OpenID Connect Core 3.1.3.7. Returns the claims, or throws with the reason for refusing. */
export async function verifyIdToken(token: string, expect: IdTokenExpectations): Promise<OidcProfile> {
  const { payload } = await jwtVerify(token, expect.jwks, {
    audience: expect.clientId,
    algorithms: expect.algorithms,
    requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
    maxTokenAge: ID_TOKEN_MAX_AGE,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
  })

  const issuers = [...(expect.issuerAliases ?? [])]
  if (!expect.issuer.includes(TENANT_PLACEHOLDER)) issuers.push(expect.issuer)
  else if (typeof payload.tid === 'string' && /^[0-9a-f-]{36}$/i.test(payload.tid)) issuers.push(expect.issuer.replace(TENANT_PLACEHOLDER, payload.tid))
  if (!payload.iss || !issuers.includes(payload.iss)) throw new Error(`unexpected issuer ${JSON.stringify(payload.iss)}`)

  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud]
  if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== expect.clientId) throw new Error('authorized party is not this client')

  const nonce = payload.nonce
  const nonceOk =
    typeof nonce === 'string' &&
    (nonce === expect.nonce || (expect.nonceComparison === 'exact-or-sha256' && nonce === (await sha256Hex(expect.nonce))))
  if (!nonceOk) throw new Error('nonce does not match this sign-in')

  if (typeof payload.sub !== 'string' || payload.sub.trim() === '') throw new Error('no subject')
  const refused = expect.checkClaims?.(payload)
  if (refused) throw new Error(refused)
  return payload as OidcProfile
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)

/** A better-auth social provider that runs OpenID Connect against `config`'s discovery document. */
export function createOidcProvider(config: OidcClientConfig, logger: Logger): OAuthProvider<OidcProfile> {
  interface Metadata {
    doc: DiscoveryDocument
    jwks: JWTVerifyGetKey
    expiresAt: number
  }
  let current: Metadata | null = null
  let pending: Promise<Metadata> | null = null

  const metadata = async (): Promise<Metadata> => {
    if (current && current.expiresAt > Date.now()) return current
    pending ??= fetchDiscovery(config.discoveryUrl)
      .then((doc): Metadata => {
        const jwks = current?.doc.jwks_uri === doc.jwks_uri ? current.jwks : createRemoteJWKSet(new URL(doc.jwks_uri))
        current = { doc, jwks, expiresAt: Date.now() + DISCOVERY_TTL_MS }
        return current
      })
      .catch((error: unknown): Metadata => {
        logger.error({ provider: config.id, err: error }, 'oauth: discovery failed')
        // A stale document beats no sign-in; without one the request fails and the next retries.
        if (current) return current
        throw new APIError('SERVICE_UNAVAILABLE', { message: `${config.name} sign-in is unavailable right now. Try again later.` })
      })
      .finally(() => {
        pending = null
      })
    return pending
  }

  const refuse = (reason: string) => {
    logger.warn({ provider: config.id, reason }, 'oauth: sign-in refused')
    return null
  }

  return {
    id: config.id,
    name: config.name,
    // RFC 9207: better-auth compares an `iss` on the callback with this (unknown until discovery).
    get issuer() {
      return current && !current.doc.issuer.includes(TENANT_PLACEHOLDER) ? current.doc.issuer : undefined
    },
    requiresIdTokenNonce: true,
    accountSubject: ({ profile }) => profile.sub,

    async createAuthorizationURL(data) {
      const { doc } = await metadata()
      if (!data.idTokenNonce) throw new APIError('INTERNAL_SERVER_ERROR', { message: 'No nonce for this sign-in.' })
      return createAuthorizationURL({
        id: config.id,
        options: { clientId: config.clientId },
        authorizationEndpoint: doc.authorization_endpoint,
        state: data.state,
        codeVerifier: data.codeVerifier,
        nonce: data.idTokenNonce,
        // Only our scopes: the client's `scopes` and `additionalParams` are ignored on purpose.
        scopes: [...config.scopes],
        redirectURI: data.redirectURI,
        responseMode: config.responseMode,
        loginHint: data.loginHint,
      })
    },

    async validateAuthorizationCode({ code, codeVerifier, redirectURI }) {
      if (!codeVerifier) throw new Error('PKCE verifier missing')
      const { doc } = await metadata()
      return validateAuthorizationCode({
        code,
        codeVerifier,
        redirectURI,
        options: { clientId: config.clientId, clientSecret: await config.clientSecret() },
        tokenEndpoint: doc.token_endpoint,
      })
    },

    async getUserInfo({ idToken, expectedIdTokenNonce, user }) {
      if (!idToken) return refuse('the token response has no ID token')
      if (!expectedIdTokenNonce) return refuse('no nonce was bound to this sign-in')
      const { doc, jwks } = await metadata()
      let claims: OidcProfile
      try {
        claims = await verifyIdToken(idToken, {
          jwks,
          issuer: doc.issuer,
          issuerAliases: config.issuerAliases,
          clientId: config.clientId,
          algorithms: doc.id_token_signing_alg_values_supported,
          nonce: expectedIdTokenNonce,
          nonceComparison: config.nonceComparison,
          checkClaims: config.checkClaims,
        })
      } catch (error) {
        return refuse(`ID token: ${(error as Error).message}`)
      }
      // Apple sends the name once, beside the code (not signed); everyone else puts it in the token.
      const firstName = text(claims.given_name) ?? text(user?.name?.firstName)
      const lastName = text(claims.family_name) ?? text(user?.name?.lastName)
      // Decision 009: only an email the provider vouches for is used at all. Without one the
      // callback stops at `email_not_found` before looking up or creating anyone, so an unverified
      // address can neither reveal nor pre-register an account for its real owner.
      const emailVerified = config.emailVerified(claims)
      if (!emailVerified) logger.info({ provider: config.id }, 'oauth: the provider does not vouch for the email; sign-in refused')
      const mapped = {
        email: emailVerified ? text(claims.email)?.toLowerCase() : undefined,
        emailVerified,
        name: text(claims.name) ?? ([firstName, lastName].filter(Boolean).join(' ') || undefined),
        image: text(claims.picture),
        firstName,
        lastName,
      }
      return { user: mapped, data: claims }
    },

    options: {
      clientId: config.clientId,
      // Identity only through the redirect flow above; never from an ID token a client posts.
      disableIdTokenSignIn: true,
      // No session until the account's email is verified (by the provider, or by our email link).
      requireEmailVerification: true,
    },
  }
}

/** Registers our providers with better-auth, ahead of any built-in ones. */
export function oidcProviders(providers: OAuthProvider<OidcProfile>[]): BetterAuthPlugin {
  return {
    id: 'faredrop-oidc',
    init: (ctx) => ({ context: { socialProviders: [...(providers as OAuthProvider[]), ...ctx.socialProviders] } }),
  }
}
