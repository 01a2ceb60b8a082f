import { clsx } from 'clsx'
import { Check, X } from 'lucide-react'
import { formatPrice } from '#shared/format.ts'
import { yearlySavings, type BillingInterval, type Plan } from '#shared/plans.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import type { PlanAction, PlanButton } from './plan-buttons.ts'

function priceLine(plan: Plan, interval: BillingInterval): { price: string; period: string; note?: string } {
  if (plan.enterprise) return { price: 'Custom', period: '', note: 'Priced for your team' }
  const amount = interval === 'month' ? plan.monthlyPrice : plan.yearlyPrice
  if (!amount) return { price: formatPrice(0), period: 'forever' }
  if (interval === 'month') return { price: formatPrice(amount), period: '/month' }
  // What a month comes to, billed yearly, beside the year's price: the figure to compare with monthly.
  return { price: formatPrice(amount), period: `/year (${formatPrice(amount / 12)}/month)`, note: `Save ${formatPrice(yearlySavings(plan))} a year` }
}

export function PlanCard({
  plan,
  interval,
  button,
  loading,
  onSelect,
  contactHref,
  highlighted = false,
  compact = false,
}: {
  plan: Plan
  interval: BillingInterval
  button: PlanButton
  loading: boolean
  onSelect: (action: PlanAction) => void
  /** Where the enterprise plan's button leads (a mail to sales). */
  contactHref: string
  /** The plan the user picked before signing in (the profile's `?plan=`). */
  highlighted?: boolean
  /** Tighter spacing for the profile, where four cards share a narrower column. */
  compact?: boolean
}) {
  const { price, period, note } = priceLine(plan, interval)
  const titleId = `plan-${plan.id}-title`
  const emphasised = highlighted || (plan.popular && !compact)
  const badge = highlighted ? 'Your choice' : plan.popular ? 'Most Popular' : null
  return (
    <article
      aria-labelledby={titleId}
      // clsx, not cn: the pricing cards are on the landing page's first load (no tailwind-merge,
      // decision 019), so each property gets exactly one class.
      className={clsx(
        'relative flex flex-col rounded-2xl border bg-card',
        compact ? 'p-5' : 'p-6',
        emphasised ? 'border-primary shadow-lg ring-primary' : 'shadow-sm',
        emphasised && (highlighted ? 'ring-2' : 'ring-1'),
      )}
    >
      {badge && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">{badge}</Badge>}
      <h3 id={titleId} className="text-lg font-semibold">
        {plan.name}
      </h3>
      <p className={clsx('mt-1 text-sm text-muted-foreground', !compact && 'min-h-10')}>{plan.description}</p>
      <p className={clsx('flex items-baseline gap-1', compact ? 'mt-4' : 'mt-5')}>
        <span className={clsx('font-bold tracking-tight', compact ? 'text-3xl' : 'text-4xl')}>{price}</span>
        <span className="text-sm text-muted-foreground">{period}</span>
      </p>
      <p className="mt-1 h-5 text-sm font-medium text-success">{note}</p>
      {button.action.kind === 'contact' ? (
        <Button asChild className={clsx('w-full', compact ? 'mt-4' : 'mt-5')} variant="outline">
          <a href={contactHref}>{button.label}</a>
        </Button>
      ) : (
        <Button
          className={clsx('w-full', compact ? 'mt-4' : 'mt-5')}
          variant={emphasised || (plan.popular && !button.disabled) ? 'default' : 'outline'}
          loading={loading}
          disabled={button.disabled}
          onClick={() => onSelect(button.action)}
        >
          {button.label}
        </Button>
      )}
      <ul className={clsx('text-sm', compact ? 'mt-5 space-y-2' : 'mt-6 space-y-3')} aria-label={`${plan.name} features`}>
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
