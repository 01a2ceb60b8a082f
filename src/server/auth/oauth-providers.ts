import type { JWTPayload } from 'jose'
import type { Env } from '../env.ts'
import { appleClientSecretMinter } from './oauth-apple-secret.ts'

/**
 * Google, Microsoft and Apple sign-in, each an OpenID Connect client configured from the
 * provider's discovery document (decision 009). This module only turns the environment into
 * client settings; `oauth-oidc.ts` runs the protocol.
 */

export const OAUTH_PROVIDER_IDS = ['google', 'microsoft', 'apple'] as const
export type OAuthProviderId = (typeof OAUTH_PROVIDER_IDS)[number]

export function isOAuthProviderId(value: string): value is OAuthProviderId {
  return (OAUTH_PROVIDER_IDS as readonly string[]).includes(value)
}

/** Microsoft's fixed tenant id for personal accounts (the `tid` of every consumer token). */
export const MICROSOFT_CONSUMER_TENANT_ID = '9188040d-6c67-4c5b-b112-36a304b66dad'

export interface OidcClientConfig {
  id: OAuthProviderId
  /** Display name, as in "Failed to sign in with Google". */
  name: string
  discoveryUrl: string
  clientId: string
  /** The secret sent to the token endpoint (client_secret_post). Apple's is minted on demand. */
  clientSecret: () => Promise<string>
  scopes: readonly string[]
  /** Apple returns the code in a POST when name or email is requested. */
  responseMode?: 'form_post'
  /** Other spellings of the discovered issuer the provider is documented to put in `iss`. */
  issuerAliases?: readonly string[]
  nonceComparison?: 'exact' | 'exact-or-sha256'
  /** Provider-specific claim rules, checked after signature, issuer, audience and nonce: a reason to refuse, or null. */
  checkClaims?: (claims: JWTPayload) => string | null
  /** Whether the provider vouches that the `email` claim belongs to this user. */
  emailVerified: (claims: JWTPayload) => boolean
}

const isTrue = (value: unknown) => value === true || value === 'true'

/** Which providers this server has credentials for (GET /api/auth-config; disabled buttons otherwise). */
export function socialProviderAvailability(env: Env): Record<OAuthProviderId, boolean> {
  const configured = new Set(oauthClientConfigs(env).map((config) => config.id))
  return { google: configured.has('google'), microsoft: configured.has('microsoft'), apple: configured.has('apple') }
}

/** Client settings for every provider with a client id (env.ts guarantees the matching secret). */
export function oauthClientConfigs(env: Env): OidcClientConfig[] {
  const configs: OidcClientConfig[] = []
  const fixed = (secret: string) => () => Promise.resolve(secret)

  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    configs.push({
      id: 'google',
      name: 'Google',
      discoveryUrl: env.OAUTH_GOOGLE_DISCOVERY_URL ?? 'https://accounts.google.com/.well-known/openid-configuration',
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: fixed(env.GOOGLE_CLIENT_SECRET),
      scopes: ['openid', 'email', 'profile'],
      // Google documents both forms of its issuer.
      issuerAliases: ['accounts.google.com'],
      emailVerified: (claims) => isTrue(claims.email_verified),
    })
  }

  if (env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET) {
    const tenant = env.MICROSOFT_TENANT_ID.toLowerCase()
    configs.push({
      id: 'microsoft',
      name: 'Microsoft',
      discoveryUrl:
        env.OAUTH_MICROSOFT_DISCOVERY_URL ??
        `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/v2.0/.well-known/openid-configuration`,
      clientId: env.MICROSOFT_CLIENT_ID,
      clientSecret: fixed(env.MICROSOFT_CLIENT_SECRET),
      scopes: ['openid', 'email', 'profile'],
      // The multi-tenant endpoints publish an issuer template ({tenantid}); oauth-oidc.ts fills it
      // from the token's `tid`. These rules keep each endpoint to its own kind of account.
      checkClaims: (claims) => {
        if (tenant === 'organizations' && claims.tid === MICROSOFT_CONSUMER_TENANT_ID) return 'personal account on the organizations endpoint'
        if (tenant === 'consumers' && claims.tid !== MICROSOFT_CONSUMER_TENANT_ID) return 'work account on the consumers endpoint'
        return null
      },
      // Microsoft's `email` claim is not verified by default. `email_verified`, or the optional
      // `xms_edov` claim (email domain owner verified) when the app registration adds it, vouch for it.
      emailVerified: (claims) => isTrue(claims.email_verified) || isTrue(claims.xms_edov) || claims.xms_edov === 1,
    })
  }

  const appleKey =
    env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY
      ? { teamId: env.APPLE_TEAM_ID, keyId: env.APPLE_KEY_ID, privateKey: env.APPLE_PRIVATE_KEY }
      : null
  if (env.APPLE_CLIENT_ID && (appleKey || env.APPLE_CLIENT_SECRET)) {
    configs.push({
      id: 'apple',
      name: 'Apple',
      discoveryUrl: env.OAUTH_APPLE_DISCOVERY_URL ?? 'https://appleid.apple.com/.well-known/openid-configuration',
      clientId: env.APPLE_CLIENT_ID,
      clientSecret: appleKey ? appleClientSecretMinter({ ...appleKey, clientId: env.APPLE_CLIENT_ID }) : fixed(env.APPLE_CLIENT_SECRET!),
      // Apple has no `profile` scope; `name` arrives once, in the form post of the first sign-in.
      scopes: ['openid', 'email', 'name'],
      responseMode: 'form_post',
      nonceComparison: 'exact-or-sha256',
      emailVerified: (claims) => isTrue(claims.email_verified),
    })
  }
  return configs
}
