import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { advisorBrands, users } from '../db/schema.ts'
import type { EmailBrand } from '../email/templates.ts'

/** What a client sees of their advisor: the brand they set (white-label), else the advisor's name in FareDrop's colours. */
export interface AdvisorBrand extends EmailBrand {
  accentColor: string
}

export const DEFAULT_BRAND_COLORS = { primary: '#1d4ed8', accent: '#15803d' } as const

export const brandLogoPath = (hash: string) => `/api/brand-logos/${hash}`

export async function loadAdvisorBrand(db: Db, userId: string, publicUrl: string): Promise<AdvisorBrand> {
  const [row] = await db
    .select({ userName: users.name, brandName: advisorBrands.brandName, primary: advisorBrands.primaryColor, accent: advisorBrands.accentColor, replyTo: advisorBrands.replyTo, logoHash: advisorBrands.logoHash })
    .from(users)
    .leftJoin(advisorBrands, eq(advisorBrands.userId, users.id))
    .where(eq(users.id, userId))
  return {
    name: row?.brandName ?? (row?.userName?.trim() || 'Your travel advisor'),
    color: row?.primary ?? DEFAULT_BRAND_COLORS.primary,
    accentColor: row?.accent ?? DEFAULT_BRAND_COLORS.accent,
    logoUrl: row?.logoHash ? `${publicUrl}${brandLogoPath(row.logoHash)}` : null,
    contactEmail: row?.replyTo ?? null,
  }
}
