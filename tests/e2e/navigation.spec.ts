import { PATHS } from '../../src/shared/routes.ts'
import { expect, sectionTop, test, visit } from './fixtures.ts'

test.describe('top navigation', () => {
  test('shows the section links only on the landing page', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link')).toHaveText(['Features', 'How It Works', 'Pricing'])
    await page.goto('/faq')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(nav.getByRole('link')).toHaveCount(0)
  })

  for (const [label, id] of [
    ['Features', 'features'],
    ['How It Works', 'how-it-works'],
    ['Pricing', 'pricing'],
  ] as const) {
    test(`"${label}" scrolls smoothly to its section, 80px below the top`, async ({ page }) => {
      await page.goto('/')
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click()
      await expect.poll(() => sectionTop(page, id)).toBe(80)
      await expect(page).toHaveURL(/\/$/)
    })
  }

  test('the logo goes home and Sign In goes to /auth', async ({ page }) => {
    await page.goto('/about')
    await page.getByRole('link', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
    await page.getByRole('banner').getByRole('link', { name: 'FareDrop home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('footer links reach the landing sections and the static pages', async ({ page }) => {
    await page.goto('/terms')
    const footer = page.getByRole('contentinfo')
    await footer.getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL(/\/#pricing$/)
    await expect.poll(() => sectionTop(page, 'pricing')).toBe(80)
    await footer.getByRole('link', { name: 'Cookie Policy' }).click()
    await expect(page).toHaveURL(/\/cookies$/)
    await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', 'mailto:support@faredrop.app')
    await expect(footer.getByRole('link', { name: 'FareDrop on X' })).toHaveAttribute('href', /^https:\/\//)
  })
})

test.describe('routes', () => {
  const titles: Record<string, RegExp> = {
    [PATHS.landing]: /Get instant alerts/,
    [PATHS.home]: /Get instant alerts/,
    [PATHS.auth]: /Sign In/,
    [PATHS.authCallback]: /Sign-in failed/,
    [PATHS.search]: /Search flights/,
    [PATHS.alerts]: /Please sign in to access this content\./,
    [PATHS.profile]: /Please sign in to access this content\./,
    [PATHS.admin]: /Please sign in to access this content\./,
    [PATHS.adminDebug]: /Please sign in to access this content\./,
    [PATHS.designSystem]: /Design system/i,
    [PATHS.about]: /FareDrop/,
    [PATHS.faq]: /question/i,
    [PATHS.privacy]: /Privacy/,
    [PATHS.terms]: /Terms/,
    [PATHS.cookies]: /Cookie/,
    [PATHS.verifyEmail]: /This link can.t be used/,
    [PATHS.contact]: /./,
    [PATHS.billingPortal]: /Please sign in to access this content\./,
    '/billing/checkout/cs_test_local_abc': /Please sign in to access this content\./,
  }

  for (const [path, heading] of Object.entries(titles)) {
    visit(`${path} loads with status 200`, async ({ tab }) => {
      const response = await tab.goto(path)
      expect(response?.status()).toBe(200)
      await expect(tab.getByRole('heading', { level: 1 }).first()).toHaveText(heading)
      await expect(tab.getByText('Page Not Found')).toHaveCount(0)
    })
  }

  test('any other path shows the not-found page with a 404 status', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/the server responded with a status of 404/)
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
    await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible()
    await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact')
    await page.getByRole('link', { name: 'Go Home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })
})
