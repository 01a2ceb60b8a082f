import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import { PHONE_CODE_MESSAGES, PHONE_CODE_RULES, phoneCodeText } from '#shared/phone-verification.ts'
import type { Db } from '../db/client.ts'
import { phoneVerificationCodes } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import type { Logger } from '../lib/logger.ts'
import { ChannelError } from '../notifications/channel-driver.ts'
import { errorText } from '../notifications/channel-errors.ts'
import type { SmsTextSender } from '../notifications/channels/sms-text-sender.ts'
import { hashPhoneCode, newPhoneCode } from './phone-code.ts'
import { HOUR_MS, nextCodeWait, nextNumberWait, type CodeSendWait } from './phone-code-limits.ts'
import { recentCodes } from './phone-state.ts'

/** What the phone operations need; the routes pass the app's (tests: their clock). */
export interface PhoneDeps {
  db: Db
  now: () => Date
  logger: Logger
  sms: SmsTextSender
  /** The code-hashing key (phone-code.ts). */
  codeKey: () => Promise<string>
}

export interface IssuedCode {
  id: string
  phone: string
  code: string
}

/** Ends the user's open codes: a new code, a new number or no number leaves nothing else to type. */
export async function closeOpenCodes(tx: Db, userId: string, now: Date): Promise<void> {
  await tx
    .update(phoneVerificationCodes)
    .set({ expiresAt: now })
    .where(and(eq(phoneVerificationCodes.userId, userId), isNull(phoneVerificationCodes.usedAt), gt(phoneVerificationCodes.expiresAt, now)))
}

/**
 * Makes a new code for `phone`, in the caller's transaction after lockPhoneProfile: 429 (with
 * Retry-After) while the send limits hold, else the open codes end and the new one is stored as a
 * keyed hash. The caller texts it once the transaction has committed (deliverPhoneCode).
 */
export async function issuePhoneCode(tx: Db, { userId, phone, now, key }: { userId: string; phone: string; now: Date; key: string }): Promise<IssuedCode> {
  const wait = nextCodeWait((await recentCodes(tx, userId, now)).map((row) => row.createdAt), now) ?? (await numberWait(tx, phone, now))
  if (wait) throw new AppError('rate_limited', wait.message, { headers: { 'Retry-After': String(wait.seconds) } })
  await closeOpenCodes(tx, userId, now)
  // Rows past the hour count toward no limit any more.
  await tx
    .delete(phoneVerificationCodes)
    .where(and(eq(phoneVerificationCodes.userId, userId), lte(phoneVerificationCodes.createdAt, new Date(now.getTime() - HOUR_MS))))
  const code = newPhoneCode()
  const [row] = await tx
    .insert(phoneVerificationCodes)
    .values({
      userId,
      phone,
      codeHash: hashPhoneCode(key, { userId, phone, code }),
      expiresAt: new Date(now.getTime() + PHONE_CODE_RULES.ttlMinutes * 60_000),
      createdAt: now,
    })
    .returning({ id: phoneVerificationCodes.id })
  return { id: row!.id, phone, code }
}

/**
 * Codes sent to `phone` in the last hour by anyone. The number's advisory lock (held to the end of
 * the transaction) makes two accounts asking for the same number at once take turns: the profile
 * lock only serialises one user's requests.
 */
async function numberWait(tx: Db, phone: string, now: Date): Promise<CodeSendWait | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`)
  const rows = await tx
    .select({ createdAt: phoneVerificationCodes.createdAt })
    .from(phoneVerificationCodes)
    .where(and(eq(phoneVerificationCodes.phone, phone), gt(phoneVerificationCodes.createdAt, new Date(now.getTime() - HOUR_MS))))
  return nextNumberWait(
    rows.map((row) => row.createdAt),
    now,
  )
}

/**
 * Texts the code, after the commit: a provider call never holds the profile lock (on PGlite, the
 * only connection). A code that could not be sent is taken back, so it neither waits to be typed
 * nor counts toward the limits; the user can ask again at once.
 */
export async function deliverPhoneCode(deps: PhoneDeps, issued: IssuedCode): Promise<void> {
  try {
    await deps.sms.send(issued.phone, phoneCodeText(issued.code))
  } catch (error) {
    await deps.db.delete(phoneVerificationCodes).where(eq(phoneVerificationCodes.id, issued.id))
    const retryable = !(error instanceof ChannelError) || error.retryable
    deps.logger.warn({ driver: deps.sms.driver, retryable, error: errorText(error) }, 'phone verification code could not be sent')
    if (retryable) throw new AppError('upstream_failed', PHONE_CODE_MESSAGES.sendFailed, { cause: error })
    // The provider refused the number itself (invalid, landline, opted out): the user must fix it.
    throw new AppError('bad_request', PHONE_CODE_MESSAGES.undeliverable, { cause: error, fieldErrors: { phone: [PHONE_CODE_MESSAGES.undeliverable] } })
  }
}
