import { expect, sectionTop, test } from './fixtures.ts'

test.use({ viewport: { width: 375, height: 812 } })

test.describe('mobile navigation', () => {
  test('the drawer is 280px wide, mirrors the navigation and closes after a section link', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog')
    await expect(drawer).toBeVisible()
    expect((await drawer.boundingBox())?.width).toBe(280)
    await expect(drawer.getByRole('navigation', { name: 'Mobile' }).getByRole('link')).toHaveText(['Features', 'How It Works', 'Pricing'])
    await expect(drawer.getByRole('link', { name: 'Sign In' })).toBeVisible()

    await drawer.getByRole('link', { name: 'Pricing' }).click()
    await expect(drawer).toBeHidden()
    // A smooth scroll: slow when the machine is busy.
    await expect.poll(() => sectionTop(page, 'pricing'), { timeout: 15_000 }).toBe(80)
  })

  test('the drawer closes on a route change', async ({ page }) => {
    await page.goto('/faq')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog')
    await drawer.getByRole('link', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(drawer).toBeHidden()
  })

  test('the landing page fits a 375px screen without sideways scrolling', async ({ page }) => {
    await page.goto('/')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })
})
