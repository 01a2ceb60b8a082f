import { z } from 'zod'

/**
 * White-label (Unlimited, decision 043): the brand an advisor's clients see on their notices and on
 * the confirmation and unsubscribe pages. The form and the server check with these schemas.
 */

export const BRAND_LIMITS = {
  nameMax: 60,
  /** Bytes of the logo file: emails carry it on every notice. */
  logoMaxBytes: 200 * 1024,
  /** Pixels on the longer side. */
  logoMaxSide: 2000,
  /** White text on the primary colour (its buttons) must keep this contrast (WCAG AA for text). */
  minContrast: 4.5,
} as const

/** Raster images only: an SVG can carry script, and email clients show these three everywhere. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export type LogoType = (typeof LOGO_TYPES)[number]

export const BRAND_MESSAGES = {
  name: `Enter your brand's name (1 to ${BRAND_LIMITS.nameMax} characters).`,
  color: 'Enter a colour as # and six hexadecimal digits, such as #1d4ed8.',
  contrast: 'Choose a darker colour: white text on your buttons must stay readable (contrast of at least 4.5 to 1).',
  replyTo: 'Enter a valid email address for replies, such as hello@youragency.com.',
  planOnly: 'White-label branding is part of the Unlimited plan.',
  logoType: 'Upload the logo as a PNG, JPEG or WebP image.',
  logoSize: `The logo must be at most ${BRAND_LIMITS.logoMaxBytes / 1024} KB.`,
  logoSide: `The logo must be at most ${BRAND_LIMITS.logoMaxSide} pixels wide and high.`,
  logoUnreadable: "This file isn't a readable image of the type it claims. Export it again as PNG, JPEG or WebP.",
  noBrand: 'Save your brand name and colours first, then add the logo.',
} as const

const HEX = /^#[0-9a-f]{6}$/

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const value = parseInt(hex.slice(i, i + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/** Contrast ratio of white on `#rrggbb`. */
export const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05)

const color = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HEX, BRAND_MESSAGES.color)
  .refine((hex) => !HEX.test(hex) || contrastWithWhite(hex) >= BRAND_LIMITS.minContrast, BRAND_MESSAGES.contrast)

/** PUT /api/me/brand, and the preview of an unsaved brand. */
export const brandSchema = z.strictObject({
  brandName: z.string().trim().min(1, BRAND_MESSAGES.name).max(BRAND_LIMITS.nameMax, BRAND_MESSAGES.name),
  primaryColor: color,
  accentColor: color,
  replyTo: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().toLowerCase().max(254, BRAND_MESSAGES.replyTo).pipe(z.email(BRAND_MESSAGES.replyTo)).nullable(),
  ),
})
export type BrandInput = z.input<typeof brandSchema>
export type BrandSettings = z.output<typeof brandSchema>

/** PUT /api/me/brand/logo: the file as base64, with the type the browser gave it (checked against its bytes). */
export const brandLogoSchema = z.strictObject({
  contentType: z.enum(LOGO_TYPES, { error: BRAND_MESSAGES.logoType }),
  data: z.base64(BRAND_MESSAGES.logoUnreadable).max(Math.ceil((BRAND_LIMITS.logoMaxBytes * 4) / 3) + 4, BRAND_MESSAGES.logoSize),
})

export const DEFAULT_BRAND = { primaryColor: '#1d4ed8', accentColor: '#15803d' } as const

/** GET /api/me/brand: the saved brand (null before the first save) and where its logo is served. */
export interface BrandView {
  brand: (BrandSettings & { logoUrl: string | null }) | null
}

/** POST /api/me/brand/preview: a client's price-drop email in this brand, before saving it. */
export interface BrandPreview {
  subject: string
  html: string
  text: string
}
