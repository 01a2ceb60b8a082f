import { isPriceId } from '#shared/prices.ts'
import type { PriceId } from '#shared/plans.ts'
import { PATHS } from '#shared/routes.ts'
import { PRODUCT_SLUG } from '#shared/site.ts'

/**
 * The paid plan a signed-out visitor chose on the pricing section, kept across the sign-in (and a
 * sign-up's email round trip) so they come back to that choice instead of their alerts. Local
 * storage, because a magic link or verification email opens a new tab; stamped, because a choice
 * made yesterday should not hijack today's sign-in.
 */
export const PENDING_PLAN_KEY = `${PRODUCT_SLUG}-pending-plan`
export const PENDING_PLAN_MAX_AGE_MS = 60 * 60 * 1000

interface Stored {
  priceId: string
  savedAt: number
}

export function rememberPendingPlan(priceId: PriceId, now = Date.now()): void {
  try {
    localStorage.setItem(PENDING_PLAN_KEY, JSON.stringify({ priceId, savedAt: now } satisfies Stored))
  } catch {
    // Storage can be full or blocked (private modes): the visitor then simply lands on their alerts.
  }
}

/** The remembered choice, or null when there is none, it expired or it is not a price we sell. */
export function pendingPlan(now = Date.now()): PriceId | null {
  let stored: Partial<Stored> | null = null
  try {
    stored = JSON.parse(localStorage.getItem(PENDING_PLAN_KEY) ?? 'null') as Partial<Stored> | null
  } catch {
    return null
  }
  if (!stored || typeof stored.savedAt !== 'number' || !isPriceId(stored.priceId)) return null
  const age = now - stored.savedAt
  if (age < 0 || age > PENDING_PLAN_MAX_AGE_MS) {
    clearPendingPlan()
    return null
  }
  return stored.priceId
}

export function clearPendingPlan(): void {
  try {
    localStorage.removeItem(PENDING_PLAN_KEY)
  } catch {
    // Nothing to clear where storage is blocked.
  }
}

/** Where a plan choice is continued: the profile's Subscription section with that price picked. */
export function planChoicePath(priceId: PriceId): string {
  return `${PATHS.profile}?plan=${priceId}#subscription`
}
