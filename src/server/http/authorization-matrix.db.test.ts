import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAlertVia, setPlan, signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { createVerifiedUser } from '#tests/support/verified-user.ts'
import { sessions } from '../db/schema.ts'

/**
 * Issue 12: the authorization matrix, generated from the running app's route table so a new route
 * can't be forgotten. Every route is either public (with the reason), the auth library's (its own
 * tests), admin-only (anonymous → 401, a member → 403), the caller's own (anonymous → 401), or about
 * one object (anonymous → 401; another signed-in user → 404, the owner's object unchanged).
 */

const ADMIN_EMAIL = 'matrix-admin@example.com'
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ana Lima' }

/** Routes anyone may call, and what guards them instead of a session. */
const PUBLIC: Record<string, string> = {
  'GET /api/health': 'liveness probe',
  'GET /api/ready': 'readiness probe',
  'GET /api/auth-config': 'which sign-in buttons to show',
  'POST /api/auth/resend': 'a verification email names its address, behind the challenge; a phone code needs the session (auth/resend.db.test.ts)',
  'GET /api/session': 'answers `user: null` when signed out',
  'GET /api/captcha/config': 'the challenge a form must solve',
  'GET /api/captcha/challenge': 'the challenge a form must solve',
  'GET /api/airports': 'search is open to visitors',
  'POST /api/flights/search': 'search is open to visitors',
  'POST /api/flights/next': 'search is open to visitors',
  'POST /api/flights/booking-options': 'search is open to visitors',
  'GET /api/flights/price-insights': 'search is open to visitors',
  'GET /api/flights/calendar': 'search is open to visitors',
  'GET /api/flights/date-grid': 'search is open to visitors',
  'GET /api/flights/flexible': 'search is open to visitors',
  'GET /api/flights/observed-history': 'search is open to visitors',
  'GET /api/flights/forecast': 'search is open to visitors',
  'GET /api/flights/simulated-seller': 'the simulated airline page a Book button opens',
  'POST /api/flights/simulated-seller': 'the simulated airline page a Book button opens',
  'GET /api/alerts/:id/unsubscribe': "the signed token in an email's link",
  'POST /api/alerts/:id/unsubscribe': "the signed token in an email's link (one-click, RFC 8058)",
  'GET /api/alerts/digests/:id/unsubscribe': "the signed token in a daily digest email's link (unsubscribe.db.test.ts)",
  'POST /api/alerts/digests/:id/unsubscribe': "the signed token in a daily digest email's link (one-click, RFC 8058)",
  'GET /api/clients/:id/confirm': "the signed token in a client's confirmation request (clients/clients.db.test.ts)",
  'POST /api/clients/:id/confirm': "the signed token in a client's confirmation request (clients/clients.db.test.ts)",
  'GET /api/clients/:id/unsubscribe': "the signed token in a client's notice (clients/clients.db.test.ts)",
  'POST /api/clients/:id/unsubscribe': "the signed token in a client's notice (one-click, RFC 8058)",
  'GET /api/brand-logos/:hash': 'an advisor’s logo, loaded by their clients’ emails: public by design (clients/brand.db.test.ts)',
  'POST /api/billing/stripe-webhook': "Stripe's signature",
  'GET /api/dev/outbox': 'the outbox key or an admin (dev/outbox-access.db.test.ts)',
  'GET /api/dev/outbox/:id/html': 'the outbox key or an admin (dev/outbox-access.db.test.ts)',
  'POST /api/dev/outbox-key': 'trades the outbox key for a cookie, 404 without it (dev/outbox-access.db.test.ts)',
  'GET /api/push/public-key': 'the VAPID public key is public by design',
  'GET /metrics': 'the metrics token, or loopback only (metrics/metrics.db.test.ts)',
  'GET /.well-known/assetlinks.json': 'the app-link file Android fetches: public by design (http/app-links.db.test.ts)',
  'GET /.well-known/apple-app-site-association': 'the app-link file Apple fetches: public by design (http/app-links.db.test.ts)',
  'GET /api/v1/openapi.json': "the public API's OpenAPI document: public by design (api-v1/openapi.db.test.ts)",
  'GET /api/v1/docs': "the public API's reference page: public by design (api-v1/openapi.db.test.ts)",
  'GET /api/v1/docs/:version/:file': "the reference page's script and style files (api-v1/openapi.db.test.ts)",
}

