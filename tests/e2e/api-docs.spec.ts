import { expect, test } from './fixtures.ts'

/**
 * Decision 045: the public API's reference page runs Swagger UI under the site's own CSP (script
 * and style from our origin or with the response's nonce; no inline code). Any CSP violation or
 * console error fails here (the fixture fails on console errors and warnings too).
 */
test('the API reference renders its operations under the site’s CSP, with no violation, and fits a phone', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.defineProperty(window, '__cspViolations', { value: seen })
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`))
  })
  const answer = await page.goto('/api/v1/docs')
  expect(answer?.status()).toBe(200)
  await expect(page).toHaveTitle('FareDrop API reference')
  await expect(page.getByRole('banner').getByRole('link', { name: 'FareDrop', exact: true })).toHaveAttribute('href', '/')
  await expect(page.getByRole('link', { name: 'Profile → API tokens' })).toHaveAttribute('href', '/profile#api-tokens')

  // Swagger UI has fetched the document and drawn it: the info, the Authorize button, the operations.
  await expect(page.getByRole('heading', { name: /FareDrop API/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Authorize' })).toBeVisible()
  const create = page.locator('#operations-Alerts-createAlert')
  await expect(create.locator('.opblock-summary-path')).toHaveText('/api/v1/alerts')

  // An operation opened draws its parameters, body schema and highlighted examples too.
  await create.locator('.opblock-summary-control').click()
  await expect(create.locator('.parameter__name', { hasText: 'Idempotency-Key' })).toBeVisible()
  await expect(create.getByText('"Ana Lima: New York to Lisbon"').first()).toBeVisible()
  // So does the token dialog.
  await page.getByRole('button', { name: 'Authorize' }).click()
  const dialog = page.locator('.modal-ux')
  await expect(dialog.getByRole('heading', { name: 'Available authorizations' })).toBeVisible()
  await expect(dialog.getByRole('textbox')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(dialog).toBeHidden()

  // On a phone the page reflows instead of scrolling sideways.
  await page.setViewportSize({ width: 375, height: 740 })
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([])
})
