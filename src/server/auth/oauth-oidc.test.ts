import { createLocalJWKSet, decodeProtectedHeader, exportJWK, exportPKCS8, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWTPayload } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseEnv, type EnvError } from '../env.ts'
import { appleClientSecretMinter } from './oauth-apple-secret.ts'
import { verifyIdToken, type IdTokenExpectations } from './oauth-oidc.ts'
import { MICROSOFT_CONSUMER_TENANT_ID, oauthClientConfigs, socialProviderAvailability } from './oauth-providers.ts'

/** The ID token rules without a network: tokens signed here, checked against a local key set. */

const CLIENT = 'client-123'
const NONCE = 'the-nonce-of-this-flow'
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47'
let key: CryptoKey
let jwks: IdTokenExpectations['jwks']

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true })
  key = pair.privateKey
  jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' }] })
})

async function token(claims: JWTPayload) {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ sub: 'subject-1', aud: CLIENT, nonce: NONCE, iat: now, exp: now + 300, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .sign(key)
}

const expectations = (overrides: Partial<IdTokenExpectations> = {}): IdTokenExpectations => ({
  jwks,
  issuer: 'https://issuer.example',
  clientId: CLIENT,
  algorithms: ['RS256'],
  nonce: NONCE,
  ...overrides,
})

describe('verifyIdToken', () => {
  it('accepts a token for this client, issuer and nonce', async () => {
    const claims = await verifyIdToken(await token({ iss: 'https://issuer.example' }), expectations())
    expect(claims.sub).toBe('subject-1')
  })

  it('accepts a documented issuer alias (Google) and nothing else', async () => {
    const google = expectations({ issuer: 'https://accounts.google.com', issuerAliases: ['accounts.google.com'] })
    await expect(verifyIdToken(await token({ iss: 'accounts.google.com' }), google)).resolves.toBeTruthy()
    await expect(verifyIdToken(await token({ iss: 'https://accounts.google.com.evil' }), google)).rejects.toThrow(/issuer/)
  })

  it("resolves Microsoft's {tenantid} issuer from the token's own tid", async () => {
    const ms = expectations({ issuer: 'https://login.microsoftonline.com/{tenantid}/v2.0' })
    await expect(verifyIdToken(await token({ iss: `https://login.microsoftonline.com/${TENANT}/v2.0`, tid: TENANT }), ms)).resolves.toBeTruthy()
    // The issuer must name the token's tenant, and a tenant there is required.
    await expect(
      verifyIdToken(await token({ iss: `https://login.microsoftonline.com/${TENANT}/v2.0`, tid: MICROSOFT_CONSUMER_TENANT_ID }), ms),
    ).rejects.toThrow(/issuer/)
    await expect(verifyIdToken(await token({ iss: 'https://login.microsoftonline.com/{tenantid}/v2.0' }), ms)).rejects.toThrow(/issuer/)
  })

  it('keeps the Microsoft organizations and consumers endpoints to their kind of account', async () => {
    const base = { MICROSOFT_CLIENT_ID: CLIENT, MICROSOFT_CLIENT_SECRET: 's' }
    const check = (tenant: string) => oauthClientConfigs(parseEnv({ ...base, MICROSOFT_TENANT_ID: tenant }))[0]!.checkClaims!
    expect(check('organizations')({ tid: MICROSOFT_CONSUMER_TENANT_ID })).toMatch(/personal/)
    expect(check('organizations')({ tid: TENANT })).toBeNull()
    expect(check('consumers')({ tid: TENANT })).toMatch(/work/)
    expect(check('consumers')({ tid: MICROSOFT_CONSUMER_TENANT_ID })).toBeNull()
    expect(check('common')({ tid: TENANT })).toBeNull()
  })

  it('refuses another audience, and a foreign authorized party', async () => {
    const iss = 'https://issuer.example'
    await expect(verifyIdToken(await token({ iss, aud: 'other-client' }), expectations())).rejects.toThrow(/aud/)
    await expect(verifyIdToken(await token({ iss, aud: [CLIENT, 'other'] }), expectations())).rejects.toThrow(/authorized party/)
    await expect(verifyIdToken(await token({ iss, azp: 'other' }), expectations())).rejects.toThrow(/authorized party/)
    await expect(verifyIdToken(await token({ iss, aud: [CLIENT, 'other'], azp: CLIENT }), expectations())).resolves.toBeTruthy()
  })

  it("compares the nonce exactly, or also as its SHA-256 for Apple", async () => {
    const hashed = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(NONCE))).toString('hex')
    const iss = 'https://issuer.example'
    await expect(verifyIdToken(await token({ iss, nonce: hashed }), expectations())).rejects.toThrow(/nonce/)
    await expect(verifyIdToken(await token({ iss, nonce: hashed }), expectations({ nonceComparison: 'exact-or-sha256' }))).resolves.toBeTruthy()
    await expect(verifyIdToken(await token({ iss, nonce: 'other' }), expectations({ nonceComparison: 'exact-or-sha256' }))).rejects.toThrow(/nonce/)
  })

  it('refuses an algorithm the provider does not advertise (no HS256 signed with a guessable secret)', async () => {
    const now = Math.floor(Date.now() / 1000)
    const hs = await new SignJWT({ iss: 'https://issuer.example', sub: 's', aud: CLIENT, nonce: NONCE, iat: now, exp: now + 60 })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .sign(new TextEncoder().encode(CLIENT))
    await expect(verifyIdToken(hs, expectations())).rejects.toThrow()
  })

  it('refuses a token minted long ago even if not yet expired', async () => {
    const now = Math.floor(Date.now() / 1000)
    await expect(verifyIdToken(await token({ iss: 'https://issuer.example', iat: now - 3600, exp: now + 3600 }), expectations())).rejects.toThrow()
  })
})

