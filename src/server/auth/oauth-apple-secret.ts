import { importPKCS8, SignJWT, type CryptoKey } from 'jose'

const APPLE_AUDIENCE = 'https://appleid.apple.com'
/** Apple accepts up to six months; an hour keeps a leaked secret short-lived. */
const LIFETIME_SECONDS = 60 * 60

/**
 * Apple's client secret is a JWT the app signs (ES256) with its Sign in with Apple key. Returns a
 * function that hands out a cached one and mints a fresh one shortly before it expires.
 */
export function appleClientSecretMinter(options: {
  teamId: string
  keyId: string
  privateKey: string
  clientId: string
  now?: () => number
}): () => Promise<string> {
  const now = options.now ?? Date.now
  let key: Promise<CryptoKey> | null = null
  let cached: { value: string; expiresAt: number } | null = null
  return async () => {
    if (cached && cached.expiresAt - 5 * 60_000 > now()) return cached.value
    key ??= importPKCS8(options.privateKey, 'ES256').catch((error: unknown) => {
      key = null
      throw error
    })
    const issuedAt = Math.floor(now() / 1000)
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
      .setIssuer(options.teamId)
      .setSubject(options.clientId)
      .setAudience(APPLE_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + LIFETIME_SECONDS)
      .sign(await key)
    cached = { value, expiresAt: (issuedAt + LIFETIME_SECONDS) * 1000 }
    return value
  }
}
