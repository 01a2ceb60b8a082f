import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { signedIn, uniqueEmail } from './account-helpers.ts'
import { createAlertByApi, inDays, trackRoute } from './alert-helpers.ts'
import { expect, test } from './fixtures.ts'

/**
 * Issue 14, phone layout: every page works from 360 to 414 px wide. After a search the form folds
 * into a summary so the results start on the first screen; the airport picker takes the whole
 * screen; nothing sticks out past the page's edge; touch targets are at least 24 × 24 px (WCAG 2.2
 * 2.5.8, axe's `target-size` rule).
 */

const PHONE = { width: 375, height: 812 }
test.use({ viewport: PHONE })

/**
 * Elements inside <main> whose content's right edge passes the viewport's, less the page's 16 px
 * side padding (1 px of rounding allowed). Full-bleed bands, fixed layers, content of sideways-scrolling boxes and
 * screen-reader-only text are left out: they are meant to be where they are.
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = window.innerWidth - 16 + 1
    const out: string[] = []
    for (const element of document.querySelectorAll('main *')) {
      const box = element.getBoundingClientRect()
      // The content box: a page-wide container's own side padding is the margin being checked.
      const own = getComputedStyle(element)
      const contentRight = box.right - parseFloat(own.paddingRight) - parseFloat(own.borderRightWidth)
      if (box.width === 0 || box.height === 0 || contentRight <= limit) continue
      // A full-bleed band (a section's background) spans the screen on purpose; its content is checked.
      if (box.left <= 1 && box.right >= window.innerWidth - 1) continue
      let inScroller = false
      for (let parent = element.parentElement; parent && parent.tagName !== 'MAIN'; parent = parent.parentElement) {
        const style = getComputedStyle(parent)
        if (style.position === 'fixed' || ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX)) inScroller = true
      }
      if (inScroller || own.position === 'fixed' || element.closest('.sr-only')) continue
      out.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" right=${Math.round(box.right)}`)
    }
    return out.slice(0, 10)
  })
}

/** Touch targets under 24 × 24 px with no room around them (axe `target-size`, WCAG 2.2 AA 2.5.8). */
async function smallTargets(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze()
  return results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')))
}

async function expectFits(page: Page, width: number) {
  await page.setViewportSize({ width, height: PHONE.height })
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'sideways scrolling').toBeLessThanOrEqual(width)
  expect(await overflowing(page)).toEqual([])
}

