import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LocalCheckoutView } from '#shared/billing.ts'
import { renderRoute, serveBillingApi } from '../../features/billing/test-fixtures.tsx'
import BillingCheckoutPage from './checkout.tsx'

const SESSION = 'cs_test_local_abc'

function makeCheckout(overrides: Partial<LocalCheckoutView> = {}): LocalCheckoutView {
  return {
    id: SESSION,
    status: 'open',
    price: { id: 'premium_monthly', plan: 'premium', interval: 'month', amount: 3.99, currency: 'usd', planName: 'Premium' },
    email: 'ana@example.com',
    expires_at: '2026-11-26T12:00:00.000Z',
    cancel_path: '/profile?plan=premium_monthly',
    ...overrides,
  }
}

function serveCheckout(checkout: LocalCheckoutView, pay?: (body: unknown) => Response) {
  return serveBillingApi({
    answer: ({ url, method, body }) => {
      if (method === 'GET' && url === `/api/billing/local/checkout/${SESSION}`) return Response.json({ checkout })
      if (method === 'POST' && url === `/api/billing/local/checkout/${SESSION}/pay` && pay) return pay(body)
      return undefined
    },
  })
}

function renderCheckout() {
  return renderRoute(<BillingCheckoutPage />, `/billing/checkout/${SESSION}`, { pattern: '/billing/checkout/:sessionId' })
}

const form = () => within(screen.getByRole('form', { name: 'Card details' }))

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the test checkout page', () => {
  it('shows the order like a hosted checkout, in test mode, for the signed-in account', async () => {
    serveCheckout(makeCheckout())
    renderCheckout()
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscribe to Premium' })).toBeInTheDocument()
    expect(screen.getByText('$3.99', { selector: 'span' })).toBeInTheDocument()
    expect(screen.getByText('per month')).toBeInTheDocument()
    expect(screen.getByText('Billed monthly')).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Premium includes' })).toHaveTextContent('Up to 15 price alerts')
    expect(screen.getByRole('note', { name: 'Test mode' })).toHaveTextContent('Test mode: no real payment')
    expect(form().getByLabelText('Email')).toHaveValue('ana@example.com')
    expect(form().getByLabelText('Email')).toHaveAttribute('readonly')
    expect(screen.getByRole('link', { name: 'Back to FareDrop' })).toHaveAttribute('href', '/profile?plan=premium_monthly')
    expect(within(screen.getByRole('list', { name: 'Test cards' })).getAllByRole('listitem')).toHaveLength(5)
  })

  it('checks the card with the server’s messages before paying, and spaces the number as it is typed', async () => {
    const user = userEvent.setup()
    const api = serveCheckout(makeCheckout())
    renderCheckout()
    await screen.findByRole('form', { name: 'Card details' })
    await user.click(form().getByRole('button', { name: 'Subscribe' }))
    expect(await form().findByText('Your card number is incomplete.')).toBeInTheDocument()
    expect(form().getByText("Your card's expiration date is incomplete.")).toBeInTheDocument()
    expect(form().getByText("Your card's security code is incomplete.")).toBeInTheDocument()
    expect(form().getByText('Enter the name on your card.')).toBeInTheDocument()

    await user.type(form().getByLabelText('Card number'), '4242424242424241')
    expect(form().getByLabelText('Card number')).toHaveValue('4242 4242 4242 4241')
    expect(await form().findByText('Your card number is invalid.')).toBeInTheDocument()
    await user.type(form().getByLabelText('Expiry'), '0120')
    expect(form().getByLabelText('Expiry')).toHaveValue('01 / 20')
    expect(await form().findByText("Your card's expiration date is in the past.")).toBeInTheDocument()
    await user.type(form().getByLabelText('CVC'), '12a3')
    expect(form().getByLabelText('CVC')).toHaveValue('123')
    expect(api.made('POST', '/api/billing/local/checkout')).toHaveLength(0)
  })

  it('shows a decline in an alert, then pays with a good card and goes to the success address', async () => {
    const user = userEvent.setup()
    const api = serveCheckout(makeCheckout(), (body) =>
      (body as { number: string }).number === '4000000000000002'
        ? Response.json({ error: { code: 'payment_failed', message: 'Your card was declined.', fieldErrors: { number: ['Your card was declined.'] } } }, { status: 402 })
        : Response.json({ redirect_path: '/profile?success=true' }),
    )
    renderCheckout()
    await user.click(await screen.findByRole('button', { name: /ending 0002/ }))
    expect(form().getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002')
    expect((form().getByLabelText('Expiry') as HTMLInputElement).value).toMatch(/^12 \/ \d\d$/)
    await user.click(form().getByRole('button', { name: 'Subscribe' }))
    expect(await form().findByRole('alert')).toHaveTextContent('Your card was declined.')
    expect(screen.getByTestId('location')).toHaveTextContent(`/billing/checkout/${SESSION}`)

    await user.click(screen.getByRole('button', { name: /ending 4242/ }))
    expect(form().queryByRole('alert')).toBeNull()
    await user.click(form().getByRole('button', { name: 'Subscribe' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile?success=true'))
    expect(api.made('POST', `/api/billing/local/checkout/${SESSION}/pay`).map((c) => c.body)).toEqual([
      { number: '4000000000000002', expiry: expect.any(String), cvc: '123', name: 'Test Traveller' },
      { number: '4242424242424242', expiry: expect.any(String), cvc: '123', name: 'Test Traveller' },
    ])
  })

  it('puts the server’s field errors under their fields', async () => {
    const user = userEvent.setup()
    serveCheckout(makeCheckout(), () =>
      Response.json(
        { error: { code: 'validation_failed', message: 'Invalid card', fieldErrors: { expiry: ["Your card's expiration date is in the past."] } } },
        { status: 400 },
      ),
    )
    renderCheckout()
    await user.click(await screen.findByRole('button', { name: /ending 4242/ }))
    await user.click(form().getByRole('button', { name: 'Subscribe' }))
    expect(await form().findByText("Your card's expiration date is in the past.")).toBeInTheDocument()
    expect(form().getByLabelText('Expiry')).toHaveAttribute('aria-invalid', 'true')
  })

  it('explains an expired or already paid checkout, with the way back to the profile', async () => {
    serveCheckout(makeCheckout({ status: 'expired' }))
    const { unmount } = renderCheckout()
    expect(await screen.findByRole('heading', { level: 1, name: 'This checkout has expired' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to your subscription' })).toHaveAttribute('href', '/profile#subscription')
    unmount()

    serveCheckout(makeCheckout({ status: 'complete' }))
    renderCheckout()
    expect(await screen.findByRole('heading', { level: 1, name: 'This checkout is already paid' })).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull()
  })

  it('says when the checkout does not exist (another account’s, or a server on Stripe)', async () => {
    serveBillingApi({
      answer: ({ url }) =>
        url.startsWith('/api/billing/local/checkout/')
          ? Response.json({ error: { code: 'not_found', message: 'This checkout does not exist or belongs to another account.' } }, { status: 404 })
          : undefined,
    })
    renderCheckout()
    expect(await screen.findByRole('heading', { level: 1, name: "This checkout isn't available" })).toBeInTheDocument()
    expect(screen.getByText('This checkout does not exist or belongs to another account.')).toBeInTheDocument()
  })
})
