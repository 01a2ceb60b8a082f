import { expectNoAxeViolations } from './axe.ts'
import { expect, test } from './fixtures.ts'

// WCAG 2.1 A/AA rules (contrast included) on the pages every visitor can reach, in both themes.
const PAGES = ['/', '/design-system', '/faq', '/auth', '/alerts', '/no-such-page']

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${colorScheme})`, () => {
    test.use({ colorScheme })
    for (const path of PAGES) {
      test(`${path} has no WCAG A/AA violations`, async ({ page, consoleGuard }) => {
        consoleGuard.allow(/the server responded with a status of 404/)
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
        await expectNoAxeViolations(page)
      })
    }
  })
}
