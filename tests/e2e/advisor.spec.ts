import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { solidPng } from '../support/png.ts'
import { signedIn, uniqueEmail } from './account-helpers.ts'
import { inDays } from './alert-helpers.ts'
import { expect, test } from './fixtures.ts'
import { outboxHeaders } from './outbox-key.ts'

/** The advisor's own system: a receiver on loopback that keeps every webhook with its headers. */
async function startReceiver() {
  const received: { body: string; signature: string }[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['faredrop-signature'] ?? '') })
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/faredrop`, received, close: () => new Promise((resolve) => server.close(resolve)) }
}

/** Stripe's scheme: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the endpoint's secret. */
function signatureHolds(header: string, body: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]))
  const expected = Buffer.from(createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex'))
  const given = Buffer.from(parts.v1 ?? '')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

interface OutboxMessage {
  subject: string
  text: string
  html: string | null
  headers: Record<string, string>
  links: string[]
}

test('an Unlimited advisor runs a client’s fare tracking: client, 20 alerts from CSV, brand, token, webhook; the drop reaches the client branded and the receiver signed', async ({ page, browser, request, consoleGuard }) => {
  test.setTimeout(120_000) // two accounts with a real proof of work, a price check, two dispatchers
  // CI records traces: Playwright's recorder tries to run its snapshot script in every frame, and
  // the preview's sandboxed frame (rightly) refuses it. The preview itself carries no script.
  consoleGuard.allow(/^error: Blocked script execution in '[^']*\/api\/me\/brand\/preview\?/)
  const receiver = await startReceiver()
  try {
    const advisorEmail = uniqueEmail('advisor')
    await signedIn(page, advisorEmail)
    const origin = new URL(page.url()).origin

    // Support gives the advisor the Unlimited plan (admins assign it).
    const admin = await browser.newPage()
    // An admin account of this test's own (two tests signing up one address would race).
    await signedIn(admin, 'advisors@faredrop.test')
    const adminHeaders = { origin }
    const { user } = (await (await page.request.get('/api/session')).json()) as { user: { id: string } }
    expect((await admin.request.post(`/api/admin/users/${user.id}/plan`, { headers: adminHeaders, data: { tier: 'unlimited' } })).status()).toBe(200)

    // A client, who confirms from the email (a browser without the advisor's session).
    await page.goto('/alerts')
    await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).first().click()
    await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Add client' }).first().click()
    const clientEmail = uniqueEmail('maria')
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Name').fill('Maria Silva')
    await dialog.getByRole('textbox', { name: 'Email' }).fill(clientEmail)
    await dialog.getByRole('button', { name: 'Add client' }).click()
    await expect(page.getByRole('list', { name: 'Clients' }).getByText('Waiting for confirmation')).toBeVisible()

    const outbox = async (to: string) => ((await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}&channel=email`, { headers: outboxHeaders })).json()) as { messages: OutboxMessage[] }).messages
    const confirmLink = (await outbox(clientEmail))[0]!.links.find((link) => link.includes('/confirm?'))!
    const clientContext = await browser.newContext()
    const clientPage = await clientContext.newPage()
    await clientPage.goto(confirmLink)
    await clientPage.getByRole('button', { name: 'Yes, send me fare alerts' }).click()
    await expect(clientPage.getByRole('heading', { name: "You're subscribed" })).toBeVisible()
    await clientContext.close()
    await page.reload()
    await expect(page.getByRole('list', { name: 'Clients' }).getByText('Confirmed')).toBeVisible()

    // The brand, seen in the preview before saving, then a logo.
    const brand = page.locator('#brand')
    await brand.getByLabel('Brand name').fill('Sunway Travel')
    await brand.getByRole('textbox', { name: 'Main colour', exact: true }).fill('#0f5132')
    await brand.getByLabel('Reply-to email').fill('hello@sunway.example')
    const preview = page.frameLocator('iframe[title="Email preview"]')
    await expect(preview.getByText('Sunway Travel is watching fares for you', { exact: false })).toBeVisible()
    await brand.getByRole('button', { name: 'Save brand' }).click()
    await expect(brand.getByRole('button', { name: 'Upload logo' })).toBeEnabled()
    await brand.getByLabel('Logo file').setInputFiles({ name: 'sunway.png', mimeType: 'image/png', buffer: solidPng(160, 48, [0x0f, 0x51, 0x32]) })
    await expect(brand.getByRole('img', { name: 'Your logo' })).toBeVisible()

    // Twenty alerts for Maria from a CSV; one of them on a route whose fares are about to halve.
    const departure = inDays(33)
    const search = await page.request.post('/api/flights/search', { headers: { origin }, data: { params: { tripType: 'one-way', from: 'DEN', to: 'PHX', departureDate: departure }, filters: {} } })
    const { best, other } = (await search.json()) as { best: { price: number | null }[]; other: { price: number | null }[] }
    const cheapest = Math.min(...[...best, ...other].map((itinerary) => itinerary.price ?? Infinity))
    const rows = [`Denver to Phoenix,one-way,DEN,PHX,${departure},,${Math.round(cheapest * 0.8)},Maria Silva`]
    for (let i = 1; i < 20; i++) rows.push(`Lisbon option ${i},one-way,JFK,LIS,${inDays(40 + i)},,1,Maria Silva`)
    await page.goto('/alerts')
    await page.getByRole('button', { name: 'Import CSV' }).click()
    const importDialog = page.getByRole('dialog')
    await importDialog.getByLabel('CSV file').setInputFiles({ name: 'maria.csv', mimeType: 'text/csv', buffer: Buffer.from(['name,trip,from,to,depart,return,target_price,client', ...rows].join('\n')) })
    await importDialog.getByRole('button', { name: 'Check file' }).click()
    await expect(importDialog.getByText('20 rows, no problems. Ready to import.', { exact: false })).toBeVisible()
    await importDialog.getByRole('button', { name: 'Import 20 alerts' }).click()
    await expect(importDialog).toBeHidden()

    // A token for the advisor's own system, and a webhook endpoint on it.
    await page.goto('/profile')
    await page.getByLabel('Token name').fill('Agency CRM')
    await page.getByRole('button', { name: 'Create token' }).click()
    const token = (await page.getByLabel('New API token').textContent())!.trim()
    const api = { authorization: `Bearer ${token}` }
    const clients = (await (await request.get('/api/v1/clients', { headers: api })).json()) as { clients: { id: string; name: string; alertCount: number }[] }
    expect(clients.clients).toMatchObject([{ name: 'Maria Silva', alertCount: 20 }])

    const webhooks = page.getByRole('form', { name: 'Add a webhook endpoint' })
    await webhooks.getByLabel('Endpoint URL').fill(receiver.url)
    await webhooks.getByRole('checkbox').first().check()
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click()
    const secret = (await page.getByLabel('Signing secret').textContent())!.trim()
    expect(secret).toMatch(/^whsec_/)

    // Fares on the route halve; support runs the alert's check at once.
    const listed = (await (await request.get(`/api/v1/alerts?client=${clients.clients[0]!.id}&q=Phoenix`, { headers: api })).json()) as { alerts: { id: string }[] }
    expect((await admin.request.post('/api/admin/simulator/shocks', { headers: adminHeaders, data: { from: 'DEN', to: 'PHX', factor: 0.5, hours: 2 } })).status()).toBe(201)
    await expect.poll(async () => (await admin.request.post(`/api/admin/alerts/${listed.alerts[0]!.id}/check`, { headers: adminHeaders })).status(), { timeout: 20_000 }).toBe(200)
    await admin.close()

    // Maria's email, in the advisor's brand and answering to them…
    let notice: OutboxMessage | undefined
    await expect.poll(async () => (notice = (await outbox(clientEmail)).find((m) => m.subject.startsWith('Price drop: DEN → PHX'))), { timeout: 30_000 }).toBeTruthy()
    expect(notice!.text).toContain('Sunway Travel is watching fares for you')
    expect(notice!.html).toContain('background-color:#0f5132')
    expect(notice!.html).toContain('/api/brand-logos/')
    expect(notice!.headers['Reply-To']).toBe('hello@sunway.example')
    expect(notice!.headers['List-Unsubscribe']).toContain('/api/clients/')
    expect((await outbox(advisorEmail)).some((m) => m.subject.startsWith('Price drop'))).toBe(false)

    // …and the advisor's system told, signed with the endpoint's secret.
    await expect.poll(() => receiver.received.find((r) => r.body.includes('"alert.triggered"')), { timeout: 30_000 }).toBeTruthy()
    const delivery = receiver.received.find((r) => r.body.includes('"alert.triggered"'))!
    expect(signatureHolds(delivery.signature, delivery.body, secret)).toBe(true)
    const event = JSON.parse(delivery.body) as { type: string; data: { alert_id?: string; client_id?: string } }
    expect(event).toMatchObject({ type: 'alert.triggered', data: { client_id: clients.clients[0]!.id } })
  } finally {
    await receiver.close()
  }
})
