import { PRIVACY_EMAIL, PRODUCT_NAME } from '../../../shared/site.ts'
import { MailLink, OnThisPage, Prose, Section, StaticPage, TextLink } from './static-page.tsx'

const sections = [
  { id: 'summary', label: 'The short version' },
  { id: 'what-we-collect', label: 'What we collect' },
  { id: 'how-we-use-it', label: 'How we use it' },
  { id: 'legal-bases', label: 'Legal bases' },
  { id: 'sharing', label: 'Who we share it with' },
  { id: 'retention', label: 'How long we keep it' },
  { id: 'security', label: 'How we protect it' },
  { id: 'your-rights', label: 'Your rights and choices' },
  { id: 'other', label: 'Children, transfers and changes' },
  { id: 'contact', label: 'Contact us' },
]

export default function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      lead={`This policy explains what personal data ${PRODUCT_NAME} collects, why we need it, who we share it with, and how you stay in control of it.`}
      updated="22 November 2026"
    >
      <title>{`Privacy Policy | ${PRODUCT_NAME}`}</title>

      <OnThisPage items={sections} />

      <Section id="summary" title="The short version">
        <Prose>
          <ul>
            <li>We collect only what we need to run your account, your alerts and your notifications.</li>
            <li>We don't sell your data, and we don't use advertising trackers.</li>
            <li>Card payments are handled by Stripe. We never see or store your card number.</li>
            <li>
              You can delete your account from your <TextLink to="/profile">profile</TextLink> at any time, and your
              data goes with it.
            </li>
          </ul>
        </Prose>
      </Section>

      <Section id="what-we-collect" title="What we collect">
        <Prose>
          <ul>
            <li>
              <strong>Account details</strong>: your name and email address(es). If you sign in with Google,
              Microsoft or Apple, we receive your name and email address from that provider. If you use a password,
              we store only a one-way hash of it, never the password itself.
            </li>
            <li>
              <strong>Alerts</strong>: the alerts you create and their search parameters, such as airports, dates,
              passengers, cabin class, filters, target price, notification channels and check frequency.
            </li>
            <li>
              <strong>Price history</strong>: the fares we observe while checking your alerts, so we can show how a
              price has moved and tell you when it reaches your target.
            </li>
            <li>
              <strong>Notification details</strong>: the contact details you choose to give us for notifications,
              such as a phone number for SMS or WhatsApp and a push subscription for your browser or device.
            </li>
            <li>
              <strong>Subscription status</strong>: your plan, billing period and payment status, which we receive
              from Stripe. We don't receive your full card details.
            </li>
            <li>
              <strong>Security logs</strong>: sign-in attempts and the IP addresses they come from, used to protect
              accounts and prevent fraud.
            </li>
            <li>
              <strong>Messages to us</strong>: if you email us, we keep the conversation so we can help you.
            </li>
          </ul>
          <p>
            We don't ask for sensitive information such as passport numbers, and you never need to give it to us to
            use {PRODUCT_NAME}.
          </p>
        </Prose>
      </Section>

      <Section id="how-we-use-it" title="How we use it">
        <Prose>
          <ul>
            <li>To run flight searches and check prices for your alerts.</li>
            <li>To send the notifications you asked for, on the channels you chose.</li>
            <li>To manage your account, your plan and your subscription.</li>
            <li>
              To send essential service emails, such as email verification, sign-in links, password resets and
              important changes to your plan or to these policies.
            </li>
            <li>To keep {PRODUCT_NAME} secure, including locking accounts after repeated failed sign-ins.</li>
            <li>To answer your questions and fix problems you report.</li>
          </ul>
          <p>We don't use your data to build advertising profiles, and we don't sell or rent it to anyone.</p>
        </Prose>
      </Section>

      <Section id="legal-bases" title="Legal bases">
        <Prose>
          <p>Where data-protection laws such as the GDPR apply, we rely on:</p>
          <ul>
            <li>
              <strong>Contract</strong>: to provide the service you signed up for, including your alerts,
              notifications and subscription.
            </li>
            <li>
              <strong>Legitimate interests</strong>: to keep accounts secure, prevent fraud and abuse, and improve
              the service in ways you would reasonably expect.
            </li>
            <li>
              <strong>Consent</strong>: for optional channels such as push notifications, which you can withdraw at
              any time.
            </li>
            <li>
              <strong>Legal obligation</strong>: to keep billing records where the law requires it.
            </li>
          </ul>
        </Prose>
      </Section>

      <Section id="sharing" title="Who we share it with">
        <Prose>
          <p>
            We share data only with service providers that help us run {PRODUCT_NAME}, and only what each of them
            needs:
          </p>
          <ul>
            <li>
              <strong>Stripe</strong> processes payments and manages subscriptions. Your card details go directly to
              Stripe.
            </li>
            <li>
              <strong>Message delivery providers</strong> (for example an email (SMTP) provider and Twilio for SMS
              and WhatsApp) receive the address or number and the content of each notification they deliver.
            </li>
            <li>
              <strong>Our flight-data provider</strong> receives search parameters only, such as airports, dates and
              cabin class. It never receives your name, email address or other personal data.
            </li>
          </ul>
          <p>
            These providers act on our instructions and may not use your data for their own purposes. We may also
            disclose information if the law requires it, or to protect the rights and safety of our users. If{' '}
            {PRODUCT_NAME} is ever involved in a merger or sale, we will tell you before your data becomes subject to
            a different privacy policy.
          </p>
          <p>
            Cookies and browser storage are covered in our <TextLink to="/cookies">Cookie Policy</TextLink>.
          </p>
        </Prose>
      </Section>

      <Section id="retention" title="How long we keep it">
        <Prose>
          <p>
            We keep your data for as long as your account is open. When you delete your account, we remove your
            account details, alerts, price history and notification details.
          </p>
          <p>
            Security logs are kept only as long as they are useful for protecting accounts and preventing fraud.
            Payment records held by Stripe are kept for as long as tax and accounting laws require.
          </p>
        </Prose>
      </Section>

      <Section id="security" title="How we protect it">
        <Prose>
          <ul>
            <li>Passwords are hashed with argon2id, a modern algorithm designed to resist cracking.</li>
            <li>You can turn on two-factor authentication with an authenticator app, with backup codes.</li>
            <li>After 5 failed sign-in attempts an account is locked for 15 minutes.</li>
            <li>Data is sent over encrypted connections, and payment details never touch our servers.</li>
          </ul>
          <p>
            No system is perfectly secure, but we work to keep your data safe. If we ever become aware of a breach
            affecting your data, we will let you know as the law requires.
          </p>
        </Prose>
      </Section>

      <Section id="your-rights" title="Your rights and choices">
        <Prose>
          <p>Depending on where you live, you have the right to:</p>
          <ul>
            <li>access the personal data we hold about you and get a copy of it;</li>
            <li>correct data that is wrong or incomplete;</li>
            <li>
              delete your data, which you can do yourself by deleting your account from your{' '}
              <TextLink to="/profile">profile</TextLink>;
            </li>
            <li>object to or restrict certain processing, and withdraw consent you have given;</li>
            <li>complain to your local data-protection authority.</li>
          </ul>
          <p>
            You can also stop notifications on a channel at any time by changing or deleting the alert. To make any
            other request, email <MailLink email={PRIVACY_EMAIL} />. We may need to confirm your identity first, and
            we will answer within the time the law allows (usually one month).
          </p>
        </Prose>
      </Section>

      <Section id="other" title="Children, transfers and changes">
        <Prose>
          <p>
            {PRODUCT_NAME} is not meant for children, and we don't knowingly collect data from anyone under 16. If you
            believe a child has given us personal data, contact us and we will delete it.
          </p>
          <p>
            Our service providers may process data in countries other than your own. When they do, we rely on the
            safeguards that data-protection law requires for such transfers.
          </p>
          <p>
            If we change this policy, we will update the date at the top of this page. If the change is significant,
            we will also tell you by email or in the app before it takes effect.
          </p>
        </Prose>
      </Section>

      <Section id="contact" title="Contact us">
        <Prose>
          <p>
            Questions about privacy or your data? Email <MailLink email={PRIVACY_EMAIL} />. For anything else, see
            our <TextLink to="/contact">contact page</TextLink>.
          </p>
        </Prose>
      </Section>
    </StaticPage>
  )
}
