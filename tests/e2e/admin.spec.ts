import type { Page } from '@playwright/test'
import { signedIn, uniqueEmail } from './account-helpers.ts'
import { inDays } from './alert-helpers.ts'
import { expect, test } from './fixtures.ts'

test('a signed-in member sees the permission message on /admin', async ({ page }) => {
  await signedIn(page, `member-${Date.now()}@example.com`)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: "You don't have permission to access this content." })).toBeVisible()
  await expect(page.getByText('Required: admin role.')).toBeVisible()
})

/** A figure in one of the overview's cards ("Price drops (7 days)" → 2). */
async function figure(page: Page, card: string, label: string): Promise<number> {
  const row = page.getByRole('region', { name: card }).locator('div', { has: page.locator('dt', { hasText: label }) }).last()
  return Number((await row.locator('dd').textContent())?.replace(/[^\d.]/g, '') ?? NaN)
}

test('an operator sees real figures after searches, an alert, a price shock and a checkout, and disables a user', async ({ page, browser }) => {
  test.setTimeout(120_000)
  // The traveller (through the API the pages use): two searches, an alert on the route, Premium bought in the test checkout.
  const baseURL = test.info().project.use.baseURL!
  const origin = new URL(baseURL).origin
  const traveller = await browser.newContext({ baseURL })
  const travellerPage = await traveller.newPage()
  const email = uniqueEmail('traveller')
  await signedIn(travellerPage, email)
  const api = traveller.request
  for (const to of ['MIA', 'DEN']) {
    const search = { params: { tripType: 'one-way', from: 'ORD', to, departureDate: inDays(50) } }
    const searched = await api.post('/api/flights/search', { headers: { origin }, data: search })
    expect(searched.status(), await searched.text()).toBe(200)
  }
  const created = await api.post('/api/alerts', {
    headers: { origin },
    data: {
      name: 'Chicago to Miami in spring',
      alertType: 'route',
      target_price: 2000,
      search_parameters: { type: 2, departure_id: 'ORD', arrival_id: 'MIA', outbound_date: inDays(50) },
      notification_channels: { email: true, sms: false, whatsapp: false, push: false },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const checkout = await api.post('/api/billing/checkout', { headers: { origin }, data: { priceId: 'premium_monthly' } })
  const { sessionId } = (await checkout.json()) as { sessionId: string }
  const paid = await api.post(`/api/billing/local/checkout/${sessionId}/pay`, {
    headers: { origin },
    data: { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ana Lima' },
  })
  expect(paid.status(), await paid.text()).toBe(200)

  // The operator (an ADMIN_EMAILS address) opens the console from the account menu and the debug
  // page from there: it names the driver behind each service, as /api/health does…
  await signedIn(page, 'console@faredrop.test')
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible()
  await page.getByRole('link', { name: 'Debug tools' }).click()
  await expect(page).toHaveURL(/\/admin\/debug$/)
  const driverTable = async () => {
    const services = await page.locator('dt').allTextContents()
    const drivers = await page.locator('dd').allTextContents()
    return Object.fromEntries(services.map((service, i) => [service, drivers[i]]))
  }
  await expect
    .poll(driverTable)
    .toMatchObject({ db: 'pglite', flights: 'simulated', email: 'outbox', sms: 'outbox', whatsapp: 'outbox', push: 'outbox', billing: 'local' })

  // …and shocks the route's prices there…
  const shock = page.getByRole('form', { name: 'Apply a price shock' })
  await shock.getByLabel('From', { exact: true }).fill('ORD')
  await shock.getByLabel('To', { exact: true }).fill('MIA')
  await shock.getByLabel('Price change (%)').fill('-30')
  await shock.getByRole('button', { name: 'Apply shock' }).click()
  await expect(page.getByRole('status').filter({ hasText: /Applied .30\s%\son ORD → MIA/ })).toBeVisible()

  // …checks the traveller's alert now and sees the check, its price and the notice it queued.
  await page.goto('/admin?tab=alerts')
  await page.getByLabel('Search alerts').fill(email)
  // As a person does: act once the search has answered. The list re-lays out when it does, and a
  // click aimed at a row or a menu that is moving lands on whatever moved under it.
  await expect(page.getByText('1 alert', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Chicago to Miami in spring' }).click()
  const sheet = page.getByRole('dialog', { name: 'Chicago to Miami in spring' })
  await sheet.getByRole('button', { name: 'Check now' }).click()
  await expect(sheet.getByRole('heading', { name: /^Checks \(\d+\)$/ })).toBeVisible()
  await expect(sheet.getByText('Price found').first()).toBeVisible()
  await expect(sheet.getByText('Email').first()).toBeVisible()
  await page.keyboard.press('Escape')

  // The overview counts it all (other tests share this server: at least, not exactly).
  await page.goto('/admin')
  await expect(page.getByRole('region', { name: 'Revenue' }).getByText('Premium · monthly')).toBeVisible()
  await expect.poll(() => figure(page, 'Price checks', 'Price drops (7 days)')).toBeGreaterThanOrEqual(1)
  await expect.poll(() => figure(page, 'Users', 'Premium')).toBeGreaterThanOrEqual(1)

  // Disabling the traveller ends their session and stops their alert.
  await page.goto('/admin?tab=users')
  await page.getByLabel('Search by email').fill(email)
  await expect(page.getByText(`1 user matching “${email}”`)).toBeVisible()
  await page.getByRole('button', { name: `Actions for ${email}` }).click()
  await page.getByRole('menuitem', { name: 'Disable account…' }).click()
  const confirm = page.getByRole('dialog', { name: `Disable ${email}?` })
  await confirm.getByLabel('Reason (optional)').fill('Card testing')
  await confirm.getByRole('button', { name: 'Disable account' }).click()
  await expect(page.getByText('1 session revoked, 1 alert disabled.').first()).toBeVisible()
  await page.goto('/admin?tab=alerts')
  await page.getByLabel('Search alerts').fill(email)
  await expect(page.getByRole('row', { name: /Chicago to Miami in spring/ }).getByText('Disabled', { exact: true })).toBeVisible()
  await page.goto('/admin?tab=audit')
  await expect(page.getByText(email).first()).toBeVisible()

  await travellerPage.goto('/alerts')
  await expect(travellerPage.getByRole('heading', { name: 'Please sign in to access this content.' })).toBeVisible()
  await traveller.close()
})
