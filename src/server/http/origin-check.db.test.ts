import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeAlert, signedInUser } from '#tests/support/alert-fixtures.ts'
import { appRoutes } from '#tests/support/app-routes.ts'
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { ORIGIN_MESSAGES } from './origin-check.ts'

/**
 * Issue 12, finding 6: our routes changed state for a cookie-bearing request with no Origin (even
 * with `Sec-Fetch-Site: cross-site` or a foreign Referer), and took JSON sent as text/plain, which
 * a page on another site can post without a preflight.
 */

let t: TestApp
let user: { client: TestClient; userId: string }
beforeAll(async () => {
  t = await createTestApp()
  user = await signedInUser(t, 'csrf')
})
afterAll(async () => {
  await t.close()
})

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')

/** A request as a browser would send it from somewhere, with the user's cookies and no Origin header of ours. */
function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return t.app.request(path, { method: init.method ?? 'POST', headers: { cookie: cookieOf(user.client), ...init.headers }, body: init.body })
}

const alertBody = JSON.stringify(routeAlert())
const alertCount = async () => ((await (await user.client.request('/api/alerts')).json()) as { alerts: unknown[] }).alerts.length

describe('state-changing requests that carry cookies', () => {
  it('are refused without an Origin, whatever else they claim, and change nothing', async () => {
    const before = await alertCount()
    const variants: Record<string, string>[] = [
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      { 'content-type': 'application/json', 'sec-fetch-site': 'same-site' },
      { 'content-type': 'application/json', referer: 'https://evil.example/page' },
      { 'content-type': 'application/json', referer: `${TEST_ORIGIN}/alerts` },
    ]
    for (const headers of variants) {
      const res = await send('/api/alerts', { headers, body: alertBody })
      expect(res.status, JSON.stringify(headers)).toBe(403)
      expect(await res.json()).toMatchObject({ error: { code: 'forbidden', message: ORIGIN_MESSAGES.noOrigin } })
    }
    expect((await send('/api/me/sessions/revoke-others', { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403)
    expect(await alertCount()).toBe(before)
  })

  it('pass when the browser says they came from our own pages, or name our origin', async () => {
    const sameOrigin = await send('/api/alerts', { headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: alertBody })
    expect(sameOrigin.status).toBe(201)
    const withOrigin = await send('/api/alerts', { headers: { 'content-type': 'application/json', origin: TEST_ORIGIN }, body: alertBody })
    expect(withOrigin.status).toBe(201)
    const foreign = await send('/api/alerts', { headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: alertBody })
    expect(foreign.status).toBe(403)
  })

  it('take JSON only as application/json: text/plain and form bodies get 415', async () => {
    const before = await alertCount()
    for (const contentType of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await send('/api/alerts', { headers: { 'content-type': contentType, origin: TEST_ORIGIN }, body: alertBody })
      expect(res.status, contentType).toBe(415)
      expect(await res.json()).toMatchObject({ error: { code: 'unsupported_media_type', message: ORIGIN_MESSAGES.notJson } })
    }
    const none = await t.app.request('/api/alerts', { method: 'POST', headers: { cookie: cookieOf(user.client), origin: TEST_ORIGIN }, body: alertBody })
    expect(none.status).toBe(415)
    expect(await alertCount()).toBe(before)
  })
})

describe('requests without cookies', () => {
  it('pass without an Origin, as scripts and servers send them (nothing ambient to abuse)', async () => {
    const res = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }),
    })
    expect(res.status).toBe(401)
  })

  it('an empty action body needs no content type', async () => {
    const res = await send('/api/me/sessions/revoke-others', { headers: { origin: TEST_ORIGIN } })
    expect(res.status).toBe(200)
  })
})

describe('every state-changing route, from the route table (A10)', () => {
  // Each has its own proof instead of the browser's Origin (decision 028): Apple's form post
  // carries the flow's state, the simulated seller page and one-click unsubscribe a signed token,
  // the public API v1 a personal API token (it drops cookies: api-tokens/api-v1.db.test.ts).
  const EXEMPT = [/^\/api\/auth\/callback\/apple$/, /^\/api\/flights\/simulated-seller$/, /^\/api\/alerts\/(digests\/)?:id\/unsubscribe$/, /^\/api\/clients\/:id\/(confirm|unsubscribe)$/, /^\/api\/v1\//]
  const mutating = () =>
    appRoutes(t).filter(({ method, path }) => !['GET', 'HEAD', 'OPTIONS'].includes(method) && !EXEMPT.some((rule) => rule.test(path)))

  it('refuses a cookie-bearing request from a foreign Origin, or with none and Sec-Fetch-Site: cross-site: 403 on all of them', async () => {
    const routes = mutating()
    expect(routes.length).toBeGreaterThan(60)
    const passed: string[] = []
    for (const { method, path } of routes) {
      const url = path.replace(/:[A-Za-z]+/g, 'x')
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
        const res = await send(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: '{}' })
        if (res.status !== 403) passed.push(`${method} ${path} ${JSON.stringify(headers)} → ${res.status}`)
      }
    }
    expect(passed).toEqual([])
  })
})
