import { clsx } from 'clsx'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { BILLING_MESSAGES } from '#shared/billing-messages.ts'
import type { SubscriptionView } from '#shared/billing.ts'
import { PLANS, type BillingInterval, type PriceId } from '#shared/plans.ts'
import { PATHS } from '#shared/routes.ts'
import { SALES_EMAIL } from '#shared/site.ts'
import { toast } from '../../stores/toast-store.ts'
import { useAuth } from '../../hooks/use-auth.ts'
import { planChoicePath, rememberPendingPlan } from './pending-plan.ts'
import type { PlanCheckout } from './plan-checkout.ts'
import { IntervalToggle } from './interval-toggle.tsx'
import { actionPriceId, embeddedPlanButton, publicPlanButton, type PlanAction } from './plan-buttons.ts'
import { PlanCard } from './plan-card.tsx'

const SALES_MAILTO = `mailto:${SALES_EMAIL}?subject=${encodeURIComponent('FareDrop Unlimited')}`

type PricingPlansProps =
  | { embedded?: false; defaultInterval?: BillingInterval }
  | {
      /** On the profile: paid plans start checkout (or a switch) right here. */
      embedded: true
      defaultInterval?: BillingInterval
      /** The user's current subscription, if they pay. */
      subscription: SubscriptionView | null
      /** The price chosen before signing in, highlighted. */
      highlight?: PriceId | null
      checkout: PlanCheckout
      /** Free for a paying user: the cancel confirmation. */
      onDowngrade: () => void
    }

/**
 * The Monthly/Yearly toggle and the four plan cards. Public (landing, /home): Free goes to search,
 * a paid plan asks a signed-out visitor to sign in (remembering the choice) and sends a signed-in
 * one to the profile. Embedded (profile): a paid plan starts checkout, or a switch for a paying user.
 */
export function PricingPlans(props: PricingPlansProps) {
  const [interval, setInterval] = useState<BillingInterval>(props.defaultInterval ?? 'month')
  const auth = useAuth()
  const navigate = useNavigate()
  const signedIn = auth.status === 'signed-in'

  const choose = (action: PlanAction) => {
    if (action.kind === 'search') return void navigate(PATHS.search)
    if (action.kind === 'sign-in') {
      toast.info(BILLING_MESSAGES.signInToContinue)
      rememberPendingPlan(action.priceId)
      return void navigate(PATHS.auth)
    }
    if (action.kind === 'continue') return void navigate(planChoicePath(action.priceId))
    // The rest only exist on the profile's embedded cards.
    if (!props.embedded) return
    if (action.kind === 'checkout') void props.checkout.checkout(action.priceId)
    else if (action.kind === 'switch') void props.checkout.switchTo(action.priceId)
    else if (action.kind === 'downgrade') props.onDowngrade()
  }

  return (
    <div className="grid gap-8">
      <div className="flex justify-center">
        <IntervalToggle value={interval} onChange={setInterval} />
      </div>
      <div className={clsx('grid gap-6', props.embedded ? 'sm:grid-cols-2' : 'mt-4 md:grid-cols-2 xl:grid-cols-4')}>
        {PLANS.map((plan) => {
          const button = props.embedded ? embeddedPlanButton(plan, interval, props.subscription) : publicPlanButton(plan, interval, signedIn)
          const priceId = actionPriceId(button.action)
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              interval={interval}
              button={button}
              loading={props.embedded ? priceId !== null && props.checkout.pendingPriceId === priceId : false}
              onSelect={choose}
              contactHref={SALES_MAILTO}
              highlighted={props.embedded && !!props.highlight && priceId === props.highlight}
              compact={props.embedded}
            />
          )
        })}
      </div>
    </div>
  )
}
