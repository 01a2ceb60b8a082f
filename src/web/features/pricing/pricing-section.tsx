import { SectionHeading } from '../../components/section-heading.tsx'
import { PricingPlans } from './pricing-plans.tsx'

/** The public pricing section of the landing page and /home (spec section 2). */
export function PricingSection() {
  return (
    <section id="pricing" className="scroll-mt-20 py-20" aria-labelledby="pricing-title">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Start free, upgrade when you need more">
          Every plan includes full flight search. Paid plans add more alerts, faster checks and more channels.
        </SectionHeading>
        <div className="mt-10">
          <PricingPlans />
        </div>
        <div className="mx-auto mt-10 max-w-2xl space-y-1 text-center text-sm text-muted-foreground">
          <p>Subscriptions are billed in advance and are non-refundable.</p>
          <p>Unlimited alerts are subject to reasonable use to ensure reliability for all customers.</p>
        </div>
      </div>
    </section>
  )
}