describe('provider configuration from the environment', () => {
  it('offers nothing without credentials, and exactly the configured providers otherwise', () => {
    expect(socialProviderAvailability(parseEnv({}))).toEqual({ google: false, microsoft: false, apple: false })
    expect(socialProviderAvailability(parseEnv({ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' }))).toEqual({
      google: true,
      microsoft: false,
      apple: false,
    })
  })

  it('uses the real discovery documents unless overridden', () => {
    const configs = oauthClientConfigs(
      parseEnv({
        GOOGLE_CLIENT_ID: 'g',
        GOOGLE_CLIENT_SECRET: 's',
        MICROSOFT_CLIENT_ID: 'm',
        MICROSOFT_CLIENT_SECRET: 's',
        MICROSOFT_TENANT_ID: 'Consumers',
        APPLE_CLIENT_ID: 'a',
        APPLE_CLIENT_SECRET: 'jwt',
      }),
    )
    expect(Object.fromEntries(configs.map((c) => [c.id, c.discoveryUrl]))).toEqual({
      google: 'https://accounts.google.com/.well-known/openid-configuration',
      microsoft: 'https://login.microsoftonline.com/consumers/v2.0/.well-known/openid-configuration',
      apple: 'https://appleid.apple.com/.well-known/openid-configuration',
    })
    expect(configs.find((c) => c.id === 'microsoft')!.scopes).toContain('email')
    expect(configs.find((c) => c.id === 'apple')!.responseMode).toBe('form_post')
  })

  it('refuses half a configuration and an insecure discovery URL', () => {
    const problems = (vars: Record<string, string>) => {
      try {
        parseEnv(vars)
        return ''
      } catch (error) {
        return (error as EnvError).problems.join('\n')
      }
    }
    expect(problems({ GOOGLE_CLIENT_ID: 'g' })).toMatch(/^GOOGLE_CLIENT_SECRET: is required/m)
    expect(problems({ MICROSOFT_CLIENT_ID: 'm' })).toMatch(/^MICROSOFT_CLIENT_SECRET: is required/m)
    expect(problems({ APPLE_CLIENT_ID: 'a' })).toMatch(/^APPLE_CLIENT_SECRET: is required/m)
    expect(problems({ APPLE_TEAM_ID: 't' })).toMatch(/^APPLE_KEY_ID: .*go together/m)
    expect(problems({ OAUTH_GOOGLE_DISCOVERY_URL: 'http://idp.example/.well-known/openid-configuration' })).toMatch(/^OAUTH_GOOGLE_DISCOVERY_URL: must be an https/m)
    expect(problems({ OAUTH_GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:4000/.well-known/openid-configuration' })).toBe('')
    expect(problems({ MICROSOFT_TENANT_ID: '../evil' })).toMatch(/^MICROSOFT_TENANT_ID: /m)
  })

  it("treats Microsoft's email as verified only when a claim says so", () => {
    const [ms] = oauthClientConfigs(parseEnv({ MICROSOFT_CLIENT_ID: 'm', MICROSOFT_CLIENT_SECRET: 's' }))
    expect(ms!.emailVerified({ email: 'a@b.c' })).toBe(false)
    expect(ms!.emailVerified({ email: 'a@b.c', xms_edov: true })).toBe(true)
    expect(ms!.emailVerified({ email: 'a@b.c', email_verified: true })).toBe(true)
  })
})

describe('Apple client secret', () => {
  it('mints a short-lived ES256 JWT from the Sign in with Apple key, and reuses it', async () => {
    const pair = await generateKeyPair('ES256', { extractable: true })
    let now = Date.UTC(2026, 10, 1)
    const mint = appleClientSecretMinter({
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      privateKey: await exportPKCS8(pair.privateKey),
      clientId: 'app.faredrop.web',
      now: () => now,
    })
    const secret = await mint()
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: 'KEY1234567' })
    const { payload } = await jwtVerify(secret, pair.publicKey, { currentDate: new Date(now) })
    expect(payload).toMatchObject({ iss: 'TEAM123456', sub: 'app.faredrop.web', aud: 'https://appleid.apple.com' })
    expect(payload.exp! - payload.iat!).toBe(3600)
    expect(await mint()).toBe(secret)
    now += 58 * 60_000
    expect(await mint()).not.toBe(secret)
  })
})