test('a signed-in traveller’s pages fit 360, 375 and 414 px with targets of at least 24 px', async ({ page }) => {
  test.slow() // four pages and a dialog at three widths on a shared 2-core machine
  await signedIn(page, uniqueEmail('phone'))
  const origin = new URL(page.url()).origin
  expect((await createAlertByApi(page.context().request, origin, 'JFK', 'LHR')).status()).toBe(201)
  // Billing's own page on a phone: the test mode's checkout (card form and plan summary).
  const checkout = await page.context().request.post('/api/billing/checkout', { headers: { origin }, data: { priceId: 'premium_monthly' } })
  expect(checkout.status(), await checkout.text()).toBe(200)
  const checkoutPath = new URL((await checkout.json()).url, origin).pathname

  const pages: Array<[string, () => Promise<void>]> = [
    [
      `/search?trip=round-trip&from=JFK&to=LHR&depart=${inDays(40)}&return=${inDays(47)}&class=economy&adults=1`,
      () => expect(page.getByRole('button', { name: /^Select flight/ }).first()).toBeVisible(),
    ],
    ['/alerts', () => expect(page.getByRole('heading', { name: 'JFK → LHR Route Alert' })).toBeVisible()],
    ['/profile', () => expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible()],
    [checkoutPath, () => expect(page.getByRole('heading', { level: 1, name: 'Subscribe to Premium' })).toBeVisible()],
  ]
  for (const [path, loaded] of pages) {
    await test.step(path, async () => {
      await page.setViewportSize(PHONE)
      await page.goto(path)
      await loaded()
      expect(await smallTargets(page), `small targets on ${path}`).toEqual([])
      for (const width of [360, 375, 414]) await expectFits(page, width)
    })
  }

  await test.step('the alert creation dialog fits a 360 px screen', async () => {
    await page.setViewportSize({ width: 360, height: 740 })
    const dialog = await trackRoute(page, 'SFO', 'NRT', 50)
    await expect(dialog).toBeVisible()
    const box = (await dialog.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(360)
    expect(await smallTargets(page)).toEqual([])
  })
})

test('the public pages fit 360, 375 and 414 px with targets of at least 24 px', async ({ page }) => {
  for (const path of ['/', '/auth', '/faq']) {
    await test.step(path, async () => {
      await page.setViewportSize(PHONE)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      expect(await smallTargets(page), `small targets on ${path}`).toEqual([])
      for (const width of [360, 375, 414]) await expectFits(page, width)
    })
  }
})

test('after a search the form folds into a summary, the results start on the first screen, and Edit opens it again', async ({ page }) => {
  const depart = inDays(40)
  await page.goto(`/search?trip=one-way&from=JFK&to=LHR&depart=${depart}&class=economy&adults=1`)
  const results = page.getByRole('heading', { name: 'Choose your flight' })
  await expect(results).toBeVisible()

  const summary = page.getByRole('region', { name: 'Your search' })
  await expect(summary).toContainText('JFK → LHR')
  await expect(summary).toContainText('1 adult · Economy')
  await expect(page.getByRole('form', { name: 'Flight search' })).toBeHidden()
  // The heading of the results, and the tabs to sort them, on the first screen without scrolling.
  const tabs = page.getByRole('group', { name: 'Sort by best, cheapest or fastest' })
  expect((await tabs.boundingBox())!.y + 40).toBeLessThan(PHONE.height)

  await summary.getByRole('button', { name: /^Edit search/ }).click()
  const form = page.getByRole('form', { name: 'Flight search' })
  await expect(form).toBeVisible()
  await expect(form).toBeFocused()
  await expect(summary).toBeHidden()

  // A new search folds the form again.
  await page.getByRole('radio', { name: 'Round trip' }).click()
  await form.getByLabel('Return').fill(inDays(45))
  await form.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/trip=round-trip/)
  await expect(summary).toBeVisible()
  await expect(summary).toContainText('JFK → LHR')
  await expect(form).toBeHidden()
})

test('a search with a problem keeps the form open at the problem', async ({ page }) => {
  // A shared link whose date has passed: the form must show why, not fold it away.
  await page.goto('/search?trip=one-way&from=JFK&to=LHR&depart=2020-01-01&class=economy&adults=1')
  await expect(page.getByRole('form', { name: 'Flight search' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your search' })).toBeHidden()
})

test('the airport picker takes the whole screen on a phone and Done brings the form back', async ({ page }) => {
  await page.goto('/search')
  const from = page.getByRole('combobox', { name: 'From' })
  await from.click()
  await from.fill('lon')
  const options = page.getByRole('listbox', { name: 'From suggestions' })
  await expect(options.getByRole('option').first()).toBeVisible()
  // The picker covers the screen: its list starts under the field and runs most of the way down.
  const fieldBox = (await from.boundingBox())!
  expect(fieldBox.y).toBeLessThan(120)
  expect(fieldBox.width).toBeGreaterThan(PHONE.width - 40)
  // What shows at the top right corner: the picker, not the page's header under it.
  const headerShows = () => page.evaluate(() => document.elementFromPoint(window.innerWidth - 20, 20)?.closest('header') != null)
  expect(await headerShows()).toBe(false)

  await page.getByRole('button', { name: 'Done' }).click()
  await expect(from).not.toBeFocused()
  expect(await headerShows()).toBe(true)
  await expect(page.getByRole('combobox', { name: 'To' })).toBeVisible()
})
