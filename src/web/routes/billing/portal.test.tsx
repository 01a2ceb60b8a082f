import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SubscriptionResponse } from '#shared/billing.ts'
import type { LocalPortalView } from '#shared/billing.ts'
import { CHECKOUT_TARGET_KEY, rememberCheckoutTarget } from '../../features/billing/checkout-target.ts'
import { paying, renderRoute, serveBillingApi } from '../../features/billing/test-fixtures.tsx'
import { useToastStore } from '../../stores/toast-store.ts'
import BillingPortalPage from './portal.tsx'

const SESSION = 'bps_test_local_abc'

function makePortal(overrides: Partial<LocalPortalView> = {}): LocalPortalView {
  return { id: SESSION, expired: false, return_path: '/profile?success=true', switch_to: null, ...overrides }
}

function servePortal(portal: LocalPortalView, options: { subscription?: () => SubscriptionResponse; switchTo?: (body: unknown) => Response } = {}) {
  return serveBillingApi({
    subscription: options.subscription ?? paying(),
    answer: ({ url, method, body }) => {
      if (method === 'GET' && url === `/api/billing/local/portal/${SESSION}`) return Response.json({ portal })
      if (method === 'POST' && url === `/api/billing/local/portal/${SESSION}/switch` && options.switchTo) return options.switchTo(body)
      return undefined
    },
  })
}

const renderPortal = (path = `/billing/portal?session=${SESSION}`) => renderRoute(<BillingPortalPage />, path)
const card = (name: string) => within(screen.getByRole('heading', { level: 2, name }).closest('.rounded-xl') as HTMLElement)

beforeEach(() => {
  useToastStore.setState({ toasts: [] })
  sessionStorage.clear()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the test billing portal', () => {
  it('opened for a switch: starts on that price and says what the switch does before confirming', async () => {
    const user = userEvent.setup()
    rememberCheckoutTarget('elite_monthly')
    let current = paying()
    const api = servePortal(makePortal({ switch_to: 'elite_monthly' }), {
      subscription: () => current,
      switchTo: (body) => {
        current = paying({ price_id: (body as { priceId: 'elite_yearly' }).priceId })
        return Response.json({ subscription: current.subscription })
      },
    })
    renderPortal()
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage your plan' })).toBeInTheDocument()
    expect(screen.getByRole('note', { name: 'Test mode' })).toHaveTextContent('Test mode: no real payment')
    expect(await screen.findByRole('radio', { name: /Elite · monthly/ })).toBeChecked()
    expect(within(screen.getByRole('radio', { name: /Premium · monthly/ }).closest('label')!).getByText('Current plan')).toBeInTheDocument()
    expect(
      screen.getByText('Switch from Premium · monthly to Elite · monthly: $7.99 per month, starting today (test mode: no charge)'),
    ).toBeInTheDocument()

    // Another price changes the summary; keeping the current plan hides it.
    await user.click(screen.getByRole('radio', { name: /Elite · yearly/ }))
    expect(screen.getByText('Switch from Premium · monthly to Elite · yearly: $72 per year, starting today (test mode: no charge)')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirm switch' }))
    await waitFor(() => expect(api.made('POST', `/api/billing/local/portal/${SESSION}/switch`)).toHaveLength(1))
    expect(api.made('POST', `/api/billing/local/portal/${SESSION}/switch`)[0]!.body).toEqual({ priceId: 'elite_yearly' })
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.title)).toContain('Switched to Elite · yearly'))
    // The profile's banner waits for the price chosen here.
    expect(sessionStorage.getItem(CHECKOUT_TARGET_KEY)).toBe('elite_yearly')
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm switch' })).toBeNull())
    expect(screen.getByRole('link', { name: 'Return to FareDrop' })).toHaveAttribute('href', '/profile?success=true')
  })

  it('shows nothing to confirm until another price is picked, and returns without the success banner', async () => {
    const user = userEvent.setup()
    rememberCheckoutTarget('elite_monthly')
    servePortal(makePortal())
    renderPortal()
    expect(await screen.findByRole('radio', { name: /Premium · monthly/ })).toBeChecked()
    expect(screen.queryByRole('button', { name: 'Confirm switch' })).toBeNull()
    await user.click(screen.getByRole('radio', { name: /Premium · yearly/ }))
    await user.click(screen.getByRole('button', { name: 'Keep current plan' }))
    expect(screen.getByRole('radio', { name: /Premium · monthly/ })).toBeChecked()
    expect(screen.queryByRole('button', { name: 'Confirm switch' })).toBeNull()

    const back = screen.getByRole('link', { name: 'Return to FareDrop' })
    expect(back).toHaveAttribute('href', '/profile')
    await user.click(back)
    expect(sessionStorage.getItem(CHECKOUT_TARGET_KEY)).toBeNull()
  })

  it('shows the card, the plan period and the cancel confirmation', async () => {
    const user = userEvent.setup()
    servePortal(makePortal())
    renderPortal()
    await screen.findByRole('heading', { level: 2, name: 'Payment method' })
    expect(card('Payment method').getByText('Visa •••• 4242')).toBeInTheDocument()
    expect(card('Current plan').getByText('Renews on Dec 25, 2026')).toBeInTheDocument()
    await user.click(card('Current plan').getByRole('button', { name: 'Cancel plan' }))
    expect(await screen.findByRole('alertdialog', { name: 'Cancel your Premium plan?' })).toBeInTheDocument()
  })

  it('explains an expired or unknown billing page', async () => {
    servePortal(makePortal({ expired: true }))
    const { unmount } = renderPortal()
    expect(await screen.findByRole('heading', { level: 1, name: 'This billing page has expired' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to your subscription' })).toHaveAttribute('href', '/profile#subscription')
    unmount()

    renderPortal('/billing/portal')
    expect(await screen.findByRole('heading', { level: 1, name: "This billing page isn't available" })).toBeInTheDocument()
  })
})
