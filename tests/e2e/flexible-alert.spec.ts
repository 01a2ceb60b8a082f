import { signedIn, uniqueEmail } from './account-helpers.ts'
import { expect, test } from './fixtures.ts'
import { outboxHeaders } from './outbox-key.ts'
import { inDays, trackRoute } from './alert-helpers.ts'

interface OutboxMessage {
  subject: string
  text: string
  links: string[]
}

/** "2027-03-05" → "Mar 5", as the card and the notice write dates. */
const short = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

test('a flexible-date, bag-inclusive alert made from the search page finds the cheapest day in its window and tells the traveller which, fare and bag', async ({ page, browser, request }) => {
  test.setTimeout(90_000) // two accounts, each solving a real proof-of-work challenge
  const email = uniqueEmail('flexible')
  await signedIn(page, email)
  const dialog = await trackRoute(page, 'SEA', 'SFO', 25)

  // Any day in the two weeks from the searched date; the cost of checking them shows before saving.
  await dialog.getByRole('checkbox', { name: 'Any dates in a window' }).click()
  await expect(dialog.getByLabel('First departure')).toHaveValue(inDays(25))
  await expect(dialog.getByText(/^14 date pairs · \d+ searches? a check · about \$[\d.]+ a month in flight data$/)).toBeVisible()
  await dialog.getByLabel('Alert name').fill('Seattle to San Francisco, any day')
  // With a checked bag: the target is for fare and bag.
  await dialog.getByLabel('Checked bags').selectOption('1')
  // A target far above the market: the first check finds a fare to tell about.
  await dialog.getByLabel(/Target price/).fill('5000')
  await dialog.getByRole('button', { name: 'Create alert' }).click()
  await expect(dialog).toBeHidden()

  await page.goto('/alerts')
  const card = page.getByRole('article').filter({ hasText: 'Seattle to San Francisco, any day' })
  await expect(card.getByText(`Any day ${short(inDays(25))} – ${short(inDays(38))} · one way`)).toBeVisible()
  await expect(card.getByText('Prices include 1 checked bag per traveller')).toBeVisible()
  const id = new URL((await card.getByRole('link', { name: /^Details of/ }).getAttribute('href'))!, page.url()).searchParams.get('alert')!

  // Support runs the alert's check at once (the worker may hold it for a moment). Each spec has its
  // own admin address (playwright.config.ts): two specs signing one up at once would race.
  const admin = await browser.newPage()
  await signedIn(admin, 'windows@faredrop.test')
  const adminHeaders = { origin: new URL(admin.url()).origin }
  await expect.poll(async () => (await admin.request.post(`/api/admin/alerts/${id}/check`, { headers: adminHeaders })).status(), { timeout: 20_000 }).toBe(200)
  await admin.close()

  // The card names the day its latest check found cheapest, inside the window.
  const windowDays = Array.from({ length: 14 }, (_, i) => short(inDays(25 + i)))
  await page.reload()
  const found = card.getByText(/ · cheapest (\w{3} \d{1,2})$/)
  await expect(found).toBeVisible()
  expect(windowDays).toContain(/ · cheapest (\w{3} \d{1,2})$/.exec((await found.textContent())!)![1]!)

  // The notice names the day it found, and its search link opens that day.
  let message: OutboxMessage | undefined
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}&channel=email`, { headers: outboxHeaders })
        message = ((await res.json()) as { messages: OutboxMessage[] }).messages.find((m) => m.subject.includes('SEA → SFO'))
        return message
      },
      { timeout: 20_000 },
    )
    .toBeTruthy()
  // The notice names the day of the check that sent it. The worker checks a new alert too, so a later
  // check may have found another day cheapest since (no new notice without a further drop): the
  // card's day and the notice's can differ, each inside the window.
  const day = /\b([A-Z][a-z]{2} \d{1,2}), one way\b/.exec(message!.text)?.[1]
  expect(windowDays).toContain(day)
  // The price in parts: the fare and the bag at the airline's published fee.
  expect(message!.text).toMatch(/\$\d+ fare \+ \$\d+ for 1 checked bag per traveller/)
  const searchLink = message!.links.find((link) => link.includes('/search?') && !link.includes('pick='))!
  const date = new URL(searchLink).searchParams.get('date') ?? new URL(searchLink).searchParams.get('depart')
  expect(short(date!)).toBe(day)
})
