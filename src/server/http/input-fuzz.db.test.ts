import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeAlert } from '#tests/support/alert-fixtures.ts'
import { fieldsOf, ROUTE_INPUTS } from '#tests/support/api-inputs.ts'
import { createTestApp, uniqueEmail, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { createVerifiedUser } from '#tests/support/verified-user.ts'
import { INPUT_MESSAGES, isWellFormed } from './input-guard.ts'

/**
 * Security target H1: bad input never makes a 500, and no answer shows SQL or a stack. The routes
 * come from the running app's route table (ours) and the auth library's endpoint list (each with
 * its zod body schema); ours take their fields from the zod schemas in tests/support/api-inputs.ts.
 * Every route gets RUNS seeded inputs: hostile JSON (NUL characters, lone surrogates, 5,000 levels
 * of nesting, wrong types, nulls, huge numbers), a valid example with one field made hostile,
 * hostile query strings and path parameters, and bodies that are not JSON. Signed in as a fresh
 * user per route (an admin for /api/admin), and signed out for the auth library's routes.
 */
const RUNS = 100
const ADMIN_EMAIL = 'fuzz-admin@example.com'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL })
})
afterAll(async () => {
  await t.close()
})

interface Route {
  method: string
  path: string
  bodyFields: string[]
  example?: Record<string, unknown>
  queryFields: string[]
}

/** Every concrete route: ours from Hono's table (wildcard middleware left out), the auth library's from its endpoint list. */
function routeTable(): Route[] {
  const routes = new Map<string, Route>()
  const add = (method: string, path: string, bodyFields: string[] = []) => {
    if (path.includes('*') || method === 'ALL') return
    const key = `${method} ${path}`
    const input = ROUTE_INPUTS[key]
    const known = routes.get(key)
    routes.set(key, {
      method,
      path,
      bodyFields: [...new Set([...(known?.bodyFields ?? []), ...bodyFields, ...fieldsOf(input?.body?.schema), ...Object.keys(input?.body?.example ?? {})])],
      example: input?.body?.example,
      queryFields: [...new Set([...fieldsOf(input?.query?.schema), ...Object.keys(input?.query?.example ?? {})])],
    })
  }
  for (const route of t.app.routes) add(route.method, route.path)
  const api = t.services.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[]; body?: unknown } }>
  for (const endpoint of Object.values(api)) {
    if (!endpoint.path) continue
    const methods = [endpoint.options?.method ?? 'POST'].flat()
    // The endpoint's own zod schema names its fields.
    const fields = fieldsOf(endpoint.options?.body as never)
    for (const method of methods) add(method, `/api/auth${endpoint.path}`, fields)
  }
  return [...routes.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`))
}

// ---- hostile values ----

const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '%00',
  "'; drop table users; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '',
  ' ',
  '\r\n',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(400),
  'A'.repeat(20_000),
  '✈'.repeat(2_000),
]
const hostileText = fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ unit: 'binary', maxLength: 40 }))
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1, [], {}),
  fc.array(hostileText, { maxLength: 5 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 4 }),
)

/** A body as the client sends it: text, since some hostile bodies are not JSON at all. */
const DEEP = 5_000
function bodyArbitrary(route: Route): fc.Arbitrary<string> {
  const fields = route.bodyFields.length > 0 ? route.bodyFields : ['name', 'email', 'id']
  const base = route.example ?? Object.fromEntries(fields.map((field) => [field, 'x']))
  const withField = fc.tuple(fc.constantFrom(...fields), hostileValue).map(([field, value]) => JSON.stringify({ ...base, [field]: value }))
  const withNested = fc.tuple(fc.constantFrom(...fields), fc.constantFrom('array', 'object')).map(([field, shape]) =>
    // Built as text: JSON.stringify itself would recurse 5,000 deep.
    JSON.stringify({ ...base, [field]: 0 }).replace(/0}$/, `${shape === 'array' ? '['.repeat(DEEP) + ']'.repeat(DEEP) : '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP)}}`),
  )
  const whole = hostileValue.map((value) => JSON.stringify(value))
  const notJson = fc.constantFrom('{', '{"a":}', 'null\u0000', '\ufeff{}', '[1,2', "{'a':1}", 'undefined', '{"__proto__":{"isAdmin":true}}')
  return fc.oneof({ weight: 4, arbitrary: withField }, { weight: 1, arbitrary: withNested }, { weight: 2, arbitrary: whole }, { weight: 1, arbitrary: notJson })
}

function queryArbitrary(route: Route): fc.Arbitrary<string> {
  const fields = [...route.queryFields, 'q', 'id', 'token', 'callbackURL', 'u']
  const rawValue = fc.oneof(hostileText.map((text) => encodeURIComponent(isWellFormed(text) ? text : 'x')), fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', '%', '%%', '%FF', '%C0%AE'))
  return fc.array(fc.tuple(fc.constantFrom(...fields), rawValue), { minLength: 1, maxLength: 3 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'))
}

const pathValue = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '..%2F..%2Fetc', '00000000-0000-0000-0000-000000000000', '-1', '1e309', 'null', '%25', 'x'.repeat(500)),
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 20 }).map((text) => encodeURIComponent(isWellFormed(text) ? text : 'y')),
)

// ---- what must never appear ----

