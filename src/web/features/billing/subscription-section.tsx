import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, CreditCard, ExternalLink } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { planForProfile } from '#shared/alerts/alert-rules.ts'
import { BILLING_MESSAGES } from '#shared/billing-messages.ts'
import { isPriceId, PRICES } from '#shared/prices.ts'
import { getPlan, type PriceId } from '#shared/plans.ts'
import { PATHS } from '#shared/routes.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Separator } from '../../components/ui/separator.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { goToUrl } from '../../lib/browser-location.ts'
import { toast } from '../../stores/toast-store.ts'
import { Notice } from '../../components/notice.tsx'
import { SectionCard } from '../../components/section-card.tsx'
import { PricingPlans } from '../pricing/index.ts'
import { billingErrorMessage, openBillingPortal, subscriptionQueryOptions } from './api.ts'
import { BillingHistory } from './billing-history.tsx'
import { subscriptionStatusLabel } from './billing-format.ts'
import { CancelPlanDialog } from './cancel-plan-dialog.tsx'
import { CheckoutConfirmation } from './checkout-confirmation.tsx'
import { clearPendingPlan } from '../pricing/index.ts'
import { PlanChoiceNotice } from './plan-choice-notice.tsx'
import { FreePlanSummary, GrantedPlanSummary, PaidPlanSummary } from './plan-summary.tsx'
import { TestModeNote } from './test-mode-note.tsx'
import { usePlanCheckout } from './use-plan-checkout.ts'
import { useSubscriptionActions } from './use-subscription-actions.ts'

/** The query parameters this section reads: the plan chosen before sign-in, and the return from checkout. */
export const PLAN_PARAM = 'plan'
export const SUCCESS_PARAM = 'success'

/**
 * The profile's Subscription section (spec section 3 "Subscription" and 4): the current plan and
 * its state, cancel / reactivate / Manage billing, the plan cards to upgrade or switch, the
 * confirmation after checkout, and the billing history.
 */
export function SubscriptionSection() {
  const query = useQuery(subscriptionQueryOptions)
  const [params] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const checkout = usePlanCheckout()
  const { cancel, reactivate } = useSubscriptionActions()
  const [cancelOpen, setCancelOpen] = useState(false)
  const [openingPortal, setOpeningPortal] = useState(false)
  // Captured once: the banner stays after `success` leaves the URL.
  const [confirming, setConfirming] = useState(() => params.get(SUCCESS_PARAM) === 'true')
  const chosenParam = params.get(PLAN_PARAM)
  const chosen: PriceId | null = isPriceId(chosenParam) ? chosenParam : null

  // The choice made before signing in now lives in the URL; later sign-ins go to the alerts again.
  useEffect(() => {
    if (chosen) clearPendingPlan()
  }, [chosen])

  const dropParam = (name: string) => {
    const next = new URLSearchParams(location.search)
    next.delete(name)
    const search = next.toString()
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true })
  }

  const manageBilling = async () => {
    setOpeningPortal(true)
    try {
      goToUrl((await openBillingPortal({ returnUrl: PATHS.profile })).url)
    } catch (error) {
      toast.error(billingErrorMessage(error, BILLING_MESSAGES.portalFailed))
      setOpeningPortal(false)
    }
  }

  const data = query.data
  const subscription = data?.subscription ?? null
  const plan = data ? planForProfile(data) : 'free'
  const granted = data !== undefined && !subscription && plan !== 'free'
  const status = subscription ? subscriptionStatusLabel(subscription) : null

  return (
    <SectionCard
      id="subscription"
      icon={CreditCard}
      title="Subscription"
      description="Your plan, payment method and billing history."
      badge={status && <Badge variant={status.variant}>{status.label}</Badge>}
      actions={
        subscription && (
          <Button variant="outline" size="sm" loading={openingPortal} onClick={() => void manageBilling()}>
            {!openingPortal && <ExternalLink aria-hidden="true" />}
            Manage billing
          </Button>
        )
      }
    >
      {confirming && <CheckoutConfirmation onSettled={() => dropParam(SUCCESS_PARAM)} onDismiss={() => setConfirming(false)} />}
      {query.isPending ? (
        <div className="grid gap-4" role="status" aria-label="Loading your subscription">
          <Skeleton className="h-28 w-full rounded-lg" />
          <Skeleton className="h-64 w-full rounded-lg" />
        </div>
      ) : query.isError || !data ? (
        <Notice tone="error" icon={AlertTriangle}>
          <p>Could not load your subscription. {errorMessage(query.error)}</p>
          <Button variant="link" className="h-auto justify-start p-0" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Notice>
      ) : (
        <>
          {data.billing.testMode && !granted && (
            <TestModeNote detail="Checkout takes test cards such as 4242 4242 4242 4242, and nothing is charged." />
          )}
          {subscription ? (
            <PaidPlanSummary
              subscription={subscription}
              paymentMethod={data.paymentMethod}
              onCancel={() => setCancelOpen(true)}
              onReactivate={() => reactivate.mutate()}
              reactivating={reactivate.isPending}
            />
          ) : granted ? (
            <GrantedPlanSummary plan={getPlan(plan)} />
          ) : (
            <FreePlanSummary />
          )}
          {!granted && (
            <>
              <Separator />
              <div className="grid gap-4">
                <div className="grid gap-1">
                  <h3 className="text-base font-semibold">{subscription ? 'Change plan' : 'Upgrade'}</h3>
                  <p className="text-sm text-muted-foreground">
                    {subscription
                      ? 'Switching confirms the change in Manage billing. Going back to Free cancels at the end of your paid period.'
                      : 'Billed in advance and non-refundable. Cancel any time; your plan stays until the end of the paid period.'}
                  </p>
                </div>
                {chosen && (
                  <PlanChoiceNotice priceId={chosen} subscription={subscription} checkout={checkout} onDismiss={() => dropParam(PLAN_PARAM)} />
                )}
                <PricingPlans
                  key={chosen ?? 'none'}
                  embedded
                  defaultInterval={chosen ? PRICES[chosen].interval : subscription?.price_id ? PRICES[subscription.price_id].interval : 'month'}
                  subscription={subscription}
                  highlight={chosen}
                  checkout={checkout}
                  onDowngrade={() => setCancelOpen(true)}
                />
              </div>
            </>
          )}
          <Separator />
          <BillingHistory />
        </>
      )}
      {subscription && (
        <CancelPlanDialog
          subscription={subscription}
          open={cancelOpen}
          onOpenChange={setCancelOpen}
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setCancelOpen(false) })}
        />
      )}
    </SectionCard>
  )
}