interface Owned {
  /** The object's id in the path. */
  id: string
  /** What the owner sees of it now: compared before and after the other user's attempts. */
  look: () => Promise<unknown>
}

let t: TestApp
let owner: { client: TestClient; userId: string }
let other: { client: TestClient; userId: string }
let member: TestClient
/** A member on each paid plan: the admin gate is about the role, never the plan (Unlimited included). */
let paying: { plan: string; client: TestClient }[]
let admin: TestClient
const anonymous = () => t.client()

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL })
  owner = await signedInUser(t, 'owner')
  other = await signedInUser(t, 'other')
  member = (await signedInUser(t, 'member')).client
  paying = []
  for (const plan of ['premium', 'elite', 'unlimited'] as const) {
    const user = await signedInUser(t, plan)
    await setPlan(t, user.userId, plan)
    paying.push({ plan, client: user.client })
  }
  admin = (await createVerifiedUser(t, ADMIN_EMAIL)).client
})
afterAll(async () => {
  await t.close()
})

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown })

/** One object of the owner per kind of `:id` route, made through the API as the owner would. */
const OBJECTS: { prefix: RegExp; make: () => Promise<Owned> }[] = [
  {
    prefix: /^\/api\/alerts\/:id/,
    make: async () => {
      const alert = await createAlertVia(owner.client)
      return { id: alert.id, look: async () => json(await owner.client.request(`/api/alerts/${alert.id}`)) }
    },
  },
  {
    prefix: /^\/api\/clients\/:id/,
    make: async () => {
      await setPlan(t, owner.userId, 'unlimited')
      const res = await owner.client.request('/api/clients', { method: 'POST', json: { name: 'Matrix client', email: `matrix-${Date.now()}@example.org`, channels: ['email'] } })
      const { client } = (await res.json()) as { client: { id: string } }
      return { id: client.id, look: async () => json(await owner.client.request(`/api/clients/${client.id}`)) }
    },
  },
  {
    prefix: /^\/api\/me\/api-tokens\/:id$/,
    make: async () => {
      await setPlan(t, owner.userId, 'unlimited')
      const res = await owner.client.request('/api/me/api-tokens', { method: 'POST', json: { name: 'Matrix', scopes: ['read'] } })
      const { apiToken } = (await res.json()) as { apiToken: { id: string } }
      return { id: apiToken.id, look: async () => json(await owner.client.request('/api/me/api-tokens')) }
    },
  },
  {
    prefix: /^\/api\/me\/webhooks\/:id/,
    make: async () => {
      await setPlan(t, owner.userId, 'unlimited')
      // A public address literal: the SSRF guard (on here) takes it without a DNS lookup; nothing is sent in this test.
      const res = await owner.client.request('/api/me/webhooks', { method: 'POST', json: { url: 'https://93.184.215.14/matrix', events: ['alert.triggered'] } })
      const { endpoint } = (await res.json()) as { endpoint: { id: string } }
      const look = async () => ({
        list: await json(await owner.client.request('/api/me/webhooks')),
        secret: await json(await owner.client.request(`/api/me/webhooks/${endpoint.id}/secret`)),
        log: await json(await owner.client.request(`/api/me/webhooks/${endpoint.id}/deliveries`)),
      })
      return { id: endpoint.id, look }
    },
  },
  {
    prefix: /^\/api\/me\/webhooks\/deliveries\/:id/,
    make: async () => {
      await setPlan(t, owner.userId, 'unlimited')
      const { endpoints } = (await (await owner.client.request('/api/me/webhooks')).json()) as { endpoints: { id: string }[] }
      const res = await owner.client.request(`/api/me/webhooks/${endpoints[0]!.id}/test`, { method: 'POST' })
      const { delivery } = (await res.json()) as { delivery: { id: string } }
      return { id: delivery.id, look: async () => json(await owner.client.request(`/api/me/webhooks/${endpoints[0]!.id}/deliveries`)) }
    },
  },
  {
    prefix: /^\/api\/me\/sessions\/:id$/,
    make: async () => {
      const [session] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, owner.userId))
      return { id: session!.id, look: async () => (await owner.client.request('/api/me')).status }
    },
  },
  {
    prefix: /^\/api\/me\/second-factors\/:id$/,
    make: async () => {
      await t.enableTwoFactor(owner.client)
      const factors = async () => json(await owner.client.request('/api/me/second-factors'))
      const { body } = await factors()
      return { id: (body as { factors: { id: string }[] }).factors[0]!.id, look: factors }
    },
  },
  {
    prefix: /^\/api\/billing\/local\/checkout\/:id/,
    make: async () => {
      const res = await owner.client.request('/api/billing/checkout', { method: 'POST', json: { priceId: 'premium_monthly' } })
      const { sessionId } = (await res.json()) as { sessionId: string }
      return { id: sessionId, look: async () => json(await owner.client.request(`/api/billing/local/checkout/${sessionId}`)) }
    },
  },
  {
    prefix: /^\/api\/billing\/local\/portal\/:id/,
    make: async () => {
      // A portal needs a subscription: the owner checks out and pays first.
      const started = (await (await owner.client.request('/api/billing/checkout', { method: 'POST', json: { priceId: 'premium_monthly' } })).json()) as { sessionId: string }
      await owner.client.request(`/api/billing/local/checkout/${started.sessionId}/pay`, { method: 'POST', json: GOOD_CARD })
      const { url } = (await (await owner.client.request('/api/billing/portal', { method: 'POST' })).json()) as { url: string }
      const id = new URL(url, 'http://x').searchParams.get('session')!
      return {
        id,
        look: async () => ({ portal: await json(await owner.client.request(`/api/billing/local/portal/${id}`)), subscription: await json(await owner.client.request('/api/billing/subscription')) }),
      }
    },
  },
]

