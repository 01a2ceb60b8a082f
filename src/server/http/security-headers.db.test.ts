/**
 * Security target H3 (header audit): HTML, API, 404 and error responses, over plain HTTP and with
 * HTTPS on, all carry a CSP with `object-src 'none'`, `base-uri 'none'` and `frame-ancestors 'none'`,
 * HSTS of at least a year with includeSubDomains (sent on every response, HTTPS or not: browsers
 * ignore it over plain HTTP), nosniff and a Referrer-Policy, and none says X-Powered-By. Figure:
 * 100% of the responses below, in both modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAppDeps } from '#tests/support/app-deps.ts'
import { refusingDb, type UnreachableDb } from '#tests/support/unreachable-db.ts'
import { createApp, type AppDeps } from '../app.ts'
import type { Database } from '../db/client.ts'
import { OUTBOX_KEY_HEADER } from '../dev/outbox-key.ts'

let database: Database
let deps: AppDeps
let down: UnreachableDb

beforeAll(async () => {
  ;({ database, deps } = await openAppDeps())
  down = await refusingDb()
})

afterAll(async () => {
  await down.close()
  await database.close()
})

const ONE_YEAR_SECONDS = 31_536_000

/** One response of each kind the server makes: what it answers, and the request that makes it. */
interface Probe {
  kind: string
  status: number
  send: (deps: AppDeps) => Response | Promise<Response>
}

const get = (url: string, headers: Record<string, string> = {}) => (d: AppDeps) => createApp(d).request(url, { headers })

const PROBES: Probe[] = [
  { kind: 'HTML page (prerendered route shell)', status: 200, send: get('/') },
  { kind: 'HTML app shell for a client route', status: 200, send: get('/search') },
  { kind: 'HTML 404 page', status: 404, send: get('/no-such-page') },
  { kind: 'hashed asset', status: 200, send: get('/assets/index-abc123.js') },
  { kind: 'missing asset', status: 404, send: get('/assets/missing-123.js') },
  { kind: 'public file', status: 200, send: get('/robots.txt') },
  { kind: 'API read', status: 200, send: get('/api/health') },
  { kind: 'API read, signed out', status: 200, send: get('/api/session') },
  { kind: 'API 401', status: 401, send: get('/api/me') },
  { kind: 'API 404', status: 404, send: get('/api/missing') },
  { kind: 'API 400 (input guard)', status: 400, send: get('/api/airports?q=a%00b') },
  {
    kind: 'API 403 (foreign Origin)',
    status: 403,
    send: (d) => createApp(d).request('/api/alerts', { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{}' }),
  },
  {
    kind: 'API 413 (body over the limit)',
    status: 413,
    send: (d) => createApp(d).request('/api/nope', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ padding: 'x'.repeat(2048) }) }),
  },
  {
    kind: 'API 500 (a dependency throws)',
    status: 500,
    send: (d) =>
      createApp({
        ...d,
        get drivers(): AppDeps['drivers'] {
          throw new Error('boom')
        },
      }).request('/api/health'),
  },
  {
    kind: 'API 503 (database unreachable)',
    status: 503,
    send: (d) => createApp({ ...d, db: down.db }).request('/api/dev/outbox', { headers: { [OUTBOX_KEY_HEADER]: d.outboxKey } }),
  },
  { kind: 'auth library answer', status: 200, send: get('/api/auth/get-session') },
  { kind: 'auth library redirect', status: 302, send: get('/api/auth/verify-email?token=x&callbackURL=%2F') },
  { kind: 'auth library 404', status: 404, send: get('/api/auth/no-such-endpoint') },
]

/** Every H3 header, checked on one response; returns the CSP for further checks. */
function expectHardened(res: Response, label: string): string {
  const csp = res.headers.get('content-security-policy') ?? ''
  const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values.join(' ')]))
  expect(directives.get('object-src'), label).toBe("'none'")
  // We ship 'none': no <base> element is needed, so none can be injected.
  expect(directives.get('base-uri'), label).toBe("'none'")
  expect(directives.get('frame-ancestors'), label).toBe("'none'")
  const hsts = res.headers.get('strict-transport-security') ?? ''
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0), label).toBeGreaterThanOrEqual(ONE_YEAR_SECONDS)
  expect(hsts, label).toMatch(/;\s*includeSubDomains/i)
  expect(res.headers.get('x-content-type-options'), label).toBe('nosniff')
  expect(res.headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin')
  expect(res.headers.get('x-powered-by'), label).toBeNull()
  return csp
}

describe('H3: security headers on every kind of response', () => {
  for (const httpsOnly of [false, true]) {
    it(`${PROBES.length} kinds of response (HTML, API, 404s, errors, the auth library's) over ${httpsOnly ? 'HTTPS' : 'plain HTTP'}: 100% hardened`, async () => {
      let hardened = 0
      for (const probe of PROBES) {
        const res = await probe.send({ ...deps, httpsOnly })
        expect(res.status, probe.kind).toBe(probe.status)
        const csp = expectHardened(res, probe.kind)
        // Over HTTPS a page can't load anything over plain HTTP; over HTTP that would break the page.
        expect(csp.includes('upgrade-insecure-requests'), probe.kind).toBe(httpsOnly)
        hardened++
      }
      console.info(`[H3] ${httpsOnly ? 'https' : 'http'}: ${hardened}/${PROBES.length} responses carry every header`)
      expect(hardened).toBe(PROBES.length)
    })
  }

  it('sends a strict CSP, HSTS, nosniff, no framing and a referrer policy on every response', async () => {
    const app = createApp(deps)
    // The auth library's answers too (issue 12: `x-request-id` on every response), a redirect among them.
    for (const url of ['/api/health', '/', '/assets/index-abc123.js', '/api/missing', '/api/auth/get-session', '/api/auth/verify-email?token=x&callbackURL=%2F', '/api/auth/no-such-endpoint']) {
      const res = await app.request(url)
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'none'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).not.toContain('unsafe-eval')
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('x-request-id') ?? 'missing', url).toMatch(/^[\w-]{8,}$/)
    }
  })

  it('lets the push service worker run from /sw.js: same-origin workers allowed, never cached stale', async () => {
    const res = await createApp(deps).request('/sw.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('content-security-policy')).toContain("worker-src 'self'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
