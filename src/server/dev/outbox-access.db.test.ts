import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createVerifiedUser } from '#tests/support/verified-user.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { OUTBOX_KEY_COOKIE, OUTBOX_KEY_HEADER } from './outbox-key.ts'

/**
 * Who may read the local outbox, in the whole app (decision 030): it holds live sign-in links, so
 * being on this machine is not enough (every OS user of a shared machine reaches 127.0.0.1); it
 * takes the key the server prints at start-up, or an admin session.
 */
const ADMIN_EMAIL = 'outbox-admin@faredrop.test'
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL })
  await t.signUp(t.client(), 'outbox-reader@example.com')
})
afterAll(async () => {
  await t.close()
})

const PATHS = ['/api/dev/outbox', '/api/dev/outbox?to=outbox-reader@example.com']

describe('reading the local outbox', () => {
  it('is refused (404, as where there is none) to a caller on this machine without the key', async () => {
    for (const address of ['127.0.0.1', '::1']) {
      for (const path of PATHS) {
        const res = await t.clientAt(address).request(path)
        expect(res.status).toBe(404)
        expect(await res.json()).toMatchObject({ error: { code: 'not_found', message: 'There is no local outbox here.' } })
      }
    }
  })

  it('is refused with a wrong, truncated or padded key, in the header or the cookie', async () => {
    const key = t.services.outboxKey
    for (const wrong of ['', 'x', key.slice(0, -1), `${key}x`, key.toUpperCase() === key ? key.toLowerCase() : key.toUpperCase()]) {
      expect((await t.clientAt('127.0.0.1').request(PATHS[0]!, { headers: { [OUTBOX_KEY_HEADER]: wrong } })).status).toBe(404)
      const client = t.clientAt('127.0.0.1')
      client.cookies.set(OUTBOX_KEY_COOKIE, encodeURIComponent(wrong))
      expect((await client.request(PATHS[0]!)).status).toBe(404)
    }
  })

  it('is allowed with the key in its header, from anywhere', async () => {
    // The sign-up's email goes out just after its answer.
    await vi.waitFor(async () => {
      const res = await t.clientAt('203.0.113.9').request(PATHS[1]!, { headers: { [OUTBOX_KEY_HEADER]: t.services.outboxKey } })
      expect(res.status).toBe(200)
      const { messages } = (await res.json()) as { messages: { to: string; subject: string }[] }
      expect(messages.map((m) => m.subject)).toEqual(['Confirm your email for FareDrop'])
    })
  })

  it('is allowed to the mailbox page once it traded the key of the printed link for its cookie', async () => {
    const page = t.clientAt('127.0.0.1')
    expect((await page.request('/api/dev/outbox-key', { method: 'POST', json: { key: 'not the key' } })).status).toBe(404)
    expect(page.cookies.has(OUTBOX_KEY_COOKIE)).toBe(false)

    const res = await page.request('/api/dev/outbox-key', { method: 'POST', json: { key: t.services.outboxKey } })
    expect(res.status).toBe(204)
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(cookie).toMatch(/Path=\/api\/dev/)
    expect((await page.request(PATHS[1]!)).status).toBe(200)
  })

  it('is allowed to an admin session, and refused to any other signed-in user', async () => {
    const admin = (await createVerifiedUser(t, ADMIN_EMAIL)).client
    expect((await admin.request(PATHS[0]!)).status).toBe(200)
    const member = (await createVerifiedUser(t, 'outbox-member@example.com')).client
    expect((await member.request(PATHS[0]!)).status).toBe(404)
  })

  it('refuses a key offered in a body that is not the expected JSON', async () => {
    const page = t.clientAt('127.0.0.1')
    expect((await page.request('/api/dev/outbox-key', { method: 'POST', json: { key: 42 } })).status).toBe(400)
    expect((await page.request('/api/dev/outbox-key', { method: 'POST', json: { key: 'k'.repeat(201) } })).status).toBe(400)
  })
})
