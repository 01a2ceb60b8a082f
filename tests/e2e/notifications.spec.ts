import { signedIn, uniqueEmail } from './account-helpers.ts'
import { expect, test } from './fixtures.ts'
import { outboxHeaders } from './outbox-key.ts'
import { inDays } from './alert-helpers.ts'

interface OutboxMessage {
  subject: string
  text: string
  links: string[]
}

test('a price drop on the market reaches the traveller: Price Alert! on /alerts and an email whose links open the search and the fare', async ({ page, browser, request }) => {
  test.setTimeout(90_000) // two accounts, each solving a real proof-of-work challenge
  const email = uniqueEmail('drop')
  await signedIn(page, email)
  const origin = new URL(page.url()).origin
  const departure = inDays(33)

  // Today's cheapest fare, then an alert a fifth below it: nothing to report yet.
  const search = await page.request.post('/api/flights/search', {
    headers: { origin },
    data: { params: { tripType: 'one-way', from: 'DEN', to: 'PHX', departureDate: departure }, filters: {} },
  })
  const { best, other } = (await search.json()) as { best: { price: number | null }[]; other: { price: number | null }[] }
  const cheapest = Math.min(...[...best, ...other].map((itinerary) => itinerary.price ?? Infinity))
  const created = await page.request.post('/api/alerts', {
    headers: { origin },
    data: {
      name: 'Denver to Phoenix',
      alertType: 'route',
      target_price: Math.round(cheapest * 0.8),
      search_parameters: { type: 2, departure_id: 'DEN', arrival_id: 'PHX', outbound_date: departure, sort_by: 2 },
    },
  })
  expect(created.status()).toBe(201)
  const { alert } = (await created.json()) as { alert: { id: string } }

  // Support halves the route's fares and runs the alert's check at once (409 while the worker holds it, 503 while the provider's limits hold checks back).
  const admin = await browser.newPage()
  await signedIn(admin, 'checks@faredrop.test')
  const adminHeaders = { origin: new URL(admin.url()).origin }
  expect((await admin.request.post('/api/admin/simulator/shocks', { headers: adminHeaders, data: { from: 'DEN', to: 'PHX', factor: 0.5, hours: 2 } })).status()).toBe(201)
  await expect
    .poll(async () => (await admin.request.post(`/api/admin/alerts/${alert.id}/check`, { headers: adminHeaders })).status(), { timeout: 20_000 })
    .toBe(200)
  await admin.close()

  await page.goto('/alerts')
  const card = page.getByRole('article').filter({ hasText: 'Denver to Phoenix' })
  await expect(card.getByText('Price Alert!')).toBeVisible()
  await expect(card.getByText(/% below target/)).toBeVisible()

  // The email arrives once the dispatcher runs, with the new price and working links.
  let message: OutboxMessage | undefined
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}&channel=email`, { headers: outboxHeaders })
        const { messages } = (await res.json()) as { messages: OutboxMessage[] }
        message = messages.find((m) => m.subject.includes('DEN → PHX'))
        return message
      },
      { timeout: 20_000 },
    )
    .toBeTruthy()
  const searchLink = message!.links.find((link) => link.includes('/search?') && !link.includes('pick='))!
  await page.goto(searchLink)
  await expect(page.getByRole('heading', { name: 'Choose your flight' })).toBeVisible()

  // "Book this fare" opens the same search with the notified flights chosen, at their booking options.
  const bookingLink = message!.links.find((link) => link.includes('/search?') && link.includes('&pick='))!
  const notified = /^([A-Z0-9]{2} \d+[A-Z]?(?: \+ [A-Z0-9]{2} \d+[A-Z]?)*) · /m.exec(message!.text)![1]!.split(' + ')
  expect(new URL(bookingLink).searchParams.get('pick')!.split(',').map((flight) => flight.replace(/^(..)(\d+[A-Z]?)\..*$/, '$1 $2'))).toEqual(notified)
  await page.goto(bookingLink)
  await expect(page.getByRole('heading', { name: 'Your trip' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Sellers' })).toBeVisible()
  await expect(page.getByText('This fare is no longer available')).toHaveCount(0)
  // The chosen flights are the notified ones (flight numbers are in the card's details).
  const trip = page.getByRole('region', { name: 'Chosen flights' })
  await trip.getByRole('button', { name: /^Flight details/ }).first().click()
  for (const flight of notified) await expect(trip.getByText(new RegExp(`\\b${flight.replace(' ', '\\s*0*')}\\b`)).first()).toBeVisible()
  // Applied: the address is the plain search again, so a refresh or Back doesn't choose it again.
  await expect(page).toHaveURL((url) => url.pathname === '/search' && !url.searchParams.has('pick'))

  const unsubscribe = message!.links.find((link) => link.includes('/unsubscribe'))!
  await page.goto(unsubscribe)
  await expect(page.getByRole('heading', { name: 'Stop emails for this alert?' })).toBeVisible()
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  // Email was the alert's only channel, so the alert is paused rather than left silent.
  await expect(page.getByRole('heading', { name: 'Alert paused' })).toBeVisible()
  await page.goto('/alerts')
  await page.getByLabel('Status').selectOption('paused')
  await expect(page.getByRole('article').filter({ hasText: 'Denver to Phoenix' }).getByText('Paused', { exact: true })).toBeVisible()
})
