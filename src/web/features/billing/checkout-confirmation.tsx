import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, Clock, Loader2, X } from 'lucide-react'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { planUnlocks, type SubscriptionResponse } from '#shared/billing.ts'
import { PRICES } from '#shared/prices.ts'
import { getPlan, type PriceId } from '#shared/plans.ts'
import { Button } from '../../components/ui/button.tsx'
import { Notice } from '../../components/notice.tsx'
import { refreshAfterPlanChange, subscriptionQueryOptions } from './api.ts'
import { checkoutTarget, clearCheckoutTarget } from './checkout-target.ts'

/** How often the subscription is read while the provider's confirmation is on its way. */
export const CONFIRM_POLL_MS = 1_500
/** After this long the banner stops promising and says the payment is still being processed. */
export const CONFIRM_PATIENCE_MS = 60_000
/** Still looking, slowly, after that: a late webhook then still turns the banner green. */
const LATE_POLL_MS = 15_000

export const CONFIRMING_TEXT = 'Confirming your payment…'
export const PROCESSING_TEXT = 'Your payment is being processed. Your plan will update within a few minutes.'

/** The subscription this banner waits for: the stored target price, or any subscription without one. */
function confirmedPrice(data: SubscriptionResponse | undefined, target: PriceId | null): PriceId | null {
  const priceId = data?.subscription?.price_id ?? null
  if (!priceId) return null
  return target === null || priceId === target ? priceId : null
}

/**
 * Shown on return from a checkout or plan switch (`?success=true`). The provider confirms the
 * payment to the server on its own (Stripe's webhook), so the page cannot grant anything: it
 * reads the subscription until it shows the bought price, then refreshes everything the plan
 * decides. `onSettled` runs once, when confirmed or after the patience runs out.
 */
export function CheckoutConfirmation({ onSettled, onDismiss }: { onSettled: () => void; onDismiss: () => void }) {
  const queryClient = useQueryClient()
  const [target] = useState(checkoutTarget)
  const [late, setLate] = useState(false)
  const subscription = useQuery({
    ...subscriptionQueryOptions,
    refetchInterval: (query) => (confirmedPrice(query.state.data, target) ? false : late ? LATE_POLL_MS : CONFIRM_POLL_MS),
  })
  const confirmed = confirmedPrice(subscription.data, target)

  useEffect(() => {
    const timer = setTimeout(() => setLate(true), CONFIRM_PATIENCE_MS)
    return () => clearTimeout(timer)
  }, [])

  // The plan changed: caps, channels and the role now differ on every screen.
  useEffect(() => {
    if (!confirmed) return
    clearCheckoutTarget()
    void refreshAfterPlanChange(queryClient)
  }, [confirmed, queryClient])

  const settled = useRef(false)
  const settle = useEffectEvent(onSettled)
  useEffect(() => {
    if (settled.current || (!confirmed && !late)) return
    settled.current = true
    settle()
  }, [confirmed, late])

  if (confirmed) {
    const plan = getPlan(PRICES[confirmed].plan)
    return (
      <Notice tone="success" icon={CheckCircle2}>
        <div className="flex items-start gap-2">
          <div className="grid flex-1 gap-1">
            <p className="font-medium">{`${plan.name} is active: ${planUnlocks(plan)}`}</p>
            <p>Your alert limits and notification channels are updated everywhere.</p>
          </div>
          <DismissButton onDismiss={onDismiss} />
        </div>
      </Notice>
    )
  }
  if (late) {
    return (
      <Notice tone="info" icon={Clock}>
        <div className="flex items-start gap-2">
          <p className="flex-1">{PROCESSING_TEXT}</p>
          <DismissButton onDismiss={onDismiss} />
        </div>
      </Notice>
    )
  }
  return (
    <div role="status" className="flex items-center gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
      <Loader2 className="size-4 shrink-0 animate-spin text-primary" aria-hidden="true" />
      <span className="font-medium">{CONFIRMING_TEXT}</span>
    </div>
  )
}

function DismissButton({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Button variant="ghost" size="icon" className="-my-1 size-7 shrink-0" aria-label="Dismiss" onClick={onDismiss}>
      <X aria-hidden="true" />
    </Button>
  )
}
