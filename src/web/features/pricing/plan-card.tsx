import { Check, X } from 'lucide-react'
import { formatPrice } from '#shared/format.ts'
import { yearlySavings, type BillingInterval, type Plan } from '#shared/plans.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { cn } from '../../lib/cn.ts'

function priceLine(plan: Plan, interval: BillingInterval): { price: string; period: string; note?: string } {
  if (plan.enterprise) return { price: 'Custom', period: '', note: 'Priced for your team' }
  const amount = interval === 'month' ? plan.monthlyPrice : plan.yearlyPrice
  if (!amount) return { price: formatPrice(0), period: 'forever' }
  if (interval === 'month') return { price: formatPrice(amount), period: '/month' }
  return { price: formatPrice(amount), period: '/year', note: `Save ${formatPrice(yearlySavings(plan))} a year` }
}

export function PlanCard({
  plan,
  interval,
  loading,
  onSelect,
  contactHref,
}: {
  plan: Plan
  interval: BillingInterval
  loading: boolean
  onSelect: (plan: Plan) => void
  /** Where the enterprise plan's button leads (a mail to sales). */
  contactHref: string
}) {
  const { price, period, note } = priceLine(plan, interval)
  const titleId = `plan-${plan.id}-title`
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm',
        plan.popular && 'border-primary shadow-lg ring-1 ring-primary',
      )}
    >
      {plan.popular && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge>}
      <h3 id={titleId} className="text-lg font-semibold">
        {plan.name}
      </h3>
      <p className="mt-1 min-h-10 text-sm text-muted-foreground">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{price}</span>
        <span className="text-sm text-muted-foreground">{period}</span>
      </p>
      <p className="mt-1 h-5 text-sm font-medium text-success">{note}</p>
      {plan.enterprise ? (
        <Button asChild className="mt-5 w-full" variant="outline">
          <a href={contactHref}>{plan.buttonText}</a>
        </Button>
      ) : (
        <Button
          className="mt-5 w-full"
          variant={plan.popular ? 'default' : 'outline'}
          loading={loading}
          onClick={() => onSelect(plan)}
        >
          {plan.buttonText}
        </Button>
      )}
      <ul className="mt-6 space-y-3 text-sm" aria-label={`${plan.name} features`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
        {plan.disabledFeatures.map((feature) => (
          <li key={feature} className="flex gap-2 text-muted-foreground">
            <X className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="line-through">
              <span className="sr-only">Not included: </span>
              {feature}
            </span>
          </li>
        ))}
      </ul>
    </article>
  )
}
