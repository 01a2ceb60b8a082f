/**
 * Security target H6 (CORS): an untrusted Origin is never echoed in Access-Control-Allow-Origin,
 * and credentials are never allowed together with `*`. The web app is same-origin: the API sends
 * no CORS headers to any web site, so a browser lets no other site read an answer. The one
 * exception is the native app's pages (decision 036: capacitor://localhost, https://localhost,
 * http://localhost), which call it with a bearer token and no cookies: they get their own origin
 * back and never `Access-Control-Allow-Credentials`. Figure: every route × 5 untrusted origins ×
 * (preflight, request with the user's cookie): 0 echoes, 0 `*` with credentials; every route × 3
 * app origins: 0 answers allowing credentials, 0 with another origin than the caller's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '#tests/support/alert-fixtures.ts'
import { appRoutes } from '#tests/support/app-routes.ts'
import { createTestApp, TEST_ORIGIN, type TestApp } from '#tests/support/test-app.ts'
import { NATIVE_APP_ORIGINS } from './native-app.ts'

let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  const user = await signedInUser(t, 'cors')
  cookie = [...user.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
})
afterAll(async () => {
  await t.close()
})

/** Origins a browser may send that are not ours: another site, a sandboxed frame, look-alikes of ours. */
const UNTRUSTED = ['https://evil.example', 'null', `${TEST_ORIGIN}.evil.example`, 'http://evil.localhost:3999', TEST_ORIGIN.replace('http:', 'https:')]

const path = (template: string) => template.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000')

/** The CORS headers of an answer, by name. */
function corsHeaders(res: Response): Record<string, string> {
  return Object.fromEntries([...res.headers].filter(([name]) => name.startsWith('access-control-')))
}

describe('H6: CORS', () => {
  it('echoes no untrusted Origin and never allows credentials with `*`, on any route, preflight or not', async () => {
    const routes = appRoutes(t)
    expect(routes.length).toBeGreaterThan(90)
    const echoed: string[] = []
    const wildcardWithCredentials: string[] = []
    const anyCors: string[] = []
    let sent = 0
    for (const route of routes) {
      for (const origin of UNTRUSTED) {
        const preflight = t.app.request(path(route.path), {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': route.method, 'access-control-request-headers': 'content-type' },
        })
        const request = t.app.request(path(route.path), {
          method: route.method,
          headers: { origin, cookie, ...(['GET', 'HEAD'].includes(route.method) ? {} : { 'content-type': 'application/json' }) },
          ...(['GET', 'HEAD'].includes(route.method) ? {} : { body: '{}' }),
        })
        for (const [kind, res] of [['preflight', await preflight], ['request', await request]] as const) {
          sent++
          const cors = corsHeaders(res)
          const label = `${kind} ${route.method} ${route.path} from ${origin} → ${res.status} ${JSON.stringify(cors)}`
          const allowed = cors['access-control-allow-origin']
          if (allowed !== undefined && allowed !== '*' && allowed !== TEST_ORIGIN) echoed.push(label)
          if (allowed === '*' && cors['access-control-allow-credentials'] === 'true') wildcardWithCredentials.push(label)
          if (Object.keys(cors).length > 0) anyCors.push(label)
        }
      }
    }
    console.info(`[H6] ${routes.length} routes × ${UNTRUSTED.length} origins × 2 = ${sent} answers: ${echoed.length} echoed, ${wildcardWithCredentials.length} '*' with credentials`)
    expect(echoed).toEqual([])
    expect(wildcardWithCredentials).toEqual([])
    // What we ship: no CORS at all for them.
    expect(anyCors).toEqual([])
  })

  it('allows the native app’s origins without credentials on every API route, and refuses their writes that carry cookies', async () => {
    // The API's: the pages, /metrics and the app-link files outside /api are nothing the app calls.
    const routes = appRoutes(t).filter((route) => route.path.startsWith('/api/'))
    expect(routes.length).toBeGreaterThan(90)
    const wrong: string[] = []
    const cookieWrites: string[] = []
    for (const route of routes) {
      for (const origin of NATIVE_APP_ORIGINS) {
        const write = !['GET', 'HEAD'].includes(route.method)
        const preflight = await t.app.request(path(route.path), {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': route.method, 'access-control-request-headers': 'authorization, content-type' },
        })
        const request = await t.app.request(path(route.path), {
          method: route.method,
          headers: { origin, ...(write ? { 'content-type': 'application/json' } : {}) },
          ...(write ? { body: '{}' } : {}),
        })
        for (const [kind, res] of [['preflight', preflight], ['request', request]] as const) {
          const cors = corsHeaders(res)
          if (cors['access-control-allow-origin'] !== origin || 'access-control-allow-credentials' in cors) {
            wrong.push(`${kind} ${route.method} ${route.path} from ${origin} → ${res.status} ${JSON.stringify(cors)}`)
          }
        }
        if (write && !route.path.includes('/unsubscribe') && !route.path.endsWith('/confirm') && !route.path.endsWith('/callback/apple') && !route.path.endsWith('/simulated-seller')) {
          const withCookie = await t.app.request(path(route.path), { method: route.method, headers: { origin, cookie, 'content-type': 'application/json' }, body: '{}' })
          // The public API v1 drops cookies and asks for its token: 401 before anything runs.
          const refusal = route.path.startsWith('/api/v1/') ? 401 : 403
          if (withCookie.status !== refusal) cookieWrites.push(`${route.method} ${route.path} from ${origin} with a cookie → ${withCookie.status}`)
        }
      }
    }
    expect(wrong).toEqual([])
    expect(cookieWrites).toEqual([])
  })

  it('sends no CORS headers to our own origin either: the web app is served from it, so it needs none', async () => {
    const res = await t.app.request('/api/me', { headers: { origin: TEST_ORIGIN, cookie } })
    expect(res.status).toBe(200)
    expect(corsHeaders(res)).toEqual({})
  })
})
