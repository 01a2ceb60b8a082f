import { useQuery } from '@tanstack/react-query'
import { CheckCircle2, Clock, SearchX } from 'lucide-react'
import { useNavigate, useParams } from 'react-router'
import { RoleGate } from '../../components/role-gate.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import type { LocalCheckoutView } from '#shared/billing.ts'
import { localCheckoutQueryOptions, payLocalCheckout } from '../../features/billing/index.ts'
import { BillingPageMessage } from '../../features/billing/index.ts'
import { pricePerPeriod } from '../../features/billing/index.ts'
import { CardForm } from '../../features/billing/index.ts'
import { CheckoutSummary } from '../../features/billing/index.ts'

export const DECLINE_FALLBACK = 'Your payment could not be completed. Please try again.'

/**
 * The local test mode's hosted checkout (/billing/checkout/:sessionId), standing in for Stripe
 * Checkout when the server has no Stripe keys: an order summary beside a card form that takes
 * Stripe's test numbers. Paying returns to the success URL the checkout was created with.
 */
export default function BillingCheckoutPage() {
  return (
    <RoleGate>
      <CheckoutScreen />
    </RoleGate>
  )
}

function CheckoutScreen() {
  const { sessionId = '' } = useParams()
  const checkout = useQuery(localCheckoutQueryOptions(sessionId))

  if (checkout.isPending) return <CheckoutSkeleton />
  if (checkout.isError) {
    return (
      <BillingPageMessage icon={SearchX} title="This checkout isn't available">
        <p>{errorMessage(checkout.error)}</p>
      </BillingPageMessage>
    )
  }
  if (checkout.data.status === 'expired') {
    return (
      <BillingPageMessage icon={Clock} title="This checkout has expired">
        <p>Checkout pages last a day. Choose your plan again from your profile to start a new one.</p>
      </BillingPageMessage>
    )
  }
  if (checkout.data.status === 'complete') {
    return (
      <BillingPageMessage icon={CheckCircle2} title="This checkout is already paid">
        <p>{`Your ${checkout.data.price.planName} plan is set up. Your profile shows it and its billing history.`}</p>
      </BillingPageMessage>
    )
  }
  return <OpenCheckout checkout={checkout.data} />
}

function OpenCheckout({ checkout }: { checkout: LocalCheckoutView }) {
  const navigate = useNavigate()
  return (
    <div className="mx-auto w-full max-w-5xl sm:px-6 sm:py-8 lg:py-12">
      <title>{`Subscribe to ${checkout.price.planName} · FareDrop`}</title>
      {/* Full width on a phone, as hosted checkouts are; a framed sheet from tablets up. */}
      <div className="grid overflow-hidden border-b bg-card sm:rounded-2xl sm:border sm:shadow-sm lg:grid-cols-2">
        <div className="border-b bg-muted/40 px-4 py-6 sm:p-8 lg:border-r lg:border-b-0 lg:p-10">
          <CheckoutSummary checkout={checkout} />
        </div>
        <div className="grid content-start gap-6 px-4 py-6 sm:p-8 lg:p-10">
          <CardForm
            email={checkout.email}
            submitLabel="Subscribe"
            fallbackError={DECLINE_FALLBACK}
            onSubmit={async (card) => {
              const { redirect_path } = await payLocalCheckout(checkout.id, card)
              await navigate(redirect_path)
            }}
          >
            <h2 className="text-lg font-semibold">Pay with card</h2>
          </CardForm>
          <p className="text-xs leading-5 text-muted-foreground">
            {`By subscribing you allow FareDrop to charge ${pricePerPeriod(checkout.price.id)} until you cancel (in test mode, nothing). Subscriptions are billed in advance and are non-refundable; cancel any time from Profile → Subscription and the plan stays until the end of the paid period.`}
          </p>
        </div>
      </div>
    </div>
  )
}

function CheckoutSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-12 sm:px-6 lg:grid-cols-2" role="status" aria-label="Loading checkout">
      <Skeleton className="h-96 w-full rounded-2xl" />
      <Skeleton className="h-96 w-full rounded-2xl" />
    </div>
  )
}
