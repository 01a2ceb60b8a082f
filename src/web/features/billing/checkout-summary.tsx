import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import type { LocalCheckoutView } from '#shared/billing.ts'
import { priceLabel } from '#shared/prices.ts'
import { formatPrice } from '#shared/format.ts'
import { getPlan } from '#shared/plans.ts'
import { PRODUCT_NAME } from '#shared/site.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { billedText } from './billing-format.ts'
import { PlanIncludes } from './plan-summary.tsx'

/** The order summary of the test checkout, laid out as a hosted checkout's left column. */
export function CheckoutSummary({ checkout }: { checkout: LocalCheckoutView }) {
  const { price } = checkout
  const plan = getPlan(price.plan)
  const amount = formatPrice(price.amount)
  return (
    <div className="grid content-start gap-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Link
          to={checkout.cancel_path}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
          aria-label={`Back to ${PRODUCT_NAME}`}
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back
        </Link>
        <span className="flex items-center gap-2 font-semibold">
          <img src="/logo.svg" alt="" width={24} height={24} className="size-6" />
          {PRODUCT_NAME}
        </span>
        <Badge variant="warning">Test mode</Badge>
      </div>

      <div className="grid gap-1">
        <h1 className="text-base font-medium text-muted-foreground">{`Subscribe to ${price.planName}`}</h1>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-4xl font-bold tracking-tight">{amount}</span>
          <span className="text-sm text-muted-foreground">{`per ${price.interval}`}</span>
        </p>
        <p className="text-sm text-muted-foreground">{billedText(price.interval)}</p>
      </div>

      <PlanIncludes plan={plan} className="gap-2" />

      <dl className="grid gap-3 border-t pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt>{priceLabel(price.id)}</dt>
          <dd className="tabular-nums">{amount}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t pt-3 font-semibold">
          <dt>Total due today</dt>
          <dd className="tabular-nums">{amount}</dd>
        </div>
      </dl>
    </div>
  )
}
