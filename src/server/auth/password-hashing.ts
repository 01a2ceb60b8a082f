import { hash, verify } from '@node-rs/argon2'

/**
 * argon2id with OWASP's minimum parameters (m = 19 MiB, t = 2, p = 1), replacing better-auth's
 * default scrypt, whose 32 MiB cost is below OWASP's recommendation for scrypt.
 */
export const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password)
  } catch {
    // A malformed stored hash is a failed check, never a crash.
    return false
  }
}
