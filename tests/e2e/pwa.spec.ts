import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { signedIn, uniqueEmail } from './account-helpers.ts'
import { createAlertByApi } from './alert-helpers.ts'
import { expect, test } from './fixtures.ts'

/**
 * The installable app (decision 035) in Chromium: the manifest and icons, the service worker that
 * controls the page, the app opened offline, the update prompt after a deploy, and push notices.
 * The other browser tests block service workers (playwright.config.ts); these allow them, one test
 * at a time in one worker, since the update test changes the served worker.
 */
test.use({ serviceWorkers: 'allow' })
test.describe.configure({ mode: 'default' })

/** What the tests reach inside the service worker (the e2e project has no WebWorker types). */
interface WorkerScope {
  registration: { getNotifications(): Promise<{ title: string; body: string }[]> }
  dispatchEvent(event: Event): boolean
}
declare const NotificationEvent: new (type: string, init: { notification: unknown }) => Event

/** The built worker the server sends for /sw.js (the tests run against `npm run build`'s output). */
const BUILT_WORKER = path.join('dist', 'web', 'sw.js')

/** Waits until the app's service worker is active and controls `page`; returns its script URL. */
async function controlledByServiceWorker(page: Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)
}

/** Width and height from a PNG's header. */
function pngSize(png: Buffer): string {
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`
}

test('the web manifest says how to install the app, as application/manifest+json, and its icons load', async ({ page, request }) => {
  const res = await request.get('/manifest.webmanifest')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/)
  expect(res.headers()['cache-control']).toBe('no-cache')
  const manifest = (await res.json()) as {
    name: string
    icons: { src: string; sizes: string; type: string; purpose?: string }[]
    shortcuts: { short_name: string; url: string }[]
  }
  expect(manifest).toMatchObject({
    id: '/',
    name: 'FareDrop · Flight price alerts',
    short_name: 'FareDrop',
    start_url: '/alerts',
    scope: '/',
    display: 'standalone',
    theme_color: '#fafcfe',
    background_color: '#fafcfe',
  })
  expect(manifest.shortcuts.map((shortcut) => [shortcut.short_name, shortcut.url])).toEqual([
    ['Search', '/search'],
    ['Alerts', '/alerts'],
  ])
  const sizes = (purpose?: string) => manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes)
  expect(sizes()).toEqual(expect.arrayContaining(['192x192', '512x512']))
  expect(sizes('maskable')).toEqual(['192x192', '512x512'])
  for (const icon of manifest.icons) {
    const file = await request.get(`/${icon.src}`)
    expect(file.status(), icon.src).toBe(200)
    expect(file.headers()['content-type']).toBe('image/png')
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes)
  }

  // Every page links it, the prerendered ones included, with the icons and a theme colour per scheme.
  for (const pagePath of ['/', '/search']) {
    await page.goto(pagePath)
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon-180x180.png')
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2)
  }
  const worker = await request.get('/sw.js')
  expect(worker.headers()['cache-control']).toBe('no-cache')
  expect(worker.headers()['content-type']).toMatch(/javascript/)
})

test('the service worker controls the page and Chromium can install the app; offline, the saved alerts show read-only with their age', async ({ page, consoleGuard }) => {
  test.setTimeout(60_000) // an account with a real proof-of-work challenge
  // Offline, the page's first calls fail before it knows it is offline (the browser logs each).
  consoleGuard.allow(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/)
  await signedIn(page, uniqueEmail('offline'))
  const origin = new URL(page.url()).origin
  expect((await createAlertByApi(page.request, origin, 'LIS', 'JFK')).status()).toBe(201)

  // Online: the list arrives, and the page's first load installed the worker, which took it over.
  await page.goto('/alerts')
  const card = page.getByRole('article', { name: 'LIS → JFK Route Alert' })
  await expect(card).toBeVisible()
  expect(await controlledByServiceWorker(page)).toBe(`${origin}/sw.js`)
  // Chromium's own check of the install criteria (manifest, icons, worker); a test browser's
  // context is a private window, where nothing installs, so that one reason is set aside.
  const cdp = await page.context().newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([])
  // Left attached, the session makes pages loaded later report navigator.onLine true while offline.
  await cdp.detach()
  await expect(card.getByRole('button', { name: 'Pause LIS → JFK Route Alert' })).toBeEnabled()

  await page.context().setOffline(true)
  // A navigation with no network: the worker answers with the app shell it precached.
  await page.goto('/alerts')
  const expectedAge = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('faredrop-offline:alerts:'))!
    const saved = JSON.parse(localStorage.getItem(key)!) as { savedAt: number }
    return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(saved.savedAt)
  })
  await expect(page.getByText(`You're offline. Showing your alerts as of ${expectedAge} — changes are off until you're back online.`)).toBeVisible()
  await expect(card).toBeVisible()
  for (const action of ['Details of', 'Pause', 'Edit', 'Delete']) await expect(card.getByRole('button', { name: `${action} LIS → JFK Route Alert` })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'New alert' })).toBeDisabled()
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeDisabled()
  // Still signed in (the last viewer stands in for the session the server can't confirm).
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0)

  // The API is never answered from the worker's cache.
  expect(await page.evaluate(() => fetch('/api/alerts').then((res) => `HTTP ${res.status}`, () => 'no answer'))).toBe('no answer')

  // Pages that need the server say so, and lead back to the saved alerts.
  for (const pagePath of ['/search', '/profile']) {
    await page.goto(pagePath)
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible()
  }
  await page.getByRole('link', { name: 'See your saved alerts' }).click()
  await expect(card).toBeVisible()

  // Back online, the page is live again without a reload.
  await page.context().setOffline(false)
  await expect(page.getByText(/You're offline/)).toHaveCount(0)
  await expect(card.getByRole('button', { name: 'Pause LIS → JFK Route Alert' })).toBeEnabled()
})

test('sign-out forgets the alerts kept for offline use', async ({ page }) => {
  test.setTimeout(60_000)
  await signedIn(page, uniqueEmail('forget'))
  expect((await createAlertByApi(page.request, new URL(page.url()).origin, 'OPO', 'BOS')).status()).toBe(201)
  await page.goto('/alerts')
  await expect(page.getByRole('article', { name: 'OPO → BOS Route Alert' })).toBeVisible()
  const kept = () => page.evaluate(() => Object.keys(localStorage).filter((name) => name.startsWith('faredrop-offline:')).sort())
  await expect.poll(kept).toEqual([expect.stringMatching(/^faredrop-offline:alerts:v1:/), 'faredrop-offline:viewer'])

  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(await kept()).toEqual([])
})

test('a new version deployed while the app is open offers "Update available — Reload", which switches to it', async ({ page }) => {
  await page.goto('/search')
  await controlledByServiceWorker(page)
  const built = readFileSync(BUILT_WORKER, 'utf8')
  try {
    // A deploy, as the browser sees it: /sw.js answers with other bytes (the server reads the file per request).
    writeFileSync(BUILT_WORKER, `${built}\n// deployed at ${Date.now()}\n`)
    // The browser looks for a new worker on every navigation (the server sends /sw.js no-cache).
    await page.reload()
    const toast = page.getByRole('status').filter({ hasText: 'Update available' })
    await expect(toast).toBeVisible()
    await expect(toast).toContainText('A new version of FareDrop is ready.')
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state)).toBe('installed')

    const reloaded = page.waitForEvent('load')
    await page.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    await controlledByServiceWorker(page)
    // The waiting version took over, and this page runs under it.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull()
    await expect(page.getByText('Update available')).toHaveCount(0)
  } finally {
    writeFileSync(BUILT_WORKER, built)
  }
})

