import { test as base, expect, type Page } from '@playwright/test'

interface ConsoleGuard {
  /** Lets console messages or page errors matching `pattern` through (for tests that provoke them). */
  allow(pattern: RegExp): void
}

/**
 * Every browser test fails on a console error or warning (CSP violations included) or an uncaught
 * page error, unless the test expects it through `consoleGuard.allow`.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = []
      const allowed: RegExp[] = []
      const record = (text: string) => {
        if (!allowed.some((pattern) => pattern.test(text))) problems.push(text)
      }
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') record(`${message.type()}: ${message.text()}`)
      })
      page.on('pageerror', (error) => record(`pageerror: ${error.message}`))
      await use({ allow: (pattern) => allowed.push(pattern) })
      expect(problems, 'console errors or warnings').toEqual([])
    },
    { auto: true },
  ],
})

/** Distance from the viewport top to a section, or null while the section is not rendered. */
export function sectionTop(page: Page, id: string): Promise<number | null> {
  return page.evaluate((sectionId) => {
    const element = document.getElementById(sectionId)
    return element ? Math.round(element.getBoundingClientRect().top) : null
  }, id)
}

export { expect }
