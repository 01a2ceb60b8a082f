import { expectNoAxeViolations } from './axe.ts'
import { inDays } from './alert-helpers.ts'
import { expect, test } from './fixtures.ts'

/** "2027-03": the month `days` from today, as the flexible search's `month` holds it. */
function monthIn(days: number): string {
  return inDays(days).slice(0, 7)
}

const dollars = (text: string) => Number(text.replace(/[^\d]/g, ''))

test.describe('fares by date (issue 16)', () => {
  test('the departure calendar shows each day’s fare and works with the keyboard alone', async ({ page }) => {
    const departure = inDays(40)
    const back = inDays(47)
    await page.goto(`/search?trip=round-trip&from=JFK&to=LHR&depart=${departure}&return=${back}`)
    await expect(page.getByRole('heading', { name: /^Choose your outbound/ })).toBeVisible()
    // The results' cheapest round trip (the list is by price, low to high, by default).
    const firstCard = page.getByRole('region', { name: /^All flights/ }).getByRole('article').first()
    const headline = dollars((await firstCard.getByText(/^\$[\d,]+$/).first().textContent())!)

    // Keyboard only: Tab from the Departure field (through its month, day and year) reaches its calendar button.
    await page.getByLabel('Departure', { exact: true }).focus()
    const opener = page.getByRole('button', { name: 'Choose departure date' })
    for (let tabs = 0; tabs < 4 && !(await opener.evaluate((button) => button === document.activeElement)); tabs++) await page.keyboard.press('Tab')
    await expect(opener).toBeFocused()
    // The dialog's scroll lock makes <body> `position: relative`; the page has it already, so no
    // positioned element behind is laid out again as the calendar opens (decision 049).
    await expect(page.locator('body')).toHaveCSS('position', 'relative')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Departure date' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText('Cheapest round trip of 7 nights, by departure date (1 adult, economy).')).toBeVisible()
    await expect(dialog.getByRole('grid')).toHaveCount(2)

    // Focus starts on the chosen day, which names its fare and level.
    const selected = dialog.getByRole('gridcell', { selected: true })
    await expect(selected).toBeFocused()
    await expect(selected).toHaveAccessibleName(/, \$[\d,]+, (low|typical|high) price$/)
    // The day's figure is the cheapest fare a search of that day shows: the results' headline.
    const dayFare = dollars((await selected.getAttribute('aria-label'))!.split(', ').at(-2)!)
    expect(dayFare).toBe(headline)
    await expect(dialog.getByText('Prices found just now.')).toBeVisible()
    await expectNoAxeViolations(page, { include: '[role="dialog"]' })

    // A day on, a week on, a month on (APG keys), then Enter picks it.
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('PageDown')
    const moved = dialog.locator('[role="gridcell"]:focus')
    await expect(moved).toHaveAttribute('aria-selected', 'false')
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()
    const picked = new Date(`${departure}T12:00:00`)
    picked.setDate(picked.getDate() + 8)
    picked.setMonth(picked.getMonth() + 1)
    const pickedIso = `${picked.getFullYear()}-${String(picked.getMonth() + 1).padStart(2, '0')}-${String(picked.getDate()).padStart(2, '0')}`
    await expect(page.getByLabel('Departure', { exact: true })).toHaveValue(pickedIso)

    // Escape leaves the field as it is.
    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByLabel('Departure', { exact: true })).toHaveValue(pickedIso)
  })

  test('the date grid prices ±3 days around both dates and searches the cell chosen', async ({ page }) => {
    const departure = inDays(40)
    const back = inDays(47)
    await page.goto(`/search?trip=round-trip&from=JFK&to=LHR&depart=${departure}&return=${back}`)
    await page.getByRole('button', { name: 'Date grid' }).click()
    const grid = page.getByRole('dialog', { name: 'Date grid' })
    await expect(grid.getByRole('table')).toBeVisible()
    await expect(grid.getByRole('row')).toHaveCount(8)
    const cheapest = grid.getByRole('button', { name: /, cheapest/ })
    await expect(cheapest).toHaveCount(1)
    await cheapest.click()
    await expect(grid).toBeHidden()
    await expect(page).toHaveURL(/depart=\d{4}-\d{2}-\d{2}&return=\d{4}-\d{2}-\d{2}/)
    await expect(page.getByRole('heading', { name: /^Choose your outbound/ })).toBeVisible()
  })

  test('a flexible search on a phone: a shared link lists the cheapest date pairs, the form switches to weekends, a pair opens its flights', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    const month = monthIn(60)
    await page.goto(`/search?trip=round-trip&from=JFK&to=LHR&flex=month&month=${month}&nights=5-9`)
    const pairs = page.getByRole('list', { name: /date pairs/i }).getByRole('listitem')
    await expect(pairs.first()).toBeVisible()
    await expect(page.getByRole('heading', { name: /^Cheapest dates in / })).toContainText('5–9 nights')
    const texts = await pairs.allInnerTexts()
    const prices = texts.map((text) => dollars(text.match(/\$[\d,]+/)![0]))
    expect(prices.length).toBeGreaterThan(5)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    for (const text of texts) {
      const nights = Number(text.match(/(\d+) nights/)![1])
      expect(nights).toBeGreaterThanOrEqual(5)
      expect(nights).toBeLessThanOrEqual(9)
    }
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    // The collapsed form says what was searched; Edit opens it, Weekends searches again.
    await expect(page.getByText(/Any dates in \w{3} · 5–9 nights/)).toBeVisible()
    await page.getByRole('button', { name: 'Edit' }).click()
    await page.getByRole('radio', { name: 'Weekends' }).click()
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/flex=weekend/)
    await expect(page).not.toHaveURL(/nights=/)
    await expect(pairs.first()).toBeVisible()
    for (const text of (await pairs.allInnerTexts()).slice(0, 5)) expect(text).toMatch(/^(Fri|Sat), .+ → (Sun|Mon), /)

    // A pair opens the exact search of its dates.
    await pairs.first().getByRole('link', { name: /See flights/ }).click()
    await expect(page).toHaveURL(/depart=\d{4}-\d{2}-\d{2}&return=\d{4}-\d{2}-\d{2}/)
    await expect(page).not.toHaveURL(/flex=/)
    await expect(page.getByRole('heading', { name: /^Choose your outbound/ })).toBeVisible()
  })
})
