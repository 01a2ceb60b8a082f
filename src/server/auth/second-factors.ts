import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { DEFAULT_FACTOR_NAMES, phoneHint, SECOND_FACTOR_MESSAGES, type SecondFactor, type SecondFactorMethods } from '#shared/second-factors.ts'
import type { Db } from '../db/client.ts'
import { phoneFactors, profiles, twoFactors, users } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { isUuid } from '../lib/uuid.ts'

/**
 * A user's second factors (decision 031): the authenticator app is better-auth's `two_factors`
 * row (counted once verified), text messages are our `phone_factors` row. `users.two_factor_enabled`,
 * which makes better-auth ask for a second step at sign-in, is true exactly while one of them is
 * verified; every change here keeps it so, in the same transaction.
 */

/** better-auth's own test: a secret counts unless explicitly unverified (its set-up not finished). */
const appVerified = sql`${twoFactors.verified} IS NOT FALSE`

/** The signed-in user's factors, the app first. */
export async function listSecondFactors(db: Db, userId: string): Promise<SecondFactor[]> {
  const [apps, phones] = await Promise.all([
    db.select({ id: twoFactors.id, friendlyName: twoFactors.friendlyName }).from(twoFactors).where(and(eq(twoFactors.userId, userId), appVerified)),
    db.select().from(phoneFactors).where(eq(phoneFactors.userId, userId)),
  ])
  return [
    ...apps.map((app): SecondFactor => ({ id: app.id, factorType: 'totp', friendlyName: app.friendlyName ?? DEFAULT_FACTOR_NAMES.totp, phoneHint: null, status: 'verified' })),
    ...phones.map(
      (row): SecondFactor => ({ id: row.id, factorType: 'phone', friendlyName: row.friendlyName, phoneHint: phoneHint(row.phone), status: row.verifiedAt ? 'verified' : 'unverified' }),
    ),
  ]
}

/**
 * A text-message factor on the user's verified phone, unverified until the first code texted to it
 * is typed (`confirmPhoneFactor`). An unfinished one is replaced; a verified one must be removed first.
 */
export async function addPhoneFactor(db: Db, userId: string, friendlyName: string): Promise<SecondFactor> {
  await db.transaction(async (tx) => {
    const [profile] = await tx.select({ phone: profiles.phone, verifiedAt: profiles.phoneVerifiedAt }).from(profiles).where(eq(profiles.id, userId)).for('update')
    if (!profile?.phone || !profile.verifiedAt) throw new AppError('conflict', SECOND_FACTOR_MESSAGES.needsVerifiedPhone)
    const [existing] = await tx.select({ verifiedAt: phoneFactors.verifiedAt }).from(phoneFactors).where(eq(phoneFactors.userId, userId))
    if (existing?.verifiedAt) throw new AppError('conflict', SECOND_FACTOR_MESSAGES.alreadyHasPhone)
    await tx
      .insert(phoneFactors)
      .values({ userId, friendlyName, phone: profile.phone })
      .onConflictDoUpdate({ target: phoneFactors.userId, set: { friendlyName, phone: profile.phone, createdAt: new Date() } })
  })
  return (await listSecondFactors(db, userId)).find((factor) => factor.factorType === 'phone')!
}

/** The first code of a new text-message factor was right: it counts from now on (and turns two-factor on). */
export async function confirmPhoneFactor(db: Db, userId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const confirmed = await tx
      .update(phoneFactors)
      .set({ verifiedAt: now })
      .where(and(eq(phoneFactors.userId, userId), isNull(phoneFactors.verifiedAt)))
      .returning({ id: phoneFactors.id })
    if (confirmed.length > 0) await syncTwoFactorFlag(tx as unknown as Db, userId)
    return confirmed.length > 0
  })
}

export async function renameSecondFactor(db: Db, userId: string, id: string, friendlyName: string): Promise<SecondFactor[]> {
  // Text-message factors have uuid ids, the app's better-auth's text ids: a malformed id names neither.
  const phone = !isUuid(id) ? [] : await db.update(phoneFactors).set({ friendlyName }).where(and(eq(phoneFactors.id, id), eq(phoneFactors.userId, userId))).returning({ id: phoneFactors.id })
  if (phone.length === 0) {
    const app = await db.update(twoFactors).set({ friendlyName }).where(and(eq(twoFactors.id, id), eq(twoFactors.userId, userId))).returning({ id: twoFactors.id })
    if (app.length === 0) throw new AppError('not_found', SECOND_FACTOR_MESSAGES.notFound)
  }
  return listSecondFactors(db, userId)
}

/** Removes one factor (the app's secret and backup codes with it); two-factor turns off with the last one. */
export async function removeSecondFactor(db: Db, userId: string, id: string): Promise<SecondFactor[]> {
  await db.transaction(async (tx) => {
    const phone = !isUuid(id) ? [] : await tx.delete(phoneFactors).where(and(eq(phoneFactors.id, id), eq(phoneFactors.userId, userId))).returning({ id: phoneFactors.id })
    if (phone.length === 0) {
      const app = await tx.delete(twoFactors).where(and(eq(twoFactors.id, id), eq(twoFactors.userId, userId))).returning({ id: twoFactors.id })
      if (app.length === 0) throw new AppError('not_found', SECOND_FACTOR_MESSAGES.notFound)
    }
    await syncTwoFactorFlag(tx as unknown as Db, userId)
  })
  return listSecondFactors(db, userId)
}

/** better-auth turned two-factor off (its disable endpoint): no text-message factor outlives it. */
export async function removePhoneFactors(db: Db, userId: string): Promise<void> {
  await db.delete(phoneFactors).where(eq(phoneFactors.userId, userId))
}

/** The number a sign-in code goes to: the factor's, verified or being set up. */
export async function phoneForSignInCode(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ phone: phoneFactors.phone }).from(phoneFactors).where(eq(phoneFactors.userId, userId))
  return row?.phone ?? null
}

/** What the second step of a sign-in may offer this user. */
export async function secondFactorMethods(db: Db, userId: string): Promise<SecondFactorMethods> {
  const [app] = await db.select({ id: twoFactors.id }).from(twoFactors).where(and(eq(twoFactors.userId, userId), appVerified))
  const [phone] = await db
    .select({ phone: phoneFactors.phone })
    .from(phoneFactors)
    .where(and(eq(phoneFactors.userId, userId), isNotNull(phoneFactors.verifiedAt)))
  const methods: SecondFactorMethods['methods'] = []
  if (app) methods.push('totp')
  if (phone) methods.push('phone')
  if (app) methods.push('backup_code')
  return { methods, phoneHint: phone ? phoneHint(phone.phone) : null }
}

/** `two_factor_enabled` = a verified app or a verified text-message factor. */
async function syncTwoFactorFlag(db: Db, userId: string): Promise<void> {
  const [app] = await db.select({ id: twoFactors.id }).from(twoFactors).where(and(eq(twoFactors.userId, userId), appVerified))
  const [phone] = await db.select({ id: phoneFactors.id }).from(phoneFactors).where(and(eq(phoneFactors.userId, userId), isNotNull(phoneFactors.verifiedAt)))
  await db.update(users).set({ twoFactorEnabled: Boolean(app || phone) }).where(eq(users.id, userId))
}
