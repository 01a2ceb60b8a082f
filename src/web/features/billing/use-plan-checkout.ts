import { useEffect, useState } from 'react'
import type { PlanCheckout } from '../pricing/index.ts'
import { BILLING_MESSAGES } from '#shared/billing-messages.ts'
import type { PriceId } from '#shared/plans.ts'
import { PATHS } from '#shared/routes.ts'
import { goToUrl } from '../../lib/browser-location.ts'
import { toast } from '../../stores/toast-store.ts'
import { billingErrorMessage, openBillingPortal, startCheckout } from './api.ts'
import { clearCheckoutTarget, rememberCheckoutTarget } from './checkout-target.ts'
import { clearPendingPlan } from '../pricing/index.ts'

/** Where the provider sends the user back after a plan switch: the profile, waiting for the change. */
export const SWITCH_RETURN_URL = `${PATHS.profile}?success=true`

/**
 * Starts checkouts and plan switches from the profile's plan cards. The chosen price is stored first
 * so the success banner knows what it waits for; the button stays busy until the browser leaves.
 */
export function usePlanCheckout(): PlanCheckout {
  const [pendingPriceId, setPendingPriceId] = useState<PriceId | null>(null)

  // Back from the provider's page, the browser may restore this page as it was left: busy.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setPendingPriceId(null)
    }
    window.addEventListener('pageshow', restored)
    return () => window.removeEventListener('pageshow', restored)
  }, [])

  const leaveFor = async (priceId: PriceId, call: () => Promise<{ url: string }>, fallback: string) => {
    if (pendingPriceId) return
    setPendingPriceId(priceId)
    rememberCheckoutTarget(priceId)
    try {
      const { url } = await call()
      // The choice made before signing in has been acted on.
      clearPendingPlan()
      goToUrl(url)
    } catch (error) {
      clearCheckoutTarget()
      setPendingPriceId(null)
      toast.error(billingErrorMessage(error, fallback))
    }
  }

  return {
    pendingPriceId,
    checkout: (priceId) => leaveFor(priceId, () => startCheckout(priceId), BILLING_MESSAGES.checkoutStartFailed),
    switchTo: (priceId) => leaveFor(priceId, () => openBillingPortal({ priceId, returnUrl: SWITCH_RETURN_URL }), BILLING_MESSAGES.portalFailed),
  }
}
