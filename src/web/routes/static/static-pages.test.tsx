import type { ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { PRIVACY_EMAIL, PRODUCT_SLUG, SALES_EMAIL, SOCIAL_URL, SUPPORT_EMAIL } from '../../../shared/site.ts'
import AboutPage from './about.tsx'
import ContactPage from './contact.tsx'
import CookiesPage from './cookies.tsx'
import FaqPage from './faq.tsx'
import PrivacyPage from './privacy.tsx'
import TermsPage from './terms.tsx'

function renderPage(page: ReactElement) {
  return render(<MemoryRouter>{page}</MemoryRouter>)
}

describe('static pages', () => {
  it.each([
    ['About', <AboutPage />, /about faredrop/i, 'About FareDrop'],
    ['FAQ', <FaqPage />, /frequently asked questions/i, 'FAQ | FareDrop'],
    ['Privacy', <PrivacyPage />, /privacy policy/i, 'Privacy Policy | FareDrop'],
    ['Terms', <TermsPage />, /terms of service/i, 'Terms of Service | FareDrop'],
    ['Cookies', <CookiesPage />, /cookie policy/i, 'Cookie Policy | FareDrop'],
    ['Contact', <ContactPage />, /contact us/i, 'Contact | FareDrop'],
  ])('%s renders exactly one h1 and sets the document title', async (_name, page, heading, title) => {
    renderPage(page)
    const h1s = screen.getAllByRole('heading', { level: 1 })
    expect(h1s).toHaveLength(1)
    expect(h1s[0]).toHaveTextContent(heading)
    await waitFor(() => expect(document.title).toBe(title))
  })

  it.each([
    ['Privacy', <PrivacyPage />],
    ['Terms', <TermsPage />],
    ['Cookies', <CookiesPage />],
  ])('%s shows when it was last updated', (_name, page) => {
    renderPage(page)
    expect(screen.getByText('Last updated: 22 November 2026')).toBeInTheDocument()
  })
})

describe('AboutPage', () => {
  it('explains the three steps and that FareDrop does not sell tickets', () => {
    renderPage(<AboutPage />)
    expect(screen.getByRole('heading', { name: /search the way you actually travel/i })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /set a price alert/i })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /save when the price drops/i })).toBeInTheDocument()
    expect(screen.getByText(/we don't sell tickets/i)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq')
  })
})

describe('FaqPage', () => {
  it('groups questions under section headings', () => {
    renderPage(<FaqPage />)
    for (const group of ['Getting started', 'Alerts', 'Plans & billing', 'Account & security']) {
      expect(screen.getByRole('heading', { level: 2, name: group })).toBeInTheDocument()
    }
    const questions = screen.getAllByRole('button', { expanded: false })
    expect(questions.length).toBeGreaterThanOrEqual(10)
    expect(questions.length).toBeLessThanOrEqual(14)
  })

  it('lists the plan prices in the pricing answer', async () => {
    const user = userEvent.setup()
    renderPage(<FaqPage />)
    await user.click(screen.getByRole('button', { name: /how much does faredrop cost/i }))
    const plans = screen.getByRole('list', { name: /faredrop plans/i })
    for (const text of ['Free', '$0', '$3.99/month or $36/year', '$7.99/month or $72/year', 'Custom pricing']) {
      expect(within(plans).getByText(text)).toBeInTheDocument()
    }
    expect(screen.getByText(/paying yearly saves 25%/i)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: SALES_EMAIL })).toHaveAttribute('href', `mailto:${SALES_EMAIL}`)
  })

  it('reveals an answer when its question is clicked', async () => {
    const user = userEvent.setup()
    renderPage(<FaqPage />)
    const trigger = screen.getByRole('button', { name: /what happens to my alerts if i downgrade/i })
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByText(/over the limit are paused/i)).not.toBeInTheDocument()

    await user.click(trigger)

    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText(/over the limit are paused/i)).toBeVisible()
    expect(screen.getByText(/nothing is deleted/i)).toBeVisible()
  })

  it('says who takes payments, what test mode means, and where to cancel', async () => {
    const user = userEvent.setup()
    renderPage(<FaqPage />)
    await user.click(screen.getByRole('button', { name: /how much does faredrop cost/i }))
    expect(screen.getByText(/card payments are processed by stripe/i)).toBeVisible()
    expect(screen.getByText(/nothing is charged/i)).toBeVisible()
    await user.click(screen.getByRole('button', { name: /how do i cancel my subscription/i }))
    expect(screen.getByRole('link', { name: 'Profile → Subscription' })).toHaveAttribute('href', '/profile#subscription')
    expect(screen.getByText(/until the end of the period you've already paid for/i)).toBeVisible()
  })

  it('answers how often prices are checked on each plan', async () => {
    const user = userEvent.setup()
    renderPage(<FaqPage />)
    await user.click(screen.getByRole('button', { name: /how often do you check prices/i }))
    expect(screen.getByText(/every 15 days/i)).toBeVisible()
    expect(screen.getByText(/at least every 12 hours/i)).toBeVisible()
    expect(screen.getByText(/custom frequencies, down to every 15 minutes/i)).toBeVisible()
  })
})

