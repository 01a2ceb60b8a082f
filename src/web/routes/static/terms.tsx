import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../shared/site.ts'
import { MailLink, OnThisPage, Prose, Section, StaticPage, TextLink } from './static-page.tsx'

const sections = [
  { id: 'service', label: 'The service' },
  { id: 'eligibility', label: 'Who can use it' },
  { id: 'account', label: 'Your account' },
  { id: 'acceptable-use', label: 'Acceptable use' },
  { id: 'prices', label: 'Prices and availability' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'subscriptions', label: 'Plans, billing and cancellation' },
  { id: 'termination', label: 'Suspension and termination' },
  { id: 'liability', label: 'Disclaimers and liability' },
  { id: 'changes', label: 'Changes to these terms' },
  { id: 'contact', label: 'Contact' },
]

export default function TermsPage() {
  return (
    <StaticPage
      title="Terms of Service"
      lead={`These terms are the agreement between you and ${PRODUCT_NAME} when you use our website and apps. We've tried to keep them short and readable.`}
      updated="22 November 2026"
    >
      <title>{`Terms of Service | ${PRODUCT_NAME}`}</title>

      <OnThisPage items={sections} />

      <Section id="service" title="The service">
        <Prose>
          <p>
            {PRODUCT_NAME} lets you search for flights, create price alerts for a route or a specific flight, and
            receive a notification when a fare reaches the target price you set. By creating an account or using{' '}
            {PRODUCT_NAME}, you agree to these terms and to our <TextLink to="/privacy">Privacy Policy</TextLink>.
          </p>
          <p>
            <strong>We don't sell tickets.</strong> When you choose to book, you do so directly with an airline or
            travel agency, under their own terms and conditions. We are not a party to that booking and are not
            responsible for it, including changes, cancellations, refunds or baggage rules.
          </p>
        </Prose>
      </Section>

      <Section id="eligibility" title="Who can use it">
        <Prose>
          <p>
            You must be at least 16 years old to create an account. To buy a paid plan, you must be old enough to
            enter into a binding contract where you live, or have permission from a parent or guardian. If you use{' '}
            {PRODUCT_NAME} on behalf of a business, you confirm that you are authorised to accept these terms for it.
          </p>
        </Prose>
      </Section>

      <Section id="account" title="Your account">
        <Prose>
          <ul>
            <li>Give us accurate information, and keep your email address up to date so alerts reach you.</li>
            <li>
              Keep your sign-in details safe. We recommend a unique password and two-factor authentication.
            </li>
            <li>
              You are responsible for activity on your account. Tell us straight away at{' '}
              <MailLink email={SUPPORT_EMAIL} /> if you think someone else has accessed it.
            </li>
          </ul>
        </Prose>
      </Section>

      <Section id="acceptable-use" title="Acceptable use">
        <Prose>
          <p>Please use {PRODUCT_NAME} the way it is intended: to find and track fares for real trips. You must not:</p>
          <ul>
            <li>
              scrape, crawl or harvest data from {PRODUCT_NAME}, or access it through automated means other than
              features we provide for that purpose;
            </li>
            <li>resell, republish or redistribute prices or other data from {PRODUCT_NAME} without our written permission;</li>
            <li>
              try to get around plan limits, for example by creating multiple accounts to obtain more free alerts;
            </li>
            <li>
              interfere with the service, probe it for vulnerabilities without permission, or bypass security
              measures such as sign-in limits and verification challenges;
            </li>
            <li>use {PRODUCT_NAME} for anything unlawful, or to send spam or harmful content.</li>
          </ul>
          <p>
            Unlimited plans are subject to reasonable use, so that the service stays fast and reliable for every
            customer. If your usage goes far beyond what is typical, we may contact you to discuss a
            plan that fits.
          </p>
        </Prose>
      </Section>

      <Section id="prices" title="Prices and availability">
        <Prose>
          <p>
            Fares, schedules and availability shown in {PRODUCT_NAME} come from third-party data providers, airlines
            and agencies. They are indicative: they may be incomplete, out of date or different from the final price
            on the booking site, for example because of taxes, fees, baggage or currency conversion.
          </p>
          <p>
            Fares change frequently and seats sell out. An alert telling you that a price has dropped is{' '}
            <strong>not a guarantee</strong> that the fare is still available, or available at that price, when you
            try to book. Always check the final price and conditions before you pay.
          </p>
        </Prose>
      </Section>

      <Section id="notifications" title="Notifications">
        <Prose>
          <p>
            We check prices at the frequency your plan allows and send notifications on a best-effort basis. Messages
            can be delayed or lost because of things outside our control, such as email filtering, carrier networks,
            WhatsApp or push services, or outages at our data providers. Please don't rely on {PRODUCT_NAME} as your
            only way of tracking a time-critical fare.
          </p>
          <p>
            You are responsible for giving us correct contact details and for any charges your mobile carrier makes
            for receiving messages.
          </p>
        </Prose>
      </Section>

      <Section id="subscriptions" title="Plans, billing and cancellation">
        <Prose>
          <ul>
            <li>
              The Free plan costs nothing. Paid plans (Premium and Elite) are billed monthly or yearly; Unlimited is
              priced by agreement. Current prices and what each plan includes are shown on our{' '}
              <TextLink to="/#pricing">pricing section</TextLink>.
            </li>
            <li>
              Payments are taken by card and processed by Stripe; we never see or store your card number.
              Subscriptions are billed in advance and renew automatically at the end of each billing period until
              you cancel.
            </li>
            <li>
              <strong>Test mode.</strong> When {PRODUCT_NAME} runs without a connection to Stripe (for example a demo
              or test installation), payments are simulated: checkout says &quot;Test mode: no real payment&quot;,
              accepts only test card numbers such as 4242 4242 4242 4242, and nothing is charged. A plan bought in
              test mode exists only on that installation.
            </li>
            <li>
              You can cancel at any time from <TextLink to="/profile#subscription">Profile → Subscription</TextLink>.
              Your plan stays active until the end of the period you have paid for and then won't renew; until then
              you can reactivate it. Switching to another plan or billing period is done from Manage billing there.
            </li>
            <li>
              <strong>Payments are non-refundable</strong>, including for partly used periods, except where the law
              requires otherwise.
            </li>
            <li>
              If you move to a plan with a lower alert limit, alerts over the new limit are paused, not deleted.
            </li>
            <li>
              If we change the price of a plan, we will tell you in advance, and the new price will apply from your
              next renewal. You can cancel before then if you don't want to continue.
            </li>
          </ul>
        </Prose>
      </Section>

      <Section id="termination" title="Suspension and termination">
        <Prose>
          <p>
            You can stop using {PRODUCT_NAME} and delete your account at any time from your profile. We may suspend or
            close an account that seriously or repeatedly breaks these terms, that puts other users or the service at
            risk, or where the law requires us to. Where reasonable, we will warn you first and give you a chance to
            fix the problem.
          </p>
        </Prose>
      </Section>

      <Section id="liability" title="Disclaimers and liability">
        <Prose>
          <p>
            We work hard to keep {PRODUCT_NAME} accurate and available, but the service is provided "as is" and we
            can't promise that it will always be uninterrupted or error-free, or that every price drop will be
            detected.
          </p>
          <p>
            To the extent the law allows, {PRODUCT_NAME} is not liable for indirect or consequential losses, or for
            losses caused by the accuracy of third-party data, a missed or delayed notification, or a fare that is no
            longer available. Our total liability to you for any claim is limited to the amount you paid us in the 12
            months before the claim.
          </p>
          <p>
            Nothing in these terms limits rights you have as a consumer that cannot be excluded under the law where
            you live.
          </p>
        </Prose>
      </Section>

      <Section id="changes" title="Changes to these terms">
        <Prose>
          <p>
            We may update these terms as {PRODUCT_NAME} evolves. We will change the date at the top of this page, and
            for significant changes we will tell you by email or in the app before they take effect. If you keep
            using {PRODUCT_NAME} after that, the new terms apply; if you don't agree, you can cancel and delete your
            account.
          </p>
        </Prose>
      </Section>

      <Section id="contact" title="Contact">
        <Prose>
          <p>
            Questions about these terms? Email <MailLink email={SUPPORT_EMAIL} /> or visit our{' '}
            <TextLink to="/contact">contact page</TextLink>.
          </p>
        </Prose>
      </Section>
    </StaticPage>
  )
}
