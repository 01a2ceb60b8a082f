import { PRIVACY_EMAIL, PRODUCT_NAME, PRODUCT_SLUG } from '../../../shared/site.ts'
import { MailLink, Prose, Section, StaticPage, TextLink } from './static-page.tsx'

type StorageItem = {
  name: string
  /** True when `name` is the literal key, shown in code style. */
  isKey: boolean
  type: string
  purpose: string
  lifetime: string
}

const storageItems: StorageItem[] = [
  {
    name: 'Session cookie',
    isKey: false,
    type: 'First-party cookie (HttpOnly, Secure, SameSite=Lax)',
    purpose: `Keeps you signed in as you move between pages. It can't be read by scripts on the page and is only sent to ${PRODUCT_NAME} over secure connections.`,
    lifetime: 'Until you sign out, or after a period of inactivity.',
  },
  {
    name: `${PRODUCT_SLUG}-theme`,
    isKey: true,
    type: 'Local storage',
    purpose: 'Remembers whether you prefer the light theme, the dark theme or your system setting.',
    lifetime: 'Until you change the setting or clear your browser data.',
  },
  {
    name: 'search-filters-storage',
    isKey: true,
    type: 'Local storage',
    purpose:
      "Remembers your search preferences: cabin class, number of passengers, region, language and currency, so you don't have to set them every time.",
    lifetime: 'Until you change them or clear your browser data.',
  },
  {
    name: 'alert-store',
    isKey: true,
    type: 'Local storage',
    purpose: 'Remembers the filters you use on your alerts list, and whether you said no thanks to push notifications there.',
    lifetime: 'Until you change them or clear your browser data.',
  },
  {
    name: 'Push notification service worker',
    isKey: false,
    type: 'Service worker and push subscription',
    purpose:
      'Only if you turn on push notifications: lets this browser receive your price-alert notices and show them. It stores and caches nothing else.',
    lifetime: 'Until you turn push notifications off for this device or clear your browser data.',
  },
  {
    name: `${PRODUCT_SLUG}-pending-plan`,
    isKey: true,
    type: 'Local storage',
    purpose:
      'Only if you choose a paid plan before signing in: remembers that choice so you come back to it after signing in or confirming your email.',
    lifetime: 'Until you continue to checkout, or one hour.',
  },
  {
    name: `${PRODUCT_SLUG}-checkout-target`,
    isKey: true,
    type: 'Session storage',
    purpose: 'While you pay for or switch a plan: which plan your profile should wait for when you come back from the payment page.',
    lifetime: 'Until the plan is confirmed, or you close the tab.',
  },
  {
    name: 'Sign-in lockout record',
    isKey: false,
    type: 'Browser storage',
    purpose:
      'Counts failed sign-in attempts on this device so we can pause sign-in for 15 minutes after 5 failures and protect your account.',
    lifetime: 'Cleared when you sign in successfully, or after 15 minutes.',
  },
]

export default function CookiesPage() {
  return (
    <StaticPage
      title="Cookie Policy"
      lead={`${PRODUCT_NAME} uses one sign-in cookie and a few browser storage entries to keep you signed in and remember your preferences. No advertising, no cross-site tracking.`}
      updated="22 November 2026"
    >
      <title>{`Cookie Policy | ${PRODUCT_NAME}`}</title>

      <Section id="what-we-store" title="What we store in your browser">
        <Prose>
          <p>
            Cookies and local storage are small pieces of data that a website keeps in your browser. Everything{' '}
            {PRODUCT_NAME} stores is first-party (set by us, for us) and needed for the site to work or to remember a
            choice you made.
          </p>
        </Prose>
        <ul className="mt-6 space-y-4">
          {storageItems.map((item) => (
            <li key={item.name} className="rounded-lg border border-border bg-card p-4 text-card-foreground sm:p-5">
              <h3 className="font-semibold">
                {item.isKey ? (
                  <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.95em] break-all">{item.name}</code>
                ) : (
                  item.name
                )}
              </h3>
              <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm leading-6 sm:grid-cols-[7rem_1fr]">
                <dt className="font-medium text-muted-foreground">Type</dt>
                <dd>{item.type}</dd>
                <dt className="font-medium text-muted-foreground">Purpose</dt>
                <dd>{item.purpose}</dd>
                <dt className="font-medium text-muted-foreground">Lifetime</dt>
                <dd>{item.lifetime}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="what-we-dont-use" title="What we don't use">
        <Prose>
          <p>
            We don't use third-party cookies, advertising cookies or tracking pixels, and we don't share browsing data
            with advertisers.
          </p>
        </Prose>
      </Section>

      <Section id="security-challenge" title="Security challenges">
        <Prose>
          <p>
            To stop bots from creating accounts or guessing passwords, sign-in and sign-up include a short security
            check. By default this is a self-hosted proof-of-work challenge: your browser solves a small puzzle, and
            no cookies or tracking are involved.
          </p>
          <p>
            If a CAPTCHA provider (Cloudflare Turnstile or hCaptcha) is enabled instead, that provider may set its own
            cookie when the challenge loads, under its own privacy policy. This only happens on the pages that show the
            challenge.
          </p>
        </Prose>
      </Section>

      <Section id="managing" title="Managing cookies and storage">
        <Prose>
          <p>
            You can view and delete cookies and site data in your browser settings. Clearing {PRODUCT_NAME}'s local
            storage resets your theme, search preferences and alert filters to their defaults. If you block the
            session cookie, you won't be able to stay signed in, so alerts and your profile won't be available.
          </p>
          <p>
            Because we only use storage that is needed for the site to work or that remembers your own settings, there
            are no optional tracking cookies to switch off.
          </p>
        </Prose>
      </Section>

      <Section id="more" title="Changes and questions">
        <Prose>
          <p>
            If we start storing anything new, we will update this page and the date at the top. For more on how we
            handle your data, read our <TextLink to="/privacy">Privacy Policy</TextLink>, or email{' '}
            <MailLink email={PRIVACY_EMAIL} />.
          </p>
        </Prose>
      </Section>
    </StaticPage>
  )
}
