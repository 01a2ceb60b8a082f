import { createHmac, timingSafeEqual } from 'node:crypto'
import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { symmetricDecrypt } from 'better-auth/crypto'
import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { verifications } from '../db/schema.ts'

/**
 * Each TOTP code works once (RFC 6238 section 5.2, ASVS 6.5.1). better-auth accepts a code from
 * the previous, current or next 30 s step and remembers nothing, so a code seen over a shoulder or
 * phished could be replayed for up to 90 s. Before better-auth checks a code we find which step it
 * belongs to and claim that step for the user; a step at or before one already used is refused.
 *
 * Claims live in `verifications` (no schema change): one row per used step, with a primary key
 * derived from user and step, so two requests racing with the same code can't both claim it.
 */
export const TOTP_PERIOD_SECONDS = 30
const STEP_WINDOW = 1 // better-auth's default: one step either side
const DIGITS = 6
const TWO_FACTOR_COOKIE = 'two_factor'

export const TOTP_CODE_USED = {
  code: 'TOTP_CODE_ALREADY_USED',
  message: 'This code has already been used. Wait for the next code from your authenticator app.',
} as const

const identifier = (userId: string) => `totp-used:${userId}`

function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  // better-auth keys the HMAC with the secret's UTF-8 bytes (the authenticator gets them in base32).
  const mac = createHmac('sha1', Buffer.from(secret, 'utf8')).update(message).digest()
  const offset = mac[mac.length - 1]! & 0xf
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).padStart(DIGITS, '0')
}

/** The time step `code` is valid for right now, or null when it is not a valid code. */
export function matchingTimeStep(secret: string, code: string, nowMs: number): number | null {
  const current = Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS)
  let matched: number | null = null
  for (let step = current - STEP_WINDOW; step <= current + STEP_WINDOW; step++) {
    const expected = Buffer.from(hotp(secret, step))
    const given = Buffer.from(code)
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = step
  }
  return matched
}

/** Records `step` as used by `userId`; false when it, or a later step, was used already. */
export async function claimTimeStep(db: Db, userId: string, step: number, now: Date): Promise<boolean> {
  const key = identifier(userId)
  // Claims older than the acceptance window can never matter again.
  await db.delete(verifications).where(and(eq(verifications.identifier, key), lt(verifications.expiresAt, now)))
  const [later] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.identifier, key), gte(sql`(${verifications.value})::bigint`, step)))
    .limit(1)
  if (later) return false
  const expiresAt = new Date((step + STEP_WINDOW + 1) * TOTP_PERIOD_SECONDS * 1000 + 60_000)
  const inserted = await db
    .insert(verifications)
    .values({ id: `${key}:${step}`, identifier: key, value: String(step), expiresAt, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: verifications.id })
    .returning({ id: verifications.id })
  return inserted.length === 1
}

/** The user a verify-totp request is about: the signed-in user, or the one with a pending sign-in. */
async function userBeingVerified(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]): Promise<string | null> {
  const session = await getSessionFromCtx(ctx)
  if (session) return session.user.id
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE)
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret)
  if (!challenge) return null
  const pending = await ctx.context.internalAdapter.findVerificationValue(challenge)
  return pending?.value ?? null
}

export function totpReplayGuard(deps: { db: Db }): BetterAuthPlugin {
  return {
    id: 'faredrop-totp-replay',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code
            if (typeof code !== 'string') return
            const userId = await userBeingVerified(ctx)
            if (!userId) return // better-auth answers "no pending sign-in"
            const row = (await ctx.context.adapter.findOne({ model: 'twoFactor', where: [{ field: 'userId', value: userId }] })) as {
              secret: string
            } | null
            if (!row) return
            const now = Date.now() // the clock better-auth checks the code against
            const step = matchingTimeStep(await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret }), code, now)
            // A wrong code goes on to better-auth, which counts it toward the 5-per-challenge limit.
            if (step === null) return
            if (!(await claimTimeStep(deps.db, userId, step, new Date(now)))) throw APIError.from('UNAUTHORIZED', TOTP_CODE_USED)
          }),
        },
      ],
    },
  }
}
