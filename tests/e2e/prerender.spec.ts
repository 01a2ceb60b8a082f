import type { Page } from '@playwright/test'
import { signUpAndVerify, uniqueEmail } from './account-helpers.ts'
import { expect, test } from './fixtures.ts'

/**
 * The public pages arrive as HTML (prerendered at build time, decision 019): readable before any
 * script runs, then hydrated in place without console errors; a visitor with a session gets the app
 * shell instead, and a signed-in visitor of / never sees the landing page go by.
 */

const LANDING_TITLE = 'Get instant alerts when flight prices drop.'

/** Records, from before the page's scripts run, whether anything replaced the prerendered content of #root. */
async function watchRoot(page: Page) {
  await page.addInitScript(() => {
    const state = { replaced: false }
    Object.assign(window, { rootWatch: state })
    new MutationObserver((records) => {
      if (records.some((r) => r.target instanceof Element && r.target.id === 'root' && r.removedNodes.length > 0)) state.replaced = true
    }).observe(document, { childList: true, subtree: true })
  })
}

/** Records, from before the page's scripts run, whether an element matching `selector` was ever on the page. */
async function watchFor(page: Page, selector: string) {
  await page.addInitScript((watched) => {
    const state = { seen: false }
    Object.assign(window, { elementWatch: state })
    new MutationObserver(() => {
      if (document.querySelector(watched)) state.seen = true
    }).observe(document, { childList: true, subtree: true })
  }, selector)
}

test.describe('prerendered pages', () => {
  test('the HTML of / and /faq holds the page before any script runs', async ({ request }) => {
    const landing = await (await request.get('/')).text()
    expect(landing).toContain(LANDING_TITLE)
    expect(landing).toContain('Three steps to a cheaper flight')
    expect(landing).toContain('Start free, upgrade when you need more')
    expect(landing).toContain('All rights reserved.')

    const faq = await (await request.get('/faq')).text()
    expect(faq).toContain('<title>FAQ | FareDrop</title>')
    expect(faq).toContain('Frequently asked questions')
    expect(faq).toContain('How does FareDrop work?')
  })

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false })

    test('/ and /faq are readable and their links work', async ({ page }) => {
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1, name: LANDING_TITLE })).toBeVisible()
      await expect(page.locator('#pricing article')).toHaveCount(4)
      await expect(page.locator('#pricing').getByRole('article', { name: 'Premium' })).toContainText('$3.99/month')

      await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click()
      await expect(page).toHaveURL(/\/faq$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'How does FareDrop work?' })).toBeVisible()
    })
  })

  test('hydration keeps the HTML and makes the page work', async ({ page }) => {
    await watchRoot(page)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: LANDING_TITLE })).toBeVisible()
    const pricing = page.locator('#pricing')
    await pricing.getByRole('radio', { name: /Yearly/ }).click()
    await expect(pricing.getByRole('article', { name: 'Premium' })).toContainText('$36/year')

    await page.goto('/faq')
    const question = page.getByRole('button', { name: 'How does FareDrop work?' })
    await question.click()
    await expect(question).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByText('Search for a flight (one-way, round-trip or multi-city)')).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { rootWatch: { replaced: boolean } }).rootWatch.replaced)).toBe(false)
  })

  /** Holds the app's scripts back until the returned function is called. */
  async function holdScripts(page: Page): Promise<() => void> {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/framework-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    return release
  }

  test('a button clicked before the scripts arrive does its work once the page has hydrated', async ({ page }) => {
    const release = await holdScripts(page)
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    const premium = page.locator('#pricing').getByRole('article', { name: 'Premium' })
    await page.locator('#pricing').getByRole('radio', { name: /Yearly/ }).click()
    await expect(premium).toContainText('$3.99/month')
    release()
    await expect(premium).toContainText('$36/year')
  })

  test('a link clicked before the scripts arrive is followed once the page has hydrated', async ({ page }) => {
    const release = await holdScripts(page)
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click()
    await expect(page.getByRole('heading', { level: 1, name: LANDING_TITLE })).toBeVisible()
    release()
    await expect(page).toHaveURL(/\/faq$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible()
  })

  test('in dark mode the prerendered toggle is labelled for the theme shown', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/about')
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible()
    await expect(page.locator('body')).toHaveCSS('background-color', /oklch\(0\.17|rgb\(1[0-9], 1[0-9], 2[0-9]\)/)
  })

  test('a request with a session cookie gets the app shell, not the prerendered page', async ({ request }) => {
    const html = await (await request.get('/', { headers: { cookie: 'faredrop.session_token=not-a-session' } })).text()
    expect(html).toContain('<div id="root"></div>')
    expect(html).not.toContain('id="hero-title"')
  })

  test('a signed-in visitor of / goes to their alerts without the landing page going by', async ({ page, request }) => {
    test.setTimeout(90_000)
    await signUpAndVerify(page, request, uniqueEmail('prerender'))
    // The landing page's hero heading: the footer repeats its words on every page.
    await watchFor(page, '#hero-title')
    await page.goto('/')
    await expect(page).toHaveURL(/\/alerts$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Your alerts' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { elementWatch: { seen: boolean } }).elementWatch.seen)).toBe(false)
  })
})
