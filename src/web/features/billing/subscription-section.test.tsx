import { useQuery } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SubscriptionResponse } from '#shared/billing.ts'
import { goToUrl } from '../../lib/browser-location.ts'
import { useToastStore } from '../../stores/toast-store.ts'
import { quotaQueryOptions } from '../alerts/quota.ts'
import { makeMe, makeQuota } from '../alerts/test-fixtures.tsx'
import { CHECKOUT_TARGET_KEY, rememberCheckoutTarget } from './checkout-target.ts'
import { CONFIRM_PATIENCE_MS, CONFIRM_POLL_MS, PROCESSING_TEXT } from './checkout-confirmation.tsx'
import { pendingPlan, rememberPendingPlan } from '../pricing/pending-plan.ts'
import { SubscriptionSection } from './subscription-section.tsx'
import { makeSubscriptionResponse, paying, renderRoute, serveBillingApi } from './test-fixtures.tsx'

vi.mock('../../lib/browser-location.ts', () => ({ goToUrl: vi.fn() }))

const toasts = () => useToastStore.getState().toasts.map((t) => ({ title: t.title, variant: t.variant }))
const section = async () => within(await screen.findByRole('region', { name: /Subscription/ }))
const location = () => screen.getByTestId('location').textContent

function QuotaReader() {
  const quota = useQuery(quotaQueryOptions)
  return <output aria-label="quota">{quota.data?.tier}</output>
}

function renderSection(path = '/profile') {
  return renderRoute(<SubscriptionSection />, path, { pattern: '/profile' })
}