test('a push notice shows with its text, and clicking it takes the open app to the alert it is about', async ({ page }) => {
  test.setTimeout(60_000)
  await signedIn(page, uniqueEmail('push'))
  const origin = new URL(page.url()).origin
  const created = await createAlertByApi(page.request, origin, 'FAO', 'EWR')
  const { alert } = (await created.json()) as { alert: { id: string } }
  await page.context().grantPermissions(['notifications'], { origin })
  await page.goto('/search')
  await controlledByServiceWorker(page)

  // The push service's delivery, as DevTools' "Push" button makes it.
  const cdp = await page.context().newCDPSession(page)
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted)
      if (ours) resolve(ours.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  const url = `${origin}/alerts?alert=${alert.id}`
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({ title: 'Price drop: FAO → EWR now $212', body: '$38 (15%) below your $250 target', url }),
  })

  const [worker] = page.context().serviceWorkers()
  await expect
    .poll(() => worker!.evaluate(async () => (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => [n.title, n.body])))
    .toEqual([['Price drop: FAO → EWR now $212', '$38 (15%) below your $250 target']])

  // The click, as the system's notification centre hands it to the worker.
  await worker!.evaluate(async () => {
    const scope = self as unknown as WorkerScope
    const [notice] = await scope.registration.getNotifications()
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notice! }))
  })
  await expect(page).toHaveURL(url)
  await expect(page.getByRole('dialog', { name: 'FAO → EWR Route Alert' })).toBeVisible()
})
