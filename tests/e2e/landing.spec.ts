// Public pages only: each test reuses its worker's tab (fixtures.ts, `visit`).
import { expect, visit as test } from './fixtures.ts'

test.describe('landing page', () => {
  test('shows the hero, six features, three steps, four plans and the footer', async ({ tab: page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Get instant alerts when flight prices drop.' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Sign In to Create Alerts' })).toHaveAttribute('href', '/auth')
    for (const title of ['Smart Alerts', 'Real-time Monitoring', 'Precise Targeting', 'Secure & Private', 'Global Coverage', 'Flexible Timing']) {
      await expect(page.locator('#features').getByRole('heading', { name: title })).toBeVisible()
    }
    const steps = page.locator('#how-it-works ol > li')
    await expect(steps).toHaveCount(3)
    await expect(steps.nth(0)).toContainText('Search with 20+ customisations')
    await expect(steps.nth(1)).toContainText('Set a price alert')
    await expect(steps.nth(2)).toContainText('Save when the price drops')
    await expect(page.locator('#pricing article')).toHaveCount(4)
    await expect(page.getByText('© 2024 FareDrop. All rights reserved.')).toBeVisible()
  })

  test('switches plan prices between monthly and yearly', async ({ tab: page }) => {
    await page.goto('/')
    const pricing = page.locator('#pricing')
    const premium = pricing.getByRole('article', { name: 'Premium' })
    const elite = pricing.getByRole('article', { name: 'Elite' })
    await expect(premium).toContainText('$3.99/month')
    await expect(elite).toContainText('$7.99/month')
    await expect(premium.getByText('Most Popular')).toBeVisible()

    const yearly = pricing.getByRole('radio', { name: /Yearly/ })
    await expect(yearly).toContainText('Save 25%')
    await yearly.click()
    await expect(premium).toContainText('$36/year ($3/month)')
    await expect(premium).toContainText('Save $11.88 a year')
    await expect(elite).toContainText('$72/year ($6/month)')
    await expect(elite).toContainText('Save $23.88 a year')
    await expect(pricing.getByRole('article', { name: 'Free' })).toContainText('$0forever')

    await pricing.getByRole('radio', { name: 'Monthly' }).click()
    await expect(premium).toContainText('$3.99/month')
    await expect(pricing.getByText('Subscriptions are billed in advance and are non-refundable.')).toBeVisible()
    await expect(
      pricing.getByText('Unlimited alerts are subject to reasonable use to ensure reliability for all customers.'),
    ).toBeVisible()
  })

  test('shows disabled features struck through', async ({ tab: page }) => {
    await page.goto('/')
    const struck = page.locator('#pricing').getByRole('article', { name: 'Free' }).locator('.line-through')
    await expect(struck.first()).toContainText('WhatsApp, SMS and push notifications')
    await expect(struck.first()).toHaveCSS('text-decoration-line', 'line-through')
  })

  test('Free goes to search, a paid plan asks a visitor to sign in, Unlimited writes to sales', async ({ tab: page }) => {
    await page.goto('/')
    const pricing = page.locator('#pricing')
    await expect(pricing.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', /^mailto:sales@faredrop\.app/)

    await pricing.getByRole('button', { name: 'Get Premium' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByText('Please sign in to continue', { exact: true })).toBeVisible()

    await page.goto('/')
    await page.locator('#pricing').getByRole('button', { name: 'Start Free' }).click()
    await expect(page).toHaveURL(/\/search$/)
  })

  test('/home shows the same page family', async ({ tab: page }) => {
    await page.goto('/home')
    await expect(page.getByRole('heading', { level: 1, name: 'Get instant alerts when flight prices drop.' })).toBeVisible()
  })
})
