import { Sparkles, X } from 'lucide-react'
import type { SubscriptionView } from '#shared/billing.ts'
import { PRICES, priceLabel } from '#shared/prices.ts'
import { getPlan, type PriceId } from '#shared/plans.ts'
import { Button } from '../../components/ui/button.tsx'
import { embeddedPlanButton } from '../pricing/index.ts'
import type { PlanCheckout } from '../pricing/index.ts'

/**
 * The plan chosen before signing in (`/profile?plan=`), one click from checkout, or from the switch
 * when the user already pays for another price.
 */
export function PlanChoiceNotice({
  priceId,
  subscription,
  checkout,
  onDismiss,
}: {
  priceId: PriceId
  subscription: SubscriptionView | null
  checkout: PlanCheckout
  onDismiss: () => void
}) {
  const label = priceLabel(priceId)
  const price = PRICES[priceId]
  // The same decision as the plan's own card, so the notice and the card never disagree.
  const button = embeddedPlanButton(getPlan(price.plan), price.interval, subscription)
  let text = `You chose ${label}. Continue to checkout.`
  let action: { label: string; run: () => void } | null = null
  if (button.action.kind === 'checkout') {
    action = { label: 'Continue to checkout', run: () => void checkout.checkout(priceId) }
  } else if (button.action.kind === 'switch') {
    const current = subscription?.price_id
    text = `You chose ${label}. You pay for ${current ? priceLabel(current) : 'another plan'} now.`
    action = { label: button.label, run: () => void checkout.switchTo(priceId) }
  } else {
    text = `You already have ${label}.`
  }

  return (
    <div role="status" className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-center">
      <Sparkles className="hidden size-5 shrink-0 text-primary sm:block" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm font-medium">{text}</p>
      <div className="flex items-center gap-2">
        {action && (
          <Button size="sm" loading={checkout.pendingPriceId === priceId} disabled={checkout.pendingPriceId !== null} onClick={action.run}>
            {action.label}
          </Button>
        )}
        <Button size="icon" variant="ghost" className="size-9" aria-label="Dismiss plan choice" onClick={onDismiss}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </div>
  )
}