/** A body that passes validation, so the answer is about who asks and not about what was sent. */
function bodyFor(method: string, path: string): unknown {
  // Removing a second factor takes the caller's own (right) password: the answer is about whose factor it is.
  if (path === '/api/me/second-factors/:id') return method === 'DELETE' ? { password: TEST_PASSWORD } : { friendlyName: 'Renamed by someone else' }
  if (method === 'GET' || method === 'DELETE') return undefined
  if (path.endsWith('/pay') || path.endsWith('/card')) return GOOD_CARD
  if (path.endsWith('/switch')) return { priceId: 'elite_monthly' }
  if (path === '/api/alerts/:id' || path === '/api/v1/alerts/:id') return { name: 'Renamed by someone else' }
  return {}
}

function send(client: TestClient, method: string, path: string, id = 'x') {
  const body = bodyFor(method, path)
  return client.request(path.replace(':id', id), { method, ...(body === undefined ? {} : { json: body }) })
}

function routeTable(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>()
  for (const route of t.app.routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path })
  }
  return [...seen.values()]
}

const isLibrary = (path: string) => path.startsWith('/api/auth/')
/**
 * The public API v1 answers personal API tokens only (cookies dropped): anonymous → 401 here, and
 * another advisor's token → 404 on every per-object v1 route (the last test below).
 */
const isTokenApi = (path: string) => path.startsWith('/api/v1/')

