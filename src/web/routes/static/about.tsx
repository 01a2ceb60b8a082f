import { PRODUCT_NAME } from '../../../shared/site.ts'
import { Prose, Section, StaticPage, TextLink } from './static-page.tsx'

const steps = [
  {
    title: 'Search the way you actually travel',
    body: 'Look up one-way, round-trip or multi-city trips and shape the results with more than 20 customisations: airlines and alliances, preferred connecting airports, number of stops, bags, departure and arrival times, layover length, total duration, emissions and the currency you think in. Price insights show whether a fare is good, and you can compare booking options side by side.',
  },
  {
    title: 'Set a price alert',
    body: 'Found a route you like, or one particular flight? Create an alert, choose the price you would be happy to pay, and pick how you want to hear from us.',
  },
  {
    title: 'Save when the price drops',
    body: 'We keep checking the fare for you. When it reaches your target, you get a message by email, WhatsApp, SMS or push notification (depending on your plan) so you can book before it climbs again.',
  },
]

export default function AboutPage() {
  return (
    <StaticPage
      title={`About ${PRODUCT_NAME}`}
      lead={`${PRODUCT_NAME} watches flight prices so you don't have to. Tell us where you want to go and what you'd like to pay, and we'll let you know when the fare drops.`}
    >
      <title>{`About ${PRODUCT_NAME}`}</title>

      <Section title="Why we built it">
        <Prose>
          <p>
            Airfares change constantly, sometimes several times a day. The same seat can cost very different amounts
            depending on when you look, and checking by hand every morning is tedious and easy to forget.
          </p>
          <p>
            {PRODUCT_NAME} does the watching for you. You decide what a good price is; we keep an eye on the fare and
            tell you the moment it gets there. No endless refreshing, no guessing.
          </p>
        </Prose>
      </Section>

      <Section title="How it works">
        <ol className="mt-4 space-y-4">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-lg border border-border bg-card p-4 text-card-foreground sm:p-5">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="mt-1 leading-7 text-muted-foreground">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="What we are, and what we are not">
        <Prose>
          <p>
            {PRODUCT_NAME} is a flight search and price-alert service. <strong>We don't sell tickets.</strong> When you
            are ready to book, you book directly with the airline or travel agency, on their terms. Prices we show come
            from third-party flight data and can change until you complete a booking, so always check the final price
            on the booking page.
          </p>
        </Prose>
      </Section>

      <Section title="Plans for every kind of traveller">
        <Prose>
          <p>Start free and upgrade only if you need more alerts, faster checks or more ways to be notified.</p>
          <ul>
            <li>
              <strong>Free</strong>: up to 3 alerts, checked every 15 days, with email notifications.
            </li>
            <li>
              <strong>Premium</strong> ($3.99/month): up to 15 alerts, checked at least every 12 hours, email and
              WhatsApp, plus international premium-cabin alerts.
            </li>
            <li>
              <strong>Elite</strong> ($7.99/month): up to 30 alerts, every channel (email, WhatsApp, SMS and push),
              priority support and early access to new features.
            </li>
            <li>
              <strong>Unlimited</strong>: custom pricing for travel advisors and businesses, with no alert cap, custom
              check frequencies and white-label options.
            </li>
          </ul>
          <p>
            Paying yearly saves 25%. See <TextLink to="/#pricing">pricing</TextLink> for the details or browse the{' '}
            <TextLink to="/faq">FAQ</TextLink>.
          </p>
        </Prose>
      </Section>

      <Section title="Private by default">
        <Prose>
          <p>
            We only keep what we need to run your alerts. We don't use advertising trackers and we don't sell your
            data. Payments are handled by Stripe, so we never see your card number. You can delete your account, and
            the data that goes with it, whenever you like. Read more in our{' '}
            <TextLink to="/privacy">Privacy Policy</TextLink> and <TextLink to="/cookies">Cookie Policy</TextLink>.
          </p>
        </Prose>
      </Section>

      <Section title="Say hello">
        <Prose>
          <p>
            Questions, ideas or a route we should handle better? We'd love to hear from you on our{' '}
            <TextLink to="/contact">contact page</TextLink>.
          </p>
        </Prose>
      </Section>
    </StaticPage>
  )
}
