import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BILLING_MESSAGES } from '#shared/billing-messages.ts'
import { goToUrl } from '../../lib/browser-location.ts'
import { useToastStore } from '../../stores/toast-store.ts'
import { deferred, makeMe } from '../alerts/test-fixtures.tsx'
import { CHECKOUT_TARGET_KEY } from '../billing/checkout-target.ts'
import { pendingPlan } from './pending-plan.ts'
import { makeSubscription, renderRoute, serveBillingApi } from '../billing/test-fixtures.tsx'
import { usePlanCheckout } from '../billing/use-plan-checkout.ts'
import { PricingPlans } from './pricing-plans.tsx'

vi.mock('../../lib/browser-location.ts', () => ({ goToUrl: vi.fn() }))

const toasts = () => useToastStore.getState().toasts.map((t) => ({ title: t.title, variant: t.variant }))
const card = (name: string) => within(screen.getByRole('article', { name }))
const location = () => screen.getByTestId('location').textContent

beforeEach(() => {
  useToastStore.setState({ toasts: [] })
  sessionStorage.clear()
  vi.mocked(goToUrl).mockReset()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the public pricing section', () => {
  it('asks a signed-out visitor to sign in, remembering the chosen price', async () => {
    const user = userEvent.setup()
    serveBillingApi({ answer: ({ url }) => (url === '/api/session' ? Response.json({ user: null }) : undefined) })
    renderRoute(<PricingPlans />, '/')
    await user.click(screen.getByRole('radio', { name: /Yearly/ }))
    // The year's price, and what a month comes to billed yearly (issue 16).
    expect(card('Premium').getByText('/year ($3/month)')).toBeInTheDocument()
    expect(card('Elite').getByText('/year ($6/month)')).toBeInTheDocument()
    await user.click(card('Premium').getByRole('button', { name: 'Get Premium' }))
    expect(toasts()).toEqual([{ title: 'Please sign in to continue', variant: 'info' }])
    expect(location()).toBe('/auth')
    expect(pendingPlan()).toBe('premium_yearly')
  })

  it('sends a signed-in user to the plan choice on the profile', async () => {
    const user = userEvent.setup()
    serveBillingApi()
    renderRoute(<PricingPlans />, '/home', { signedIn: makeMe() })
    await user.click(card('Elite').getByRole('button', { name: 'Get Elite' }))
    expect(location()).toBe('/profile?plan=elite_monthly#subscription')
    expect(toasts()).toEqual([])
    expect(pendingPlan()).toBeNull()
  })

  it('sends Free to the search and Unlimited to sales', async () => {
    const user = userEvent.setup()
    serveBillingApi()
    renderRoute(<PricingPlans />, '/')
    expect(card('Unlimited').getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', expect.stringMatching(/^mailto:sales@/))
    await user.click(card('Free').getByRole('button', { name: 'Start Free' }))
    expect(location()).toBe('/search')
  })
})

/** The embedded cards as the profile wires them. */
function Embedded({ subscription = null }: { subscription?: ReturnType<typeof makeSubscription> | null }) {
  const checkout = usePlanCheckout()
  return <PricingPlans embedded subscription={subscription} checkout={checkout} onDowngrade={() => useToastStore.getState().show({ title: 'downgrade' })} />
}

describe('the embedded plan cards (profile)', () => {
  it('starts checkout for the chosen price: its button is busy until the call returns, then the browser leaves', async () => {
    const user = userEvent.setup()
    const answer = deferred()
    const api = serveBillingApi({ answer: ({ url }) => (url === '/api/billing/checkout' ? answer.promise : undefined) })
    renderRoute(<Embedded />, '/profile')
    expect(card('Free').getByRole('button', { name: 'Current plan' })).toBeDisabled()

    await user.click(card('Premium').getByRole('button', { name: 'Get Premium' }))
    const premium = card('Premium').getByRole('button', { name: 'Get Premium' })
    expect(premium).toHaveAttribute('aria-busy', 'true')
    expect(premium).toBeDisabled()
    expect(card('Elite').getByRole('button', { name: 'Get Elite' })).not.toHaveAttribute('aria-busy')
    expect(api.made('POST', '/api/billing/checkout')[0]!.body).toEqual({ priceId: 'premium_monthly', cancelUrl: '/profile?plan=premium_monthly' })
    // The success banner will wait for this price.
    expect(sessionStorage.getItem(CHECKOUT_TARGET_KEY)).toBe('premium_monthly')

    answer.release(Response.json({ sessionId: 'cs_1', url: 'http://localhost/billing/checkout/cs_1' }))
    await waitFor(() => expect(goToUrl).toHaveBeenCalledWith('http://localhost/billing/checkout/cs_1'))
  })

  it('toasts the server message, or "Failed to start checkout" when there is none', async () => {
    const user = userEvent.setup()
    let reply = Response.json({ error: { code: 'bad_request', message: BILLING_MESSAGES.planUnavailable } }, { status: 400 })
    serveBillingApi({ answer: ({ url }) => (url === '/api/billing/checkout' ? reply.clone() : undefined) })
    renderRoute(<Embedded />, '/profile')

    await user.click(card('Elite').getByRole('button', { name: 'Get Elite' }))
    await waitFor(() => expect(toasts()).toEqual([{ title: 'This plan is not yet available. Please check back soon!', variant: 'error' }]))
    expect(card('Elite').getByRole('button', { name: 'Get Elite' })).toBeEnabled()
    expect(sessionStorage.getItem(CHECKOUT_TARGET_KEY)).toBeNull()

    useToastStore.setState({ toasts: [] })
    reply = new Response('<html>Bad gateway</html>', { status: 502 })
    await user.click(card('Elite').getByRole('button', { name: 'Get Elite' }))
    await waitFor(() => expect(toasts()).toEqual([{ title: 'Failed to start checkout', variant: 'error' }]))
    expect(goToUrl).not.toHaveBeenCalled()
  })

  it('for a paying user: the current price, switches through the portal, and Free as a downgrade', async () => {
    const user = userEvent.setup()
    const api = serveBillingApi({
      answer: ({ url }) => (url === '/api/billing/portal' ? Response.json({ url: 'http://localhost/billing/portal?session=bps_1' }) : undefined),
    })
    renderRoute(<Embedded subscription={makeSubscription({ price_id: 'premium_monthly' })} />, '/profile')
    expect(card('Premium').getByRole('button', { name: 'Current plan' })).toBeDisabled()
    expect(card('Free').getByRole('button', { name: 'Downgrade to Free' })).toBeEnabled()

    await user.click(screen.getByRole('radio', { name: /Yearly/ }))
    expect(card('Premium').getByRole('button', { name: 'Switch to yearly' })).toBeEnabled()
    await user.click(card('Elite').getByRole('button', { name: 'Switch to Elite' }))
    await waitFor(() => expect(goToUrl).toHaveBeenCalledWith('http://localhost/billing/portal?session=bps_1'))
    expect(api.made('POST', '/api/billing/portal')[0]!.body).toEqual({ priceId: 'elite_yearly', returnUrl: '/profile?success=true' })
    expect(sessionStorage.getItem(CHECKOUT_TARGET_KEY)).toBe('elite_yearly')

    await user.click(card('Free').getByRole('button', { name: 'Downgrade to Free' }))
    expect(toasts()).toContainEqual({ title: 'downgrade', variant: 'default' })
  })

  it('shows a scheduled downgrade as such', () => {
    serveBillingApi({ me: makeMe('premium') })
    renderRoute(<Embedded subscription={makeSubscription({ cancel_at_period_end: true })} />, '/profile')
    expect(card('Free').getByRole('button', { name: 'Downgrade scheduled' })).toBeDisabled()
  })
})
