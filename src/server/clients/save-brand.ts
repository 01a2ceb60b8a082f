import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { imageSize } from 'image-size'
import { BRAND_LIMITS, BRAND_MESSAGES, type BrandSettings, type BrandView, type LogoType } from '#shared/brand.ts'
import type { Db } from '../db/client.ts'
import { advisorBrands } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { brandLogoPath } from './advisor-brand.ts'
import { assertClientPlan } from './client-scope.ts'

/** What image-size calls the types we take. */
const SNIFFED: Record<LogoType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }

export async function readBrand(db: Db, userId: string): Promise<BrandView> {
  const [row] = await db.select().from(advisorBrands).where(eq(advisorBrands.userId, userId))
  if (!row) return { brand: null }
  return {
    brand: {
      brandName: row.brandName,
      primaryColor: row.primaryColor,
      accentColor: row.accentColor,
      replyTo: row.replyTo,
      logoUrl: row.logoHash ? brandLogoPath(row.logoHash) : null,
    },
  }
}

/** PUT /api/me/brand: name, colours and reply-to (the logo has its own call). */
export async function saveBrand(db: Db, userId: string, settings: BrandSettings, now: Date): Promise<BrandView> {
  await db.transaction(async (tx) => {
    await assertClientPlan(tx, userId, BRAND_MESSAGES.planOnly)
    await tx
      .insert(advisorBrands)
      .values({ userId, ...settings, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: advisorBrands.userId, set: { ...settings, updatedAt: now } })
  })
  return readBrand(db, userId)
}

/**
 * PUT /api/me/brand/logo: a PNG, JPEG or WebP, checked by its bytes (not only the type it claims),
 * its size and its dimensions, then kept in the database (every app process serves it) under its
 * SHA-256, which names its URL.
 */
export async function saveLogo(db: Db, userId: string, logo: { contentType: LogoType; data: string }, now: Date): Promise<BrandView> {
  const bytes = Buffer.from(logo.data, 'base64')
  if (bytes.length > BRAND_LIMITS.logoMaxBytes) throw new AppError('payload_too_large', BRAND_MESSAGES.logoSize, { fieldErrors: { logo: [BRAND_MESSAGES.logoSize] } })
  let size: { width?: number; height?: number; type?: string }
  try {
    size = imageSize(bytes)
  } catch {
    throw new AppError('validation_failed', BRAND_MESSAGES.logoUnreadable, { fieldErrors: { logo: [BRAND_MESSAGES.logoUnreadable] } })
  }
  if (size.type !== SNIFFED[logo.contentType] || !size.width || !size.height) {
    throw new AppError('validation_failed', BRAND_MESSAGES.logoUnreadable, { fieldErrors: { logo: [BRAND_MESSAGES.logoUnreadable] } })
  }
  if (size.width > BRAND_LIMITS.logoMaxSide || size.height > BRAND_LIMITS.logoMaxSide) {
    throw new AppError('validation_failed', BRAND_MESSAGES.logoSide, { fieldErrors: { logo: [BRAND_MESSAGES.logoSide] } })
  }
  const hash = createHash('sha256').update(bytes).digest('hex')
  await db.transaction(async (tx) => {
    await assertClientPlan(tx, userId, BRAND_MESSAGES.planOnly)
    const updated = await tx
      .update(advisorBrands)
      .set({ logo: bytes, logoContentType: logo.contentType, logoHash: hash, updatedAt: now })
      .where(eq(advisorBrands.userId, userId))
      .returning({ userId: advisorBrands.userId })
    if (updated.length === 0) throw new AppError('conflict', BRAND_MESSAGES.noBrand)
  })
  return readBrand(db, userId)
}

/** DELETE /api/me/brand/logo: notices show the brand's name instead. */
export async function removeLogo(db: Db, userId: string, now: Date): Promise<BrandView> {
  await db.update(advisorBrands).set({ logo: null, logoContentType: null, logoHash: null, updatedAt: now }).where(eq(advisorBrands.userId, userId))
  return readBrand(db, userId)
}

/** GET /api/brand-logos/:hash: the logo's bytes and type, or null. */
export async function findLogo(db: Db, hash: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return null
  const [row] = await db.select({ bytes: advisorBrands.logo, contentType: advisorBrands.logoContentType }).from(advisorBrands).where(eq(advisorBrands.logoHash, hash)).limit(1)
  return row?.bytes && row.contentType ? { bytes: row.bytes, contentType: row.contentType } : null
}
