import { ArrowDown, BellRing, Check, Plane, TrendingDown } from 'lucide-react'
import { Link } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { scrollToSection } from '../../lib/scroll-to-section.ts'

export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="relative overflow-hidden border-b" aria-labelledby="hero-title">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,_color-mix(in_oklch,var(--primary)_18%,transparent),transparent_60%)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.1fr_0.9fr]">
        <div>
          <Badge variant="secondary" className="mb-5">
            <TrendingDown aria-hidden="true" />
            Flight price alerts
          </Badge>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Get instant alerts when flight prices drop.
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground text-pretty">
            Start free, upgrade when you need more. Tell FareDrop where you want to go and what you want to pay; we watch
            the fares and tell you the moment they fall.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={signedIn ? PATHS.alerts : PATHS.auth}>{signedIn ? 'Go to Alerts' : 'Sign In to Create Alerts'}</Link>
            </Button>
            <Button variant="outline" size="lg" onClick={() => scrollToSection('how-it-works')}>
              How It Works
              <ArrowDown aria-hidden="true" />
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {['Free plan, no card needed', '20+ search filters', 'Email and WhatsApp alerts'].map((item) => (
              <li key={item} className="flex items-center gap-2">
                <Check className="size-4 text-success" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <AlertPreview />
      </div>
    </section>
  )
}

/** An illustration of what a triggered alert looks like (static, decorative). */
function AlertPreview() {
  // Heights as classes, not style attributes: the page is prerendered, and the CSP (no
  // 'unsafe-inline') refuses style attributes in HTML.
  const bars = ['h-[72%]', 'h-[80%]', 'h-[76%]', 'h-[88%]', 'h-[84%]', 'h-[70%]', 'h-[66%]', 'h-[74%]', 'h-[62%]', 'h-[58%]', 'h-[54%]', 'h-[46%]']
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="rounded-2xl border bg-card p-5 shadow-xl">
        <div className="flex items-center justify-between">
          <div className="flex items-center gap-2 font-semibold">
            <Plane className="size-4 text-primary" />
            JFK → LHR
          </div>
          <Badge>
            <BellRing />
            Price Alert!
          </Badge>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">Round trip · Mar 12 – Mar 26 · Economy</p>
        <div className="mt-5 flex items-end justify-between">
          <div>
            <p className="text-xs text-muted-foreground">Now</p>
            <p className="text-3xl font-bold">$389</p>
          </div>
          <div className="text-right">
            <p className="text-xs text-muted-foreground">Your target</p>
            <p className="text-lg font-semibold text-muted-foreground">$450</p>
          </div>
          <p className="rounded-md bg-success px-2 py-1 text-sm font-semibold text-success-foreground">−14%</p>
        </div>
        <div className="mt-5 flex h-20 items-end gap-1.5">
          {bars.map((height, i) => (
            <div key={i} className={`flex-1 rounded-sm ${height} ${i === bars.length - 1 ? 'bg-primary' : 'bg-primary/25'}`} />
          ))}
        </div>
        <p className="mt-2 text-xs text-muted-foreground">Price over the last 60 days</p>
      </div>
      <div className="absolute -bottom-5 -left-4 hidden rounded-xl border bg-card px-4 py-3 shadow-lg sm:block">
        <p className="text-xs text-muted-foreground">WhatsApp · just now</p>
        <p className="text-sm font-medium">JFK → LHR dropped to $389</p>
      </div>
    </div>
  )
}
