import { isPriceId } from '#shared/prices.ts'
import type { PriceId } from '#shared/plans.ts'
import { PRODUCT_SLUG } from '#shared/site.ts'

/**
 * The price a checkout or plan switch is buying, so the profile's "Confirming your payment…"
 * banner knows which change to wait for when the provider sends the user back. Session storage:
 * it belongs to this tab's trip to the checkout and back, nothing longer.
 */
export const CHECKOUT_TARGET_KEY = `${PRODUCT_SLUG}-checkout-target`

export function rememberCheckoutTarget(priceId: PriceId): void {
  try {
    sessionStorage.setItem(CHECKOUT_TARGET_KEY, priceId)
  } catch {
    // Without storage the banner waits for any subscription instead.
  }
}

export function checkoutTarget(): PriceId | null {
  try {
    const value = sessionStorage.getItem(CHECKOUT_TARGET_KEY)
    return isPriceId(value) ? value : null
  } catch {
    return null
  }
}

export function clearCheckoutTarget(): void {
  try {
    sessionStorage.removeItem(CHECKOUT_TARGET_KEY)
  } catch {
    // Nothing to clear where storage is blocked.
  }
}
