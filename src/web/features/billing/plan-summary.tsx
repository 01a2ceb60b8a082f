import { AlertTriangle, CalendarClock, Check, CreditCard, RotateCcw, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import type { SubscriptionResponse, SubscriptionView } from '#shared/billing.ts'
import { PRICES } from '#shared/prices.ts'
import { getPlan, type Plan } from '#shared/plans.ts'
import { Button } from '../../components/ui/button.tsx'
import { cn } from '../../lib/cn.ts'
import { Notice } from '../../components/notice.tsx'
import { formatDay } from '../../lib/format.ts'
import { paymentMethodText, priceText } from './billing-format.ts'

/** The framed box at the top of the Subscription section (unframed inside the portal's own card). */
function SummaryBox({ children, framed = true }: { children: ReactNode; framed?: boolean }) {
  return (
    <div role="group" aria-label="Your plan" className={cn('grid gap-4', framed && 'rounded-lg border bg-muted/40 p-4 sm:p-5')}>
      {children}
    </div>
  )
}

function PlanHeading({ name, price }: { name: string; price: string }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <span className="text-xl font-semibold tracking-tight">{name}</span>
      <span className="text-sm font-medium text-muted-foreground">{price}</span>
    </p>
  )
}

/** What a plan includes, as a checklist (two columns where there is room, unless `className` says otherwise). */
export function PlanIncludes({ plan, className = 'gap-x-6 gap-y-1.5 sm:grid-cols-2' }: { plan: Plan; className?: string }) {
  return (
    <ul className={cn('grid text-sm', className)} aria-label={`${plan.name} includes`}>
      {plan.features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  )
}

/** The period line: when it renews, or when a scheduled cancellation ends it. */
function periodLine(subscription: SubscriptionView, plan: Plan): string | null {
  const end = subscription.current_period_end ? formatDay(subscription.current_period_end) : null
  if (!end) return null
  if (subscription.cancel_at_period_end) return `Cancels on ${end}. ${plan.name} stays active until then.`
  if (subscription.status === 'trialing') return `Trial ends on ${end}, then it renews automatically.`
  return `Renews on ${end}`
}

/** A paying user's plan: price, period, payment method, and cancel or reactivate. */
export function PaidPlanSummary({
  subscription,
  paymentMethod,
  onCancel,
  onReactivate,
  reactivating,
  framed,
}: {
  subscription: SubscriptionView
  /** The card line; the portal shows the card in its own section instead. */
  paymentMethod: SubscriptionResponse['paymentMethod']
  onCancel: () => void
  onReactivate: () => void
  reactivating: boolean
  framed?: boolean
}) {
  const priceId = subscription.price_id
  const plan = getPlan(priceId ? PRICES[priceId].plan : 'premium')
  const period = periodLine(subscription, plan)
  return (
    <SummaryBox framed={framed}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-2">
          <PlanHeading name={plan.name} price={priceId ? priceText(priceId) : ''} />
          {period && (
            <p className="flex items-start gap-2 text-sm">
              <CalendarClock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span>{period}</span>
            </p>
          )}
          {paymentMethod && (
            <p className="flex items-center gap-2 text-sm">
              <CreditCard className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span>
                <span className="sr-only">Payment method: </span>
                {paymentMethodText(paymentMethod)}
              </span>
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {subscription.cancel_at_period_end ? (
            <Button size="sm" loading={reactivating} onClick={onReactivate}>
              {!reactivating && <RotateCcw aria-hidden="true" />}
              Reactivate
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={onCancel}>
              Cancel plan
            </Button>
          )}
        </div>
      </div>
      {subscription.status === 'past_due' && (
        <Notice tone="error" icon={AlertTriangle}>
          <p className="font-medium">{`Your last payment for ${plan.name} failed.`}</p>
          <p>Update your card in Manage billing to keep your plan. We retry the payment over the next days.</p>
        </Notice>
      )}
    </SummaryBox>
  )
}

export function FreePlanSummary() {
  const free = getPlan('free')
  return (
    <SummaryBox>
      <PlanHeading name="Free plan" price="$0 forever" />
      <PlanIncludes plan={free} />
      <p className="text-sm text-muted-foreground">
        Upgrade for more alerts, checks every 12 hours and WhatsApp, SMS and push notices.
      </p>
    </SummaryBox>
  )
}

/** A plan an admin granted (Unlimited is only ever granted): nothing to pay, cancel or manage. */
export function GrantedPlanSummary({ plan }: { plan: Plan }) {
  return (
    <SummaryBox>
      <PlanHeading name={plan.name} price={plan.enterprise ? 'Custom plan' : ''} />
      <p className="flex items-start gap-2 text-sm">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>Your plan was set up by the FareDrop team. To change it, contact your FareDrop account manager or support.</span>
      </p>
      <PlanIncludes plan={plan} />
    </SummaryBox>
  )
}
