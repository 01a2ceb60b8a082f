import type { Page } from '@playwright/test'
import { PASSWORD, signedIn, signUpAndVerify, solveChallenge, uniqueEmail } from './account-helpers.ts'
import { expectNoAxeViolations, preferColorScheme } from './axe.ts'
import { expect, test } from './fixtures.ts'
import { createAlertByApi, trackRoute } from './alert-helpers.ts'

/**
 * Billing in the local test mode (the server runs without Stripe keys), as a traveller meets it:
 * choose Premium while signed out, sign in, come back to that choice, pay on the test checkout
 * (a declined card first), use what Premium unlocks, then cancel and reactivate.
 */


async function signIn(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(PASSWORD)
  await solveChallenge(page)
  await form.getByRole('button', { name: 'Sign In' }).click()
}

async function payWith(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card details' })
  await form.getByLabel('Card number').fill(number)
  await form.getByLabel('Expiry').fill('1234')
  await form.getByLabel('CVC').fill('123')
  await form.getByLabel('Name on card').fill('Ana Lima')
  await form.getByRole('button', { name: 'Subscribe' }).click()
}

test.describe('billing (local test mode)', () => {
  test.describe.configure({ timeout: 120_000 })

  test('choose Premium signed out → sign in → test checkout (declined, then paid) → Premium limits → cancel → reactivate', async ({
    page,
    request,
    consoleGuard,
  }) => {
    // The declined card is a 402 the page explains; the browser logs the failed request.
    consoleGuard.allow(/status of 402/)
    const email = uniqueEmail('billing')
    await signUpAndVerify(page, request, email)
    // Signed out again, as a visitor reading the pricing (the signed-in page left first, or its
    // late requests answer 401 under it: see accounts.spec.ts askForEmailLink).
    await page.goto('about:blank')
    await page.context().clearCookies()

    await page.goto('/')
    const pricing = page.locator('#pricing')
    await expect(pricing.getByRole('article', { name: 'Premium' })).toContainText('$3.99/month')
    await pricing.getByRole('button', { name: 'Get Premium' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByText('Please sign in to continue', { exact: true })).toBeVisible()

    // After signing in: back to the plan choice, not the alerts.
    await signIn(page, email)
    await expect(page).toHaveURL(/\/profile\?plan=premium_monthly#subscription$/)
    const subscription = page.getByRole('region', { name: 'Subscription' })
    await expect(subscription.getByText('Free plan')).toBeVisible()
    await expect(subscription.getByText('Test mode: no real payment')).toBeVisible()
    await expect(subscription.getByText('You chose Premium · monthly. Continue to checkout.')).toBeVisible()
    await expect(subscription.getByRole('article', { name: 'Premium' }).getByText('Your choice')).toBeVisible()
    await expectNoAxeViolations(page)
    await subscription.getByRole('button', { name: 'Continue to checkout' }).click()

    // The test checkout: order summary, test-mode banner, card form.
    await expect(page).toHaveURL(/\/billing\/checkout\/cs_test_local_[\w-]+$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to Premium' })).toBeVisible()
    await expect(page.getByText('per month', { exact: true })).toBeVisible()
    await expect(page.getByText('Billed monthly')).toBeVisible()
    await expect(page.getByText('Test mode: no real payment')).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue(email)

    await payWith(page, '4000000000000002')
    await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002')
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
    await expect(page).toHaveURL(/\/billing\/checkout\//)
    await preferColorScheme(page, 'dark')
    await expectNoAxeViolations(page)
    await preferColorScheme(page, 'light')

    await page.getByRole('button', { name: /Use Visa test card ending 4242/ }).click()
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Subscribe' }).click()

    // Back on the profile: the banner confirms, and the section shows Premium.
    await expect(page.getByText(/^Premium is active: up to 15 price alerts/)).toBeVisible()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(subscription.getByText('Active', { exact: true })).toBeVisible()
    await expect(subscription.getByRole('group', { name: 'Your plan' })).toContainText('Premium$3.99/month')
    await expect(subscription.getByText(/^Renews on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible()
    await expect(subscription.getByText('Visa •••• 4242')).toBeVisible()
    await expect(subscription.getByRole('article', { name: 'Premium' }).getByRole('button', { name: 'Current plan' })).toBeDisabled()
    await expect(subscription.getByRole('article', { name: 'Elite' }).getByRole('button', { name: 'Switch to Elite' })).toBeEnabled()
    await expect(subscription.getByRole('list', { name: 'Billing history' }).getByText('Subscribed to Premium · monthly')).toBeVisible()
    await expectNoAxeViolations(page)

    // Premium's cap and channels: three alerts through the API, the 4th, with WhatsApp, in the form.
    const origin = new URL(page.url()).origin
    for (const [from, to] of [['JFK', 'LAX'], ['BOS', 'MIA'], ['SEA', 'DEN']] as const) {
      expect((await createAlertByApi(page.request, origin, from, to)).status()).toBe(201)
    }
    const dialog = await trackRoute(page, 'SFO', 'HNL', 30)
    await dialog.getByRole('switch', { name: /WhatsApp/ }).click()
    await expect(dialog.getByRole('switch', { name: /WhatsApp/ })).toBeChecked()
    await dialog.getByRole('button', { name: 'Create alert' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('article').filter({ hasText: 'SFO → HNL Route Alert' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Alerts, 4 active' })).toBeVisible()

    // Cancel: the confirmation says what the period end does, then "Cancels on …".
    await page.goto('/profile#subscription')
    await subscription.getByRole('button', { name: 'Cancel plan' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Cancel your Premium plan?' })
    await expect(confirm).toContainText(
      /On [A-Z][a-z]{2} \d{1,2}, \d{4} your plan returns to Free: 1 of your 4 alerts will be paused \(the newest; nothing is deleted\), WhatsApp notices switch off, and checks slow to every 15 days\./,
    )
    await confirm.getByRole('button', { name: 'Cancel plan' }).click()
    await expect(confirm).toBeHidden()
    await expect(subscription.getByText(/^Cancels on [A-Z][a-z]{2} \d{1,2}, \d{4}\. Premium stays active until then\.$/)).toBeVisible()
    await expect(subscription.getByText('Cancels soon', { exact: true })).toBeVisible()
    await expect(subscription.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Downgrade scheduled' })).toBeDisabled()

    await subscription.getByRole('button', { name: 'Reactivate' }).click()
    await expect(subscription.getByText(/^Renews on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible()
    await expect(subscription.getByText('Active', { exact: true })).toBeVisible()
    await expect(subscription.getByRole('list', { name: 'Billing history' }).getByText(/^Premium · monthly reactivated/)).toBeVisible()
  })

  test('a plan switch opens the test portal on that price and comes back confirmed', async ({ page }) => {
    await signedIn(page, uniqueEmail('switch'))
    await page.goto('/profile?plan=premium_yearly#subscription')
    const subscription = page.getByRole('region', { name: 'Subscription' })
    await subscription.getByRole('button', { name: 'Continue to checkout' }).click()
    await expect(page.getByText('per year', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: /Use Mastercard test card ending 4444/ }).click()
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByText(/^Premium is active/)).toBeVisible()

    await subscription.getByRole('radio', { name: 'Monthly' }).click()
    await subscription.getByRole('article', { name: 'Elite' }).getByRole('button', { name: 'Switch to Elite' }).click()
    await expect(page).toHaveURL(/\/billing\/portal\?session=bps_test_local_/)
    await expect(page.getByRole('heading', { level: 1, name: 'Manage your plan' })).toBeVisible()
    await expect(page.getByRole('radio', { name: /Elite · monthly/ })).toBeChecked()
    await expect(page.getByText('Switch from Premium · yearly to Elite · monthly: $7.99 per month, starting today (test mode: no charge)')).toBeVisible()
    await preferColorScheme(page, 'dark')
    await expectNoAxeViolations(page)
    await preferColorScheme(page, 'light')
    await page.getByRole('button', { name: 'Confirm switch' }).click()
    // The toast says so at once; the portal's billing history, refetched, soon shows the same words.
    await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Switched to Elite · monthly', { exact: true })).toBeVisible()

    await page.getByRole('link', { name: 'Return to FareDrop' }).click()
    await expect(page.getByText(/^Elite is active: up to 30 price alerts/)).toBeVisible()
    await expect(subscription.getByRole('group', { name: 'Your plan' })).toContainText('Elite$7.99/month')
  })
})
