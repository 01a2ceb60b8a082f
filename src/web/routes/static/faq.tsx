import type { ReactNode } from 'react'
import { PRODUCT_NAME, SALES_EMAIL, SUPPORT_EMAIL } from '../../../shared/site.ts'
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion.tsx'
import { MailLink, proseClassName, Section, StaticPage, TextLink } from './static-page.tsx'

type Question = { id: string; question: string; answer: ReactNode }
type Group = { id: string; title: string; questions: Question[] }

const plans = [
  { name: 'Free', price: '$0', alerts: 'Up to 3', checks: 'Every 15 days', channels: 'Email' },
  {
    name: 'Premium',
    price: '$3.99/month or $36/year',
    alerts: 'Up to 15',
    checks: 'At least every 12 hours',
    channels: 'Email, WhatsApp',
  },
  {
    name: 'Elite',
    price: '$7.99/month or $72/year',
    alerts: 'Up to 30',
    checks: 'At least every 12 hours',
    channels: 'Email, WhatsApp, SMS, push',
  },
  {
    name: 'Unlimited',
    price: 'Custom pricing',
    alerts: 'No cap',
    checks: 'Custom, down to every 15 minutes',
    channels: 'All channels',
  },
]

function PlanSummary() {
  // Wrapped in a div so the answer's prose list styles (direct-child lists only) don't apply.
  return (
    <div>
      <ul aria-label={`${PRODUCT_NAME} plans`} className="grid gap-3 sm:grid-cols-2">
        {plans.map((plan) => (
          <li key={plan.name} className="rounded-lg border border-border bg-background p-4">
            <p className="font-semibold text-foreground">{plan.name}</p>
            <p className="text-sm font-medium text-foreground">{plan.price}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm leading-6">
              <dt className="text-muted-foreground">Alerts</dt>
              <dd className="text-foreground">{plan.alerts}</dd>
              <dt className="text-muted-foreground">Checks</dt>
              <dd className="text-foreground">{plan.checks}</dd>
              <dt className="text-muted-foreground">Channels</dt>
              <dd className="text-foreground">{plan.channels}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  )
}

const groups: Group[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    questions: [
      {
        id: 'how-it-works',
        question: `How does ${PRODUCT_NAME} work?`,
        answer: (
          <>
            <p>
              Search for a flight (one-way, round-trip or multi-city) and narrow the results with more than 20
              customisations, such as airlines and alliances, connecting airports, stops, bags, times, layover length,
              duration and emissions. When you find a route or flight you like, create a price alert with the price
              you'd like to pay.
            </p>
            <p>
              We then check the fare regularly and notify you when it drops to your target, so you can book at the
              right moment.
            </p>
          </>
        ),
      },
      {
        id: 'sell-tickets',
        question: 'Do you sell tickets?',
        answer: (
          <p>
            No. {PRODUCT_NAME} helps you find fares and tells you when they drop, but you book directly with the
            airline or travel agency. Prices come from third-party flight data and can change until your booking is
            complete, so always confirm the final price on the booking page.
          </p>
        ),
      },
      {
        id: 'account',
        question: 'Do I need an account?',
        answer: (
          <p>
            Yes, a free account lets us save your alerts and know where to send notifications. You can sign up with
            an email address and password, get a one-time magic link by email, or continue with Google, Microsoft or
            Apple. <TextLink to="/auth">Create an account or sign in</TextLink>.
          </p>
        ),
      },
    ],
  },
  {
    id: 'alerts',
    title: 'Alerts',
    questions: [
      {
        id: 'check-frequency',
        question: 'How often do you check prices?',
        answer: (
          <ul>
            <li>
              <strong>Free</strong>: every 15 days.
            </li>
            <li>
              <strong>Premium and Elite</strong>: at least every 12 hours.
            </li>
            <li>
              <strong>Unlimited</strong>: custom frequencies, down to every 15 minutes, within reasonable use.
            </li>
          </ul>
        ),
      },
      {
        id: 'channels',
        question: 'How will I be notified?',
        answer: (
          <p>
            Free alerts notify you by email. Premium adds WhatsApp, and Elite and Unlimited can use every channel:
            email, WhatsApp, SMS and push notifications. You choose the channels for each alert. SMS and WhatsApp need
            your phone number, and push notifications need your permission on your device.
          </p>
        ),
      },
      {
        id: 'specific-flight',
        question: 'Can I track a specific flight instead of a whole route?',
        answer: (
          <p>
            Yes. You can create an alert for a route (for example, any suitable flight between two cities on your
            dates, with your filters) or for one specific flight from your search results. Both use a target price,
            and we notify you when the fare reaches it.
          </p>
        ),
      },
      {
        id: 'alert-limit',
        question: 'What happens when I reach my alert limit?',
        answer: (
          <p>
            Your existing alerts keep running as normal; you just can't add a new one. To make room, delete an alert
            you no longer need, or upgrade to a plan with a higher limit: Free allows 3 alerts, Premium 15, Elite 30
            and Unlimited has no cap.
          </p>
        ),
      },
    ],
  },
  {
    id: 'plans-billing',
    title: 'Plans & billing',
    questions: [
      {
        id: 'pricing',
        question: `How much does ${PRODUCT_NAME} cost?`,
        answer: (
          <>
            <p>
              You can start for free. Paid plans are billed monthly or yearly, and paying yearly saves 25% (Premium
              saves $11.88 a year, Elite $23.88).
            </p>
            <PlanSummary />
            <p>
              Premium also unlocks international premium-cabin alerts, and Elite adds priority support and early
              access to new features. For Unlimited, which includes white-label options and priority support, email{' '}
              <MailLink email={SALES_EMAIL} />. Card payments are processed by Stripe; we never see or store your
              card number.
            </p>
            <p>
              A {PRODUCT_NAME} server that runs without Stripe keys (a demo or test installation) takes payments in{' '}
              <strong>test mode</strong>: checkout accepts only test cards such as 4242 4242 4242 4242, says so on
              the page, and nothing is charged.
            </p>
          </>
        ),
      },
      {
        id: 'downgrade',
        question: 'What happens to my alerts if I downgrade?',
        answer: (
          <p>
            Nothing is deleted. If you have more alerts than your new plan allows, the ones over the limit are paused.
            You can reactivate them later by upgrading again or by removing other alerts to make room.
          </p>
        ),
      },
      {
        id: 'cancel',
        question: 'How do I cancel my subscription?',
        answer: (
          <p>
            You can cancel at any time from <TextLink to="/profile#subscription">Profile → Subscription</TextLink>.
            Your plan stays active until the end of the period you've already paid for, and it won't renew after
            that; until then you can reactivate it with one click. To switch to another plan or billing period, use
            Manage billing in the same place.
          </p>
        ),
      },
      {
        id: 'refunds',
        question: 'Can I get a refund?',
        answer: (
          <p>
            Subscriptions are billed in advance and are non-refundable, including for partly used periods. If you
            cancel, you keep your plan until the end of the paid period. If you think you've been charged in error,
            email <MailLink email={SUPPORT_EMAIL} /> and we'll look into it.
          </p>
        ),
      },
    ],
  },
  {
    id: 'account-security',
    title: 'Account & security',
    questions: [
      {
        id: 'data-safe',
        question: 'Is my data safe?',
        answer: (
          <>
            <p>
              Passwords are hashed with argon2id, so we never store them in readable form, and you can turn on
              two-factor authentication with an authenticator app (with backup codes) from your profile. Card payments
              are handled by Stripe; in test mode no real card is accepted, and we keep only a test card's brand and
              last four digits.
            </p>
            <p>
              We don't use advertising trackers and we don't sell your data. Our{' '}
              <TextLink to="/privacy">Privacy Policy</TextLink> explains exactly what we keep and why.
            </p>
          </>
        ),
      },
      {
        id: 'locked-out',
        question: "I can't sign in. What should I do?",
        answer: (
          <p>
            After 5 failed sign-in attempts your account is locked for 15 minutes to protect it. You can wait and try
            again, or use "Forgot your password?" on the <TextLink to="/auth">sign-in page</TextLink> to reset your
            password by email, which works even while the lock is active.
          </p>
        ),
      },
      {
        id: 'delete-account',
        question: 'How do I delete my account?',
        answer: (
          <p>
            Go to your <TextLink to="/profile">profile</TextLink> and choose to delete your account. This removes your
            account and its data, including your alerts and their price history. If you're on a paid plan, we
            recommend cancelling your subscription first, from Profile → Subscription.
          </p>
        ),
      },
    ],
  },
]

export default function FaqPage() {
  return (
    <StaticPage
      title="Frequently asked questions"
      lead={`Everything you need to know about ${PRODUCT_NAME}: how alerts work, what each plan includes, and how we look after your account.`}
    >
      <title>{`FAQ | ${PRODUCT_NAME}`}</title>

      <nav aria-label="FAQ topics" className="mt-8">
        <ul className="flex flex-wrap gap-2">
          {groups.map((group) => (
            <li key={group.id}>
              <a
                href={`#${group.id}`}
                className="inline-flex rounded-full border border-border bg-card px-3 py-1.5 text-sm font-medium text-card-foreground transition-colors hover:bg-accent"
              >
                {group.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {groups.map((group) => (
        <Section key={group.id} id={group.id} title={group.title}>
          <Accordion type="multiple" className="rounded-lg border border-border bg-card px-4 text-card-foreground sm:px-5">
            {group.questions.map((item) => (
              <AccordionItem key={item.id} value={item.id}>
                <AccordionTrigger>{item.question}</AccordionTrigger>
                <AccordionContent className={`${proseClassName} text-base leading-7 text-muted-foreground`}>
                  {item.answer}
                </AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </Section>
      ))}

      <Section title="Still have a question?">
        <p className="leading-7">
          Email us at <MailLink email={SUPPORT_EMAIL} /> or visit the <TextLink to="/contact">contact page</TextLink>.
          We usually reply within one business day.
        </p>
      </Section>
    </StaticPage>
  )
}
