import { ToggleGroup } from 'radix-ui'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { PLANS, YEARLY_SAVINGS_PERCENT, type BillingInterval, type Plan } from '#shared/plans.ts'
import { PATHS } from '#shared/routes.ts'
import { SALES_EMAIL } from '#shared/site.ts'
import { useAuth } from '../auth/use-auth.ts'
import { toast } from '../../stores/toast-store.ts'
import { SectionHeading } from '../landing/section-heading.tsx'
import { PlanCard } from './plan-card.tsx'

export const SIGN_IN_TO_CONTINUE = 'Please sign in to continue'
const SALES_MAILTO = `mailto:${SALES_EMAIL}?subject=${encodeURIComponent('FareDrop Unlimited')}`

const intervalItem =
  'inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-medium text-muted-foreground transition-colors data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm'

/**
 * The public pricing section. Choosing a plan: Free goes to search, Unlimited opens a mail to sales,
 * a paid plan asks a signed-out visitor to sign in and sends a signed-in user to /profile,
 * where checkout happens.
 */
export function PricingSection() {
  const [interval, setInterval] = useState<BillingInterval>('month')
  const auth = useAuth()
  const navigate = useNavigate()

  const choose = (plan: Plan) => {
    if (plan.id === 'free') return navigate(PATHS.search)
    if (auth.status !== 'signed-in') {
      toast.info(SIGN_IN_TO_CONTINUE)
      return navigate(PATHS.auth)
    }
    return navigate(PATHS.profile)
  }

  return (
    <section id="pricing" className="scroll-mt-20 py-20" aria-labelledby="pricing-title">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Start free, upgrade when you need more">
          Every plan includes full flight search. Paid plans add more alerts, faster checks and more channels.
        </SectionHeading>
        <div className="mt-10 flex justify-center">
          <ToggleGroup.Root
            type="single"
            value={interval}
            onValueChange={(value) => value && setInterval(value as BillingInterval)}
            aria-label="Billing period"
            className="inline-flex rounded-full bg-muted p-1"
          >
            <ToggleGroup.Item value="month" className={intervalItem}>
              Monthly
            </ToggleGroup.Item>
            <ToggleGroup.Item value="year" className={intervalItem}>
              Yearly
              <span className="rounded-full bg-success px-2 py-0.5 text-xs font-semibold text-success-foreground">
                Save {YEARLY_SAVINGS_PERCENT}%
              </span>
            </ToggleGroup.Item>
          </ToggleGroup.Root>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} interval={interval} loading={false} onSelect={choose} contactHref={SALES_MAILTO} />
          ))}
        </div>
        <div className="mx-auto mt-10 max-w-2xl space-y-1 text-center text-sm text-muted-foreground">
          <p>Subscriptions are billed in advance and are non-refundable.</p>
          <p>Unlimited alerts are subject to reasonable use to ensure reliability for all customers.</p>
        </div>
      </div>
    </section>
  )
}
