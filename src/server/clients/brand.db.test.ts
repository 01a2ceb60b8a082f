/**
 * Decision 043, white-label: an Unlimited advisor's brand (name, colours, reply-to, logo) on what
 * their clients see. Checked the way an attacker would try it: markup in the name, a colour that
 * is CSS, a script dressed as a PNG, a file too large or too wide, someone else's plan.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRAND_LIMITS, BRAND_MESSAGES, type BrandView } from '#shared/brand.ts'
import { readJson, setPlan, signedInUser } from '#tests/support/alert-fixtures.ts'
import { solidPng } from '#tests/support/png.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { outboxMessages } from '../db/schema.ts'
import { splitStoredHtml } from '../email/outbox-mailer.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const BRAND = { brandName: 'Sunway Travel', primaryColor: '#0F5132', accentColor: '#7c2d12', replyTo: 'Hello@Sunway.example' }

async function advisor() {
  const user = await signedInUser(t, 'brand')
  await setPlan(t, user.userId, 'unlimited')
  return user
}
const saveBrand = (client: TestClient, body: unknown) => client.request('/api/me/brand', { method: 'PUT', json: body })
const uploadLogo = (client: TestClient, contentType: string, bytes: Buffer) =>
  client.request('/api/me/brand/logo', { method: 'PUT', json: { contentType, data: bytes.toString('base64') } })

describe('the brand', () => {
  it('is for Unlimited, and every field is checked with its message (colours readable under white text)', async () => {
    const free = await signedInUser(t, 'brand-free')
    expect(await readJson(await saveBrand(free.client, BRAND), 403)).toMatchObject({ error: { message: BRAND_MESSAGES.planOnly } })
    const { client } = await advisor()
    const errors = async (body: unknown) => (await readJson<{ error: { fieldErrors: Record<string, string[]> } }>(await saveBrand(client, body), 400)).error.fieldErrors
    expect(await errors({ ...BRAND, brandName: ' ' })).toEqual({ brandName: [BRAND_MESSAGES.name] })
    expect(await errors({ ...BRAND, primaryColor: 'red;background:url(x)' })).toEqual({ primaryColor: [BRAND_MESSAGES.color] })
    expect(await errors({ ...BRAND, accentColor: '#ffff00' })).toEqual({ accentColor: [BRAND_MESSAGES.contrast] })
    expect(await errors({ ...BRAND, replyTo: 'not an address' })).toEqual({ replyTo: [BRAND_MESSAGES.replyTo] })
    expect((await saveBrand(client, { ...BRAND, extra: 1 })).status).toBe(400)
    expect(await readJson<BrandView>(await saveBrand(client, BRAND), 200)).toEqual({
      brand: { brandName: 'Sunway Travel', primaryColor: '#0f5132', accentColor: '#7c2d12', replyTo: 'hello@sunway.example', logoUrl: null },
    })
  })

  it('takes a PNG, JPEG or WebP logo checked by its bytes, size and dimensions, and serves it from our origin for good', async () => {
    const { client } = await advisor()
    expect(await readJson(await uploadLogo(client, 'image/png', solidPng(4, 2)), 409)).toMatchObject({ error: { message: BRAND_MESSAGES.noBrand } })
    await saveBrand(client, BRAND)
    const logo = solidPng(120, 40)
    const saved = await readJson<BrandView>(await uploadLogo(client, 'image/png', logo), 200)
    expect(saved.brand!.logoUrl).toMatch(/^\/api\/brand-logos\/[0-9a-f]{64}$/)

    const served = await t.app.request(saved.brand!.logoUrl!)
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(logo)).toBe(true)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect((await t.app.request('/api/brand-logos/..%2F..%2Fapi%2Fme%2Fbrand')).status).toBe(404)
    expect((await t.app.request(`/api/brand-logos/${'0'.repeat(64)}`)).status).toBe(404)

    const refused = async (contentType: string, bytes: Buffer, status: number) => {
      const { error } = await readJson<{ error: { message: string; fieldErrors?: Record<string, string[]> } }>(await uploadLogo(client, contentType, bytes), status)
      return Object.values(error.fieldErrors ?? {})[0]?.[0] ?? error.message
    }
    expect(await refused('image/svg+xml', Buffer.from('<svg onload="alert(1)"/>'), 400)).toBe(BRAND_MESSAGES.logoType)
    expect(await refused('image/png', Buffer.from('<script>alert(1)</script>'), 400)).toBe(BRAND_MESSAGES.logoUnreadable)
    expect(await refused('image/jpeg', logo, 400)).toBe(BRAND_MESSAGES.logoUnreadable)
    expect(await refused('image/png', solidPng(BRAND_LIMITS.logoMaxSide + 1, 1), 400)).toBe(BRAND_MESSAGES.logoSide)
    expect(await refused('image/png', Buffer.concat([logo, Buffer.alloc(BRAND_LIMITS.logoMaxBytes)]), 400)).toBe(BRAND_MESSAGES.logoSize)
    expect(await refused('image/png', Buffer.alloc(BRAND_LIMITS.logoMaxBytes * 2), 413)).toBe(BRAND_MESSAGES.logoSize)

    const removed = await readJson<BrandView>(await client.request('/api/me/brand/logo', { method: 'DELETE' }), 200)
    expect(removed.brand!.logoUrl).toBeNull()
    expect((await t.app.request(saved.brand!.logoUrl!)).status).toBe(404)
  })

  it("is on the client's confirmation email and page: name escaped, colours, logo, replies to the advisor", async () => {
    const { client } = await advisor()
    await saveBrand(client, { ...BRAND, brandName: 'Sunway <b>Travel</b> & "Co"' })
    const { brand } = await readJson<BrandView>(await uploadLogo(client, 'image/png', solidPng(60, 20)), 200)
    const email = `brand-client-${Date.now()}@example.org`
    await readJson(await client.request('/api/clients', { method: 'POST', json: { name: 'Maria', email, channels: ['email'] } }), 201)
    const [row] = await t.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.to, email), eq(outboxMessages.channel, 'email')))
    const { html, headers } = splitStoredHtml(row!.html!)
    expect(row!.subject).toBe('Sunway <b>Travel</b> & "Co" would like to send you fare alerts')
    expect(html).toContain('Sunway &lt;b&gt;Travel&lt;/b&gt; &amp; &quot;Co&quot;')
    expect(html).not.toContain('<b>Travel</b>')
    expect(html).toContain('background-color:#0f5132')
    expect(html).toContain(`src="${t.services.publicUrl}${brand!.logoUrl}"`)
    expect(headers['Reply-To']).toBe('hello@sunway.example')
    expect(row!.text).toContain('Sent by FareDrop for Sunway <b>Travel</b> & "Co".')

    const confirm = row!.links.find((link) => link.includes('/confirm?'))!
    const page = await (await t.app.request(new URL(confirm).pathname + new URL(confirm).search)).text()
    expect(page).toContain(`<img class="logo" src="${brand!.logoUrl}" alt="Sunway &lt;b&gt;Travel&lt;/b&gt; &amp; &quot;Co&quot;">`)
    expect(page).toContain('border-top:4px solid #0f5132')
    expect(page.length).toBeLessThan(4_000)
  })

  it('previews a client’s price-drop email in an unsaved brand, as a framed document that runs no script', async () => {
    const { client } = await advisor()
    const query = new URLSearchParams({ brandName: 'Preview Travel', primaryColor: '#312e81', accentColor: '#166534', replyTo: '' })
    const res = await client.request(`/api/me/brand/preview?${query}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; frame-ancestors 'self'")
    const html = await res.text()
    expect(html).toContain('Preview Travel is watching fares for you')
    expect(html).toContain('background-color:#312e81')
    expect(html).toContain('color:#166534')
    expect(html).not.toContain('<script')
    expect((await client.request(`/api/me/brand/preview?${new URLSearchParams({ brandName: 'x', primaryColor: '#ffffff', accentColor: '#166534' })}`)).status).toBe(400)
    expect((await t.client().request(`/api/me/brand/preview?${query}`)).status).toBe(401)
    expect((await readJson<BrandView>(await client.request('/api/me/brand'), 200)).brand).toBeNull()
  })
})
