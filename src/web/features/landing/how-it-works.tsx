import { BellPlus, PiggyBank, Search } from 'lucide-react'
import { SectionHeading } from '../../components/section-heading.tsx'

const STEPS = [
  {
    title: 'Search with 20+ customisations',
    text: 'Pick your route and dates, then narrow it down: airlines, alliances, stops, bags, departure times, layovers, emissions and more.',
    icon: Search,
  },
  {
    title: 'Set a price alert',
    text: 'Track the whole route or one specific flight. Choose your target price, your channels and how often to check.',
    icon: BellPlus,
  },
  {
    title: 'Save when the price drops',
    text: 'When the fare reaches your target we confirm it and tell you straight away, with a link to book it.',
    icon: PiggyBank,
  },
]

export function HowItWorks() {
  return (
    <section id="how-it-works" className="scroll-mt-20 border-y bg-muted/40 py-20" aria-labelledby="how-title">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-title" eyebrow="How It Works" title="Three steps to a cheaper flight" />
        <ol className="mt-12 grid gap-8 md:grid-cols-3">
          {STEPS.map(({ title, text, icon: Icon }, index) => (
            <li key={title} className="relative rounded-xl border bg-card p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <Icon className="size-5 text-primary" aria-hidden="true" />
              </div>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