describe('authorization matrix (from the route table)', () => {
  it('classifies every route: a new one fails here until it is public, admin, own or per object', () => {
    const unclassified = routeTable().filter(({ method, path }) => {
      const key = `${method} ${path}`
      return !(key in PUBLIC) && !isLibrary(path) && !isTokenApi(path) && !path.startsWith('/api/admin/') && (path.includes(':') ? !OBJECTS.some((o) => o.prefix.test(path)) : false)
    })
    expect(unclassified).toEqual([])
    expect(routeTable().length).toBeGreaterThan(50)
  })

  it('admin routes: anonymous → 401, a free, premium, elite or unlimited member → 403, an admin gets past the check', async () => {
    const wrong: string[] = []
    const adminRoutes = routeTable().filter((r) => r.path.startsWith('/api/admin/'))
    expect(adminRoutes.length).toBeGreaterThanOrEqual(29)
    for (const { method, path } of adminRoutes) {
      if ((await send(anonymous(), method, path)).status !== 401) wrong.push(`anonymous ${method} ${path}`)
      if ((await send(member, method, path)).status !== 403) wrong.push(`member ${method} ${path}`)
      for (const { plan, client } of paying) if ((await send(client, method, path)).status !== 403) wrong.push(`${plan} ${method} ${path}`)
      const asAdmin = (await send(admin, method, path)).status
      if (asAdmin === 401 || asAdmin === 403) wrong.push(`admin ${method} ${path} → ${asAdmin}`)
    }
    expect(wrong).toEqual([])
  })

  it('the caller’s own routes: anonymous → 401', async () => {
    const own = routeTable().filter(({ method, path }) => !(`${method} ${path}` in PUBLIC) && !isLibrary(path) && !path.startsWith('/api/admin/'))
    const wrong: string[] = []
    for (const { method, path } of own) {
      const status = (await send(anonymous(), method, path)).status
      if (status !== 401) wrong.push(`${method} ${path} → ${status}`)
    }
    expect(wrong).toEqual([])
  })

  it('per-object routes: another user gets 404 for every method, and the owner’s object is unchanged (0 cross-user access)', async () => {
    const objectRoutes = routeTable().filter(({ method, path }) => path.includes(':id') && !(`${method} ${path}` in PUBLIC) && !path.startsWith('/api/admin/') && !isTokenApi(path))
    const crossings: string[] = []
    let attempts = 0
    for (const kind of OBJECTS) {
      const routes = objectRoutes.filter((r) => kind.prefix.test(r.path))
      expect(routes.length).toBeGreaterThan(0)
      const object = await kind.make()
      const before = await object.look()
      // Reads first, then writes, then deletes: a delete that went through would hide the rest.
      const order = (method: string) => ['GET', 'PATCH', 'PUT', 'POST', 'DELETE'].indexOf(method)
      for (const { method, path } of routes.sort((a, b) => order(a.method) - order(b.method))) {
        attempts++
        const res = await send(other.client, method, path, object.id)
        if (res.status !== 404) crossings.push(`${method} ${path} → ${res.status}`)
      }
      expect(await object.look(), kind.prefix.source).toEqual(before)
    }
    expect(attempts).toBeGreaterThanOrEqual(10)
    expect(crossings).toEqual([])
  })

  it('per-object v1 routes: another advisor’s read-and-write token gets 404 for every method, and the owner’s object is unchanged', async () => {
    const tokenOf = async (client: TestClient) => {
      const res = await client.request('/api/me/api-tokens', { method: 'POST', json: { name: 'Matrix', scopes: ['write'] } })
      return ((await res.json()) as { token: string }).token
    }
    await setPlan(t, owner.userId, 'unlimited')
    const stranger = await signedInUser(t, 'v1-stranger')
    await setPlan(t, stranger.userId, 'unlimited')
    const token = await tokenOf(stranger.client)
    const alert = await createAlertVia(owner.client)
    const created = await owner.client.request('/api/clients', { method: 'POST', json: { name: 'Matrix v1 client', email: `matrix-v1-${Date.now()}@example.org`, channels: ['email'] } })
    const { client } = (await created.json()) as { client: { id: string } }
    const objects = [
      { prefix: /^\/api\/v1\/alerts\/:id/, id: alert.id, look: async () => json(await owner.client.request(`/api/alerts/${alert.id}`)) },
      { prefix: /^\/api\/v1\/clients\/:id/, id: client.id, look: async () => json(await owner.client.request(`/api/clients/${client.id}`)) },
    ]
    const v1Routes = routeTable().filter(({ path }) => isTokenApi(path) && path.includes(':id'))
    const unclassified = v1Routes.filter(({ path }) => !objects.some((o) => o.prefix.test(path)))
    expect(unclassified).toEqual([])
    const crossings: string[] = []
    const order = (method: string) => ['GET', 'PATCH', 'PUT', 'POST', 'DELETE'].indexOf(method)
    for (const object of objects) {
      const before = await object.look()
      for (const { method, path } of v1Routes.filter((r) => object.prefix.test(r.path)).sort((a, b) => order(a.method) - order(b.method))) {
        const body = bodyFor(method, path)
        const res = await t.app.request(path.replace(':id', object.id), {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
        if (res.status !== 404) crossings.push(`${method} ${path} → ${res.status}`)
      }
      expect(await object.look(), object.prefix.source).toEqual(before)
    }
    expect(crossings).toEqual([])
  })
})
