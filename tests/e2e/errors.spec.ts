import { expect, test, visit } from './fixtures.ts'

test.describe('error fallbacks', () => {
  test('a page whose code fails to load shows the route error screen', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to fetch dynamically imported module|net::ERR_FAILED|Route error|error loading dynamically imported module/i)
    await page.goto('/')
    await page.route(/\/assets\/faq-[\w-]+\.js$/, (route) => route.abort())
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Something went wrong' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible()

    await page.unroute(/\/assets\/faq-[\w-]+\.js$/)
    await page.getByRole('button', { name: 'Refresh Page' }).click()
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Oops! Something went wrong')
  })

  visit('signed-out visitors of gated pages are asked to sign in', async ({ tab: page }) => {
    for (const path of ['/alerts', '/profile', '/admin', '/admin/debug']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: 'Please sign in to access this content.' })).toBeVisible()
      await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth')
    }
  })
})
