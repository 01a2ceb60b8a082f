import { expectNoAxeViolations } from './axe.ts'
import { expect, visit as test } from './fixtures.ts'

// WCAG 2.1 A/AA rules (contrast included) on the pages every visitor can reach, in both themes.
const PAGES = ['/', '/design-system', '/faq', '/auth', '/alerts', '/no-such-page']

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${colorScheme})`, () => {
    for (const path of PAGES) {
      test(`${path} has no WCAG A/AA violations`, async ({ tab, consoleGuard }) => {
        consoleGuard.allow(/the server responded with a status of 404/)
        // Emulated before the page loads, as a visitor's system setting is.
        await tab.emulateMedia({ colorScheme })
        await tab.goto(path)
        await expect(tab.getByRole('heading', { level: 1 }).first()).toBeVisible()
        await expect(tab.locator('html')).toHaveClass(colorScheme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/)
        await expectNoAxeViolations(tab)
      })
    }
  })
}
