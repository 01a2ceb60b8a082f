import { BellRing, Activity, Crosshair, ShieldCheck, Globe2, CalendarClock, type LucideIcon } from 'lucide-react'
import { SectionHeading } from '../../components/section-heading.tsx'

const FEATURES: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Smart Alerts',
    text: 'Set a target price for a route or one specific flight. We tell you by email or WhatsApp the moment the fare reaches it, and only then.',
    icon: BellRing,
  },
  {
    title: 'Real-time Monitoring',
    text: 'Fares are checked on your schedule and every price is kept, so you see the full price history of each alert.',
    icon: Activity,
  },
  {
    title: 'Precise Targeting',
    text: 'Choose airlines and alliances, preferred connection airports, stops, bags, times and cabin, from domestic business class to international first.',
    icon: Crosshair,
  },
  {
    title: 'Secure & Private',
    text: 'Strong password hashing, optional two-factor sign-in and no advertising trackers. We never sell your data.',
    icon: ShieldCheck,
  },
  {
    title: 'Global Coverage',
    text: 'Search thousands of airports worldwide in any currency, with one-way, round-trip and multi-city journeys.',
    icon: Globe2,
  },
  {
    title: 'Flexible Timing',
    text: 'Pick how often each alert is checked, from every 15 days to every 12 hours, or a custom frequency on Unlimited.',
    icon: CalendarClock,
  },
]

export function FeaturesSection() {
  return (
    <section id="features" className="scroll-mt-20 py-20" aria-labelledby="features-title">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="features-title" eyebrow="Features" title="Everything you need to catch the fare">
          Search like a pro, then let FareDrop do the waiting for you.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ title, text, icon: Icon }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md">
              <div className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </div>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
