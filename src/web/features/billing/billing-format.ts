import type { SubscriptionView } from '#shared/billing.ts'
import { PRICES } from '#shared/prices.ts'
import { formatPrice } from '#shared/format.ts'
import type { BillingInterval, PriceId } from '#shared/plans.ts'
import type { BadgeProps } from '../../components/ui/badge.tsx'

/** How prices and subscription states read on the profile, the test checkout and the portal. */

const PERIOD: Record<BillingInterval, string> = { month: 'month', year: 'year' }

/** "$3.99/month" */
export function priceText(priceId: PriceId): string {
  const price = PRICES[priceId]
  return `${formatPrice(price.amount)}/${PERIOD[price.interval]}`
}

/** "$3.99 per month" */
export function pricePerPeriod(priceId: PriceId): string {
  const price = PRICES[priceId]
  return `${formatPrice(price.amount)} per ${PERIOD[price.interval]}`
}

/** "Billed monthly" */
export function billedText(interval: BillingInterval): string {
  return interval === 'month' ? 'Billed monthly' : 'Billed yearly'
}

/** "Visa •••• 4242" */
export function paymentMethodText(card: { brand: string; last4: string }): string {
  return `${card.brand} •••• ${card.last4}`
}

export interface StatusLabel {
  label: string
  variant: NonNullable<BadgeProps['variant']>
}

/** The badge beside the plan: a scheduled cancellation reads before the provider's status. */
export function subscriptionStatusLabel(subscription: Pick<SubscriptionView, 'status' | 'cancel_at_period_end'>): StatusLabel {
  if (subscription.status === 'past_due') return { label: 'Payment failed', variant: 'destructive' }
  if (subscription.cancel_at_period_end) return { label: 'Cancels soon', variant: 'warning' }
  switch (subscription.status) {
    case 'active':
      return { label: 'Active', variant: 'success' }
    case 'trialing':
      return { label: 'Trialing', variant: 'secondary' }
    case 'unpaid':
      return { label: 'Unpaid', variant: 'destructive' }
    case 'paused':
      return { label: 'Paused', variant: 'muted' }
    case 'incomplete':
      return { label: 'Incomplete', variant: 'warning' }
    default:
      return { label: 'Ended', variant: 'muted' }
  }
}

/** "4242 4242 4242 4242" as the digits are typed (at most 19 digits, Stripe's longest). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19)
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
}

/**
 * "12 / 34" as the digits are typed: a month digit above 1 becomes "0N", the separator appears
 * after the month, and backspacing over the separator takes the month's last digit with it.
 */
export function formatExpiry(value: string, previous = ''): string {
  const deleting = value.length < previous.length
  let digits = value.replace(/\D/g, '').slice(0, 4)
  if (deleting && previous.endsWith(' / ') && digits.length === 2) digits = digits.slice(0, 1)
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`
  if (digits.length < 2) return digits
  if (digits.length === 2) return deleting ? digits : `${digits} / `
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`
}
