import type { ReactNode } from 'react'
import { Building2, LifeBuoy, ShieldCheck, type LucideIcon } from 'lucide-react'
import { PRIVACY_EMAIL, PRODUCT_NAME, SALES_EMAIL, SOCIAL_URL, SUPPORT_EMAIL } from '../../../shared/site.ts'
import { linkClassName, MailLink, Prose, Section, StaticPage, TextLink } from './static-page.tsx'

/** "x.com/faredrop" rather than the full URL. */
const socialLabel = SOCIAL_URL.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')

type ContactCardProps = {
  icon: LucideIcon
  title: string
  email: string
  children: ReactNode
}

function ContactCard({ icon: Icon, title, email, children }: ContactCardProps) {
  return (
    <li className="flex flex-col rounded-lg border border-border bg-card p-5 text-card-foreground">
      <span className="flex size-10 items-center justify-center rounded-md bg-accent text-primary" aria-hidden="true">
        <Icon className="size-5" />
      </span>
      <h3 className="mt-4 font-semibold">{title}</h3>
      <div className="mt-1 flex-1 text-sm leading-6 text-muted-foreground">{children}</div>
      <p className="mt-4 text-sm">
        <MailLink email={email} />
      </p>
    </li>
  )
}

export default function ContactPage() {
  return (
    <StaticPage
      title="Contact us"
      lead="Questions about your alerts, your account or your plan? We're here to help. Pick the address that fits and a real person will get back to you."
    >
      <title>{`Contact | ${PRODUCT_NAME}`}</title>

      <Section id="get-in-touch" title="Get in touch">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <ContactCard icon={LifeBuoy} title="Support" email={SUPPORT_EMAIL}>
            <p>
              Help with your account, sign-in, billing or alerts. We usually reply within 1 business day; Elite and
              Unlimited customers get priority.
            </p>
          </ContactCard>
          <ContactCard icon={Building2} title="Sales" email={SALES_EMAIL}>
            <p>
              Unlimited plans for travel advisors and businesses: custom pricing, no alert cap, custom check
              frequencies and white-label options.
            </p>
          </ContactCard>
          <ContactCard icon={ShieldCheck} title="Privacy" email={PRIVACY_EMAIL}>
            <p>Requests to access, correct or delete your data, and any question about how we handle it.</p>
          </ContactCard>
        </ul>
      </Section>

      <Section id="before-you-write" title="Before you write">
        <Prose>
          <p>
            Many answers are already in our <TextLink to="/faq">FAQ</TextLink>, including how often prices are
            checked, how to cancel and how to delete your account. If you do write to us, these details help us help
            you faster:
          </p>
          <ul>
            <li>the email address you use for {PRODUCT_NAME};</li>
            <li>the alert or route involved (for example, the alert name or the airports and dates);</li>
            <li>what you expected to happen and what happened instead, with a screenshot if you can.</li>
          </ul>
          <p>
            <strong>Never send us your password, two-factor or backup codes, or card number.</strong> We will never ask
            for them.
          </p>
        </Prose>
      </Section>

      <Section id="locked-out" title="Locked out?">
        <Prose>
          <p>
            After 5 failed sign-in attempts, sign-in is paused for 15 minutes to protect your account. You can wait,
            or reset your password by email from the <TextLink to="/auth">sign-in page</TextLink>, which works even
            while the lock is active.
          </p>
        </Prose>
      </Section>

      <Section id="follow" title="Follow us">
        <Prose>
          <p>
            For product news and updates, follow us at{' '}
            <a href={SOCIAL_URL} target="_blank" rel="noopener noreferrer" className={linkClassName}>
              {socialLabel}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            . We can't help with account questions there, so please use email for anything personal.
          </p>
        </Prose>
      </Section>
    </StaticPage>
  )
}