beforeEach(() => {
  useToastStore.setState({ toasts: [] })
  sessionStorage.clear()
  vi.mocked(goToUrl).mockReset()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('Subscription section', () => {
  it('free: the Free plan and what it includes, test mode, the upgrade cards and an empty history', async () => {
    serveBillingApi()
    renderSection()
    const s = await section()
    expect(await s.findByText('Free plan')).toBeInTheDocument()
    expect(s.getByRole('list', { name: 'Free includes' })).toHaveTextContent('Up to 3 price alerts')
    expect(s.getByRole('note', { name: 'Test mode' })).toHaveTextContent('Test mode: no real payment')
    expect(within(s.getByRole('article', { name: 'Premium' })).getByRole('button', { name: 'Get Premium' })).toBeEnabled()
    expect(s.queryByRole('button', { name: 'Manage billing' })).toBeNull()
    expect(s.queryByRole('button', { name: 'Cancel plan' })).toBeNull()
    expect(await s.findByText(/No billing activity yet/)).toBeInTheDocument()
  })

  it('active: plan and price, Active, "Renews on", the card, and the history', async () => {
    serveBillingApi({
      subscription: paying(),
      history: [
        { id: 'h1', kind: 'subscription_started', from_tier: null, to_tier: null, price_id: 'premium_monthly', period_end: null, created_at: '2026-11-25T12:00:00.000Z' },
      ],
    })
    renderSection()
    const s = await section()
    expect(await s.findByText('Renews on Dec 25, 2026')).toBeInTheDocument()
    expect(s.getByRole('group', { name: 'Your plan' })).toHaveTextContent(/^Premium\$3\.99\/monthRenews on Dec 25, 2026/)
    expect(s.getByText('Active', { exact: true })).toBeInTheDocument()
    expect(s.getByText('Visa •••• 4242')).toBeInTheDocument()
    const history = await s.findByRole('list', { name: 'Billing history' })
    expect(within(history).getByRole('listitem')).toHaveTextContent('Nov 25, 2026Subscribed to Premium · monthly')
  })

  it('opens Manage billing in the provider\'s portal', async () => {
    const user = userEvent.setup()
    const api = serveBillingApi({
      subscription: paying(),
      answer: ({ url }) => (url === '/api/billing/portal' ? Response.json({ url: 'http://localhost/billing/portal?session=bps_1' }) : undefined),
    })
    renderSection()
    const s = await section()
    await user.click(await s.findByRole('button', { name: 'Manage billing' }))
    await waitFor(() => expect(goToUrl).toHaveBeenCalledWith('http://localhost/billing/portal?session=bps_1'))
    expect(api.made('POST', '/api/billing/portal')[0]!.body).toEqual({ returnUrl: '/profile' })
  })

  it('says "Failed to create billing portal session" when the portal cannot open', async () => {
    const user = userEvent.setup()
    serveBillingApi({
      subscription: paying(),
      answer: ({ url }) =>
        url === '/api/billing/portal'
          ? Response.json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, { status: 500 })
          : undefined,
    })
    renderSection()
    const s = await section()
    await user.click(await s.findByRole('button', { name: 'Manage billing' }))
    await waitFor(() => expect(toasts()).toEqual([{ title: 'Failed to create billing portal session', variant: 'error' }]))
    expect(s.getByRole('button', { name: 'Manage billing' })).toBeEnabled()
    expect(goToUrl).not.toHaveBeenCalled()
  })

  it('cancels soon: "Cancels on …" with Reactivate, which reactivates', async () => {
    const user = userEvent.setup()
    let current = paying({ cancel_at_period_end: true })
    const api = serveBillingApi({
      subscription: () => current,
      answer: ({ url, method }) => {
        if (method !== 'POST' || url !== '/api/billing/reactivate') return undefined
        current = paying()
        return Response.json({ subscription: current.subscription })
      },
    })
    renderSection()
    const s = await section()
    expect(await s.findByText('Cancels on Dec 25, 2026. Premium stays active until then.')).toBeInTheDocument()
    expect(s.getByText('Cancels soon')).toBeInTheDocument()
    await user.click(s.getByRole('button', { name: 'Reactivate' }))
    expect(await s.findByText('Renews on Dec 25, 2026')).toBeInTheDocument()
    expect(api.made('POST', '/api/billing/reactivate')).toHaveLength(1)
    expect(toasts()).toContainEqual({ title: 'Premium plan reactivated', variant: 'success' })
  })

  it('says "Failed to reactivate subscription" when that fails', async () => {
    const user = userEvent.setup()
    serveBillingApi({
      subscription: paying({ cancel_at_period_end: true }),
      answer: ({ url }) => (url === '/api/billing/reactivate' ? new Response(null, { status: 503 }) : undefined),
    })
    renderSection()
    const s = await section()
    await user.click(await s.findByRole('button', { name: 'Reactivate' }))
    await waitFor(() => expect(toasts()).toEqual([{ title: 'Failed to reactivate subscription', variant: 'error' }]))
  })

  it('past due: "Payment failed" and how to fix it', async () => {
    serveBillingApi({ subscription: paying({ status: 'past_due' }) })
    renderSection()
    const s = await section()
    expect(await s.findByText('Payment failed')).toBeInTheDocument()
    expect(s.getByRole('alert')).toHaveTextContent('Your last payment for Premium failed.Update your card in Manage billing')
  })

  it('an admin-granted Unlimited plan: set up by the team, nothing to cancel, manage or buy', async () => {
    serveBillingApi({ subscription: makeSubscriptionResponse({ role: 'unlimited', subscription_tier: 'unlimited' }) })
    renderSection()
    const s = await section()
    expect(await s.findByText('Unlimited')).toBeInTheDocument()
    expect(s.getByText(/Your plan was set up by the FareDrop team/)).toBeInTheDocument()
    expect(s.queryByRole('button', { name: /Cancel plan|Manage billing/ })).toBeNull()
    expect(s.queryByRole('article')).toBeNull()
  })
})

describe('the cancel confirmation', () => {
  it('says what the period end does with this user’s alerts, then cancels', async () => {
    const user = userEvent.setup()
    let current: SubscriptionResponse = paying({ price_id: 'elite_monthly' })
    const api = serveBillingApi({
      subscription: () => current,
      quota: makeQuota({ used: 5, active: 5, limit: 30, tier: 'elite', isPremiumUser: true }),
      answer: ({ url, method }) => {
        if (method !== 'POST' || url !== '/api/billing/cancel') return undefined
        current = paying({ price_id: 'elite_monthly', cancel_at_period_end: true })
        return Response.json({ subscription: current.subscription })
      },
    })
    renderSection()
    const s = await section()
    await user.click(await s.findByRole('button', { name: 'Cancel plan' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your Elite plan?' })
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        'On Dec 25, 2026 your plan returns to Free: 2 of your 5 alerts will be paused (the newest; nothing is deleted), WhatsApp, SMS and push notices switch off, and checks slow to every 15 days.',
      ),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(api.made('POST', '/api/billing/cancel')).toHaveLength(1)
    expect(await s.findByText('Cancels on Dec 25, 2026. Elite stays active until then.')).toBeInTheDocument()
    expect(toasts()).toContainEqual({ title: 'Elite plan cancelled', variant: 'success' })
  })

  it('opens from "Downgrade to Free" too, and keeping the plan changes nothing', async () => {
    const user = userEvent.setup()
    const api = serveBillingApi({ subscription: paying() })
    renderSection()
    const s = await section()
    await user.click(await within(await s.findByRole('article', { name: 'Free' })).findByRole('button', { name: 'Downgrade to Free' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your Premium plan?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep Premium' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(api.made('POST', '/api/billing/cancel')).toHaveLength(0)
  })
})

describe('the plan chosen before signing in (?plan=)', () => {
  it('highlights it, offers checkout, and forgets the stored choice', async () => {
    const user = userEvent.setup()
    rememberPendingPlan('premium_yearly')
    const api = serveBillingApi({
      answer: ({ url }) => (url === '/api/billing/checkout' ? Response.json({ sessionId: 'cs_1', url: 'http://localhost/billing/checkout/cs_1' }) : undefined),
    })
    renderSection('/profile?plan=premium_yearly#subscription')
    const s = await section()
    expect(await s.findByText('You chose Premium · yearly. Continue to checkout.')).toBeInTheDocument()
    const premium = within(s.getByRole('article', { name: 'Premium' }))
    expect(premium.getByText('Your choice')).toBeInTheDocument()
    expect(premium.getByText('$36')).toBeInTheDocument()
    expect(pendingPlan()).toBeNull()

    await user.click(s.getByRole('button', { name: 'Continue to checkout' }))
    await waitFor(() => expect(goToUrl).toHaveBeenCalledWith('http://localhost/billing/checkout/cs_1'))
    expect(api.made('POST', '/api/billing/checkout')[0]!.body).toMatchObject({ priceId: 'premium_yearly' })
  })

  it('for a paying user offers the switch instead, and can be dismissed', async () => {
    const user = userEvent.setup()
    serveBillingApi({ subscription: paying() })
    renderSection('/profile?plan=elite_monthly#subscription')
    const s = await section()
    expect(await s.findByText('You chose Elite · monthly. You pay for Premium · monthly now.')).toBeInTheDocument()
    expect(s.getAllByRole('button', { name: 'Switch to Elite' })).toHaveLength(2)
    await user.click(s.getByRole('button', { name: 'Dismiss plan choice' }))
    expect(s.queryByText(/You chose Elite/)).toBeNull()
    expect(location()).toBe('/profile#subscription')
  })
})

/** The next polls come on the page's clock: skipped ahead, instead of waited for. */
const afterPolls = (count: number) => act(() => vi.advanceTimersByTimeAsync(count * CONFIRM_POLL_MS))

describe('after checkout (?success=true)', () => {
  it('polls until the bought price shows, then says what it unlocks and refreshes quota and viewer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    rememberCheckoutTarget('premium_monthly')
    let reads = 0
    const api = serveBillingApi({
      me: makeMe('free'),
      // The webhook lands after a few reads.
      subscription: () => (++reads < 3 ? makeSubscriptionResponse() : paying()),
    })
    // The Alerts badge in the navigation reads the quota too.
    renderRoute(
      <>
        <SubscriptionSection />
        <QuotaReader />
      </>,
      '/profile?success=true',
      { pattern: '/profile' },
    )
    const s = await section()
    expect(await s.findByText('Confirming your payment…')).toBeInTheDocument()
    const sessionReads = api.made('GET', '/api/session').length
    await afterPolls(3)
    expect(
      await s.findByText(
        'Premium is active: up to 15 price alerts, checks every 12 hours, email and WhatsApp notifications, international business and first class alerts',
      ),
    ).toBeInTheDocument()
    expect(reads).toBeGreaterThanOrEqual(3)
    await waitFor(() => expect(location()).toBe('/profile'))
    // Caps and channels update everywhere: the quota and the viewer are read again.
    await waitFor(() => expect(api.made('GET', '/api/alerts/quota')).toHaveLength(2))
    expect(api.made('GET', '/api/session').length).toBeGreaterThan(sessionReads)
    expect(sessionStorage.getItem(CHECKOUT_TARGET_KEY)).toBeNull()
    // No more polling once confirmed.
    const settledReads = reads
    await afterPolls(2)
    expect(reads).toBeLessThanOrEqual(settledReads + 1)
  })

  it('waits for the stored price, not just any subscription (a switch)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    rememberCheckoutTarget('elite_monthly')
    let reads = 0
    serveBillingApi({ subscription: () => (++reads < 2 ? paying() : paying({ price_id: 'elite_monthly' })) })
    renderSection('/profile?success=true#subscription')
    const s = await section()
    await s.findByText('Confirming your payment…')
    expect(s.queryByText(/^Elite is active/)).not.toBeInTheDocument()
    await afterPolls(2)
    expect(await s.findByText(/^Elite is active: up to 30 price alerts/)).toBeInTheDocument()
    await waitFor(() => expect(location()).toBe('/profile#subscription'))
  })

  it('after a minute without the change, says the payment is being processed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    rememberCheckoutTarget('premium_monthly')
    serveBillingApi()
    renderSection('/profile?success=true')
    const s = await section()
    expect(await s.findByText('Confirming your payment…')).toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFIRM_PATIENCE_MS + 100)
    })
    expect(await s.findByText(PROCESSING_TEXT)).toBeInTheDocument()
    await waitFor(() => expect(location()).toBe('/profile'))
  })
})