describe('PrivacyPage', () => {
  it('covers processors, no selling of data, deletion and the privacy contact', () => {
    renderPage(<PrivacyPage />)
    expect(screen.getByRole('heading', { level: 2, name: 'What we collect' })).toBeInTheDocument()
    expect(screen.getAllByText(/we don't sell your data/i).length).toBeGreaterThan(0)
    expect(screen.getAllByText(/stripe/i).length).toBeGreaterThan(0)
    expect(screen.getByText(/search parameters only/i)).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'profile' })[0]).toHaveAttribute('href', '/profile')
    expect(screen.getAllByRole('link', { name: PRIVACY_EMAIL })[0]).toHaveAttribute('href', `mailto:${PRIVACY_EMAIL}`)
  })

  it('has an in-page table of contents pointing at real sections', () => {
    const { container } = renderPage(<PrivacyPage />)
    const toc = screen.getByRole('navigation', { name: /on this page/i })
    for (const link of within(toc).getAllByRole('link')) {
      const id = link.getAttribute('href')!.slice(1)
      expect(container.querySelector(`#${id}`)).not.toBeNull()
    }
  })
})

describe('TermsPage', () => {
  it('states the key commercial terms', () => {
    renderPage(<TermsPage />)
    expect(screen.getByText(/payments are non-refundable/i)).toBeInTheDocument()
    expect(screen.getByText(/not a guarantee/i)).toBeInTheDocument()
    expect(screen.getByText(/best-effort basis/i)).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Acceptable use' })).toBeInTheDocument()
  })

  it('explains Stripe, the test mode and cancelling from the profile', () => {
    renderPage(<TermsPage />)
    expect(screen.getByText(/processed by stripe/i)).toBeInTheDocument()
    expect(screen.getByText(/payments are simulated/i)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Profile → Subscription' })).toHaveAttribute('href', '/profile#subscription')
  })
})

describe('CookiesPage', () => {
  it('lists every browser storage key with its purpose and lifetime', () => {
    renderPage(<CookiesPage />)
    for (const key of ['Session cookie', `${PRODUCT_SLUG}-theme`, 'search-filters-storage', 'alert-store', 'Sign-in lockout record']) {
      const item = screen.getByRole('heading', { level: 3, name: key }).closest('li')
      expect(item).not.toBeNull()
      expect(within(item!).getByText('Purpose')).toBeInTheDocument()
      expect(within(item!).getByText('Lifetime')).toBeInTheDocument()
    }
    expect(screen.getByText(/HttpOnly, Secure, SameSite=Lax/)).toBeInTheDocument()
    expect(screen.getByText(/third-party cookies, advertising cookies/i)).toBeInTheDocument()
  })
})

describe('ContactPage', () => {
  it('shows the support, sales and privacy addresses as mailto links', () => {
    renderPage(<ContactPage />)
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`)
    expect(screen.getByRole('link', { name: SALES_EMAIL })).toHaveAttribute('href', `mailto:${SALES_EMAIL}`)
    expect(screen.getByRole('link', { name: PRIVACY_EMAIL })).toHaveAttribute('href', `mailto:${PRIVACY_EMAIL}`)
    expect(screen.getByText(/within 1 business day/i)).toBeInTheDocument()
  })

  it('links to the FAQ and the social page', () => {
    renderPage(<ContactPage />)
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq')
    expect(screen.getByRole('link', { name: /opens in a new tab/i })).toHaveAttribute('href', SOCIAL_URL)
  })
})