/** SQL, database errors or stack frames in an answer: what an attacker reads a system from. */
const LEAK =
  /syntax error at or near|violates (not-null|foreign key|unique|check) constraint|duplicate key value|relation "[^"]+" does not exist|column "[^"]+" (does not exist|of relation)|invalid byte sequence|Failed query:|\n\s+at [\w.<>$]+ \(|\.ts:\d+:\d+|node_modules\/|\bSELECT\b[^"]{0,80}\bFROM\b|\bINSERT INTO\b/i

/** A fresh signed-in user per route, so one route's effects (a sign-out, a lock) don't reach the next; one admin for /api/admin. */
let admin: TestClient | undefined
async function clientFor(route: Route): Promise<TestClient> {
  if (route.path.startsWith('/api/admin/')) return (admin ??= (await createVerifiedUser(t, ADMIN_EMAIL)).client)
  return (await createVerifiedUser(t, uniqueEmail('fuzz'))).client
}

describe('H1: bad input never answers 5xx', () => {
  it(`sends ${RUNS} hostile inputs to every route: 0 × 5xx, no SQL or stack in any answer`, { timeout: 600_000 }, async () => {
    const routes = routeTable()
    // Every route of both tables is here: a new route is fuzzed the day it lands.
    expect(routes.length).toBeGreaterThan(90)
    const failures: string[] = []
    let sent = 0
    for (const [index, route] of routes.entries()) {
      const signedIn = await clientFor(route)
      const anonymous = t.client()
      const input = fc.record({
        body: ['GET', 'HEAD'].includes(route.method) ? fc.constant(undefined) : bodyArbitrary(route),
        query: fc.option(queryArbitrary(route), { freq: 2 }),
        params: fc.array(pathValue, { minLength: 3, maxLength: 3 }),
        contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        signedOut: fc.boolean(),
      })
      const samples = fc.sample(input, { numRuns: RUNS, seed: 20_261_127 + index })
      for (const sample of samples) {
        let params = 0
        const path = route.path.replace(/:\w+/g, () => sample.params[params++ % 3]!)
        const url = sample.query ? `${path}?${sample.query}` : path
        const client = sample.signedOut && route.path.startsWith('/api/auth/') ? anonymous : signedIn
        const res = await client.request(url, {
          method: route.method,
          headers: sample.body === undefined ? {} : { 'content-type': sample.contentType },
          body: sample.body,
        })
        sent++
        const text = await res.text()
        // The readiness probe answers 503 by contract while no worker runs (this app has none).
        const failed = res.status >= 500 && !(route.path === '/api/ready' && res.status === 503)
        if (failed || LEAK.test(text)) failures.push(`${route.method} ${url.slice(0, 120)} ${JSON.stringify(sample.body?.slice(0, 120))} → ${res.status} ${text.slice(0, 200)}`)
      }
    }
    console.log(`[H1] ${routes.length} routes, ${sent} requests, ${failures.length} failures`)
    // One line per failing route (its first failure), then the count.
    const byRoute = new Map<string, string>()
    for (const failure of failures) {
      const key = failure.split(' ').slice(0, 2).join(' ').split('?')[0]!
      if (!byRoute.has(key)) byRoute.set(key, failure)
    }
    expect([...byRoute.values()]).toEqual([])
  })
})

describe('H1: the probe’s cases answer 400 with a clear message', () => {
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`
  const alertWith = (extra: string) => JSON.stringify(routeAlert()).replace(/}$/, `,${extra}}`)
  const CASES: { name: string; method: string; path: string; body?: string; status: number; message: string }[] = [
    { name: 'NUL in a sign-in email', method: 'POST', path: '/api/auth/sign-in/email', body: '{"email":"a\\u0000@example.com","password":"x"}', status: 400, message: INPUT_MESSAGES.nul },
    { name: 'NUL in a reset token', method: 'POST', path: '/api/auth/reset-password', body: '{"token":"a\\u0000b","newPassword":"a long password"}', status: 400, message: INPUT_MESSAGES.nul },
    { name: 'NUL in a magic-link token', method: 'GET', path: '/api/auth/magic-link/verify?token=a%00b', status: 400, message: INPUT_MESSAGES.nul },
    { name: 'NUL in an alert name', method: 'POST', path: '/api/alerts', body: alertWith('"name":"Trip\\u0000"').replace('"name":"JFK', '"x_name":"JFK'), status: 400, message: INPUT_MESSAGES.nul },
    { name: 'NUL in the alert search', method: 'GET', path: '/api/alerts?q=%00', status: 400, message: INPUT_MESSAGES.nul },
    { name: 'NUL in update-user', method: 'POST', path: '/api/auth/update-user', body: '{"name":"Ana\\u0000"}', status: 400, message: INPUT_MESSAGES.nul },
    { name: 'a lone surrogate in alert filters', method: 'POST', path: '/api/alerts', body: alertWith('"filters":{"airlines":["\\ud800"]}'), status: 400, message: INPUT_MESSAGES.unicode },
    { name: 'alert filters 5,000 deep', method: 'POST', path: '/api/alerts', body: alertWith(`"filters":${deep(5_000)}`), status: 400, message: INPUT_MESSAGES.depth },
    { name: 'a body that is not JSON', method: 'POST', path: '/api/auth/sign-in/email', body: '{"email":', status: 400, message: INPUT_MESSAGES.json },
  ]
  for (const testCase of CASES) {
    it(testCase.name, async () => {
      const { client } = await createVerifiedUser(t, uniqueEmail('probe'))
      const res = await client.request(testCase.path, { method: testCase.method, headers: testCase.body ? { 'content-type': 'application/json' } : {}, body: testCase.body })
      expect(res.status).toBe(testCase.status)
      expect(await res.json()).toMatchObject({ error: { message: testCase.message } })
    })
  }

  it('update-user with a null name is refused, and the name is kept', async () => {
    const { client } = await createVerifiedUser(t, uniqueEmail('probe'))
    const res = await client.request('/api/auth/update-user', { method: 'POST', json: { name: null } })
    expect(res.status).toBe(400)
    expect(((await (await client.request('/api/me')).json()) as { user: { name: string } }).user.name).toBe('Ana Lima')
  })
})
