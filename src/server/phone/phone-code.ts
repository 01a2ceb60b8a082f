import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { getOrCreateSecret } from '../db/app-secrets.ts'

/** A uniformly random 6-digit code, leading zeros kept. */
export const newPhoneCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0')

/**
 * A million codes are hashed in a blink, so a plain hash would give a leaked table's codes away.
 * Keyed with a per-installation secret (kept in app_secrets, like the auth secret) and bound to the
 * user and the number, a stored hash is useless without the key and can't be moved to another row.
 */
export function hashPhoneCode(key: string, { userId, phone, code }: { userId: string; phone: string; code: string }): string {
  return createHmac('sha256', key).update(`${userId}\n${phone}\n${code}`).digest('base64url')
}

/** Constant-time, so response times don't tell how much of a guess was right. */
export function phoneCodeMatches(key: string, stored: string, attempt: { userId: string; phone: string; code: string }): boolean {
  const expected = Buffer.from(stored, 'base64url')
  const actual = Buffer.from(hashPhoneCode(key, attempt), 'base64url')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** The hashing key, read (or made) once per process on first use. */
export function phoneCodeKey(db: Db): () => Promise<string> {
  let key: Promise<string> | undefined
  return () =>
    (key ??= getOrCreateSecret(db, 'phone_code_key').catch((error: unknown) => {
      key = undefined
      throw error
    }))
}
