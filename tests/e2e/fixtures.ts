import { test as base, expect, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test'
import { solidPng } from '../support/png.ts'

/**
 * Airline logos live on Google's servers (the simulated market points at them as SerpApi does).
 * Nothing in a test reaches the internet: a context's requests for them get a small local PNG.
 */
const AIRLINE_LOGOS = 'https://www.gstatic.com/flights/airline_logos/**'
const LOGO_PNG = solidPng(70, 70, [0x1d, 0x4e, 0xd8])
export async function serveAirlineLogos(context: BrowserContext): Promise<void> {
  await context.route(AIRLINE_LOGOS, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: LOGO_PNG }))
}

interface ConsoleGuard {
  /** Lets console messages or page errors matching `pattern` through (for tests that provoke them). */
  allow(pattern: RegExp): void
}

/**
 * Records console errors and warnings (CSP violations included) and uncaught page errors of
 * `page`; `check` fails on any that the test did not expect through `allow`.
 */
function watchConsole(page: Page) {
  const problems: string[] = []
  // Playwright's own warning where it blocks the app's service worker (playwright.config.ts).
  const allowed: RegExp[] = [/^warning: Service Worker registration blocked by Playwright$/]
  const record = (text: string) => {
    if (!allowed.some((pattern) => pattern.test(text))) problems.push(text)
  }
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') record(`${message.type()}: ${message.text()}`)
  }
  const onPageError = (error: Error) => record(`pageerror: ${error.message}`)
  page.on('console', onConsole)
  page.on('pageerror', onPageError)
  return {
    guard: { allow: (pattern: RegExp) => void allowed.push(pattern) } satisfies ConsoleGuard,
    check() {
      page.off('console', onConsole)
      page.off('pageerror', onPageError)
      expect(problems, 'console errors or warnings').toEqual([])
    },
  }
}

/**
 * Every browser test fails on a console error or warning (CSP violations included) or an uncaught
 * page error, unless the test expects it through `consoleGuard.allow`.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  context: async ({ context }, use) => {
    await serveAirlineLogos(context)
    await use(context)
  },
  consoleGuard: [
    async ({ page }, use) => {
      const watch = watchConsole(page)
      await use(watch.guard)
      watch.check()
    },
    { auto: true },
  ],
})

/**
 * For tests that only look at public pages (no sign-in, nothing written): one tab per worker,
 * reused from test to test as a visitor's browser moves between pages, instead of a new context
 * and tab per test. A fresh context's first page costs Chromium about 0.5 CPU-s more than a
 * navigation in an open tab (decision 021), and the browser suite is CPU-bound. Between tests the
 * tab's cookies and storage are cleared and the light theme is emulated again; service workers are
 * blocked so no test is answered from another's cache. Console errors still fail the test that
 * caused them. Tests take `tab` instead of `page` and set the theme with `preferColorScheme`.
 */
export const visit = base.extend<{ tab: Page; consoleGuard: ConsoleGuard }, { workerTab: Page }>({
  workerTab: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = workerInfo.project.use
      const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, serviceWorkers: 'block' })
      await serveAirlineLogos(context)
      await use(await context.newPage())
      await context.close()
    },
    { scope: 'worker' },
  ],
  tab: async ({ workerTab }, use) => {
    await workerTab.context().clearCookies()
    await workerTab.emulateMedia({ colorScheme: 'light' })
    await use(workerTab)
    // Storage belongs to the page's origin: cleared while the tab is still on it.
    if (workerTab.url().startsWith('http')) await workerTab.evaluate(() => (localStorage.clear(), sessionStorage.clear()))
  },
  consoleGuard: [
    async ({ tab }, use) => {
      const watch = watchConsole(tab)
      await use(watch.guard)
      watch.check()
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
