/**
 * Decision 042: personal API tokens and the public API v1. A token is shown once and kept hashed,
 * listed without its secret, scoped (read; read and write), revocable, rate-limited per token, and
 * opens exactly the app's own alert routes for its owner: the same validation, quotas and
 * ownership. Tried the way an attacker would: no token, a forged one, a cookie instead, another
 * user's alert, a read token writing, a downgraded owner, a flood.
 */
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Alert } from '#shared/alerts/alert.ts'
import { API_TOKEN_MESSAGES, API_TOKEN_REQUESTS_PER_MINUTE, MAX_API_TOKENS, type ApiTokenView, type CreatedApiToken } from '#shared/api-tokens.ts'
import { createAlertVia, readJson, routeAlert, setPlan, signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { alerts, apiTokens, profiles } from '../db/schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

/** A call from an advisor's own system: no cookies, no Origin, the token in the header. */
function v1(path: string, token: string | null, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers)
  if (token !== null) headers.set('authorization', `Bearer ${token}`)
  if (init.json !== undefined) headers.set('content-type', 'application/json')
  return Promise.resolve(t.app.request(`/api/v1${path}`, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) }))
}

const create = async (client: TestClient, body: unknown) => client.request('/api/me/api-tokens', { method: 'POST', json: body })

async function advisorWithToken(scopes: string[] = ['write']) {
  const user = await signedInUser(t, 'api')
  await setPlan(t, user.userId, 'unlimited')
  const created = await readJson<CreatedApiToken>(await create(user.client, { name: 'Agency CRM', scopes }), 201)
  return { ...user, token: created.token, apiToken: created.apiToken }
}

describe('personal API tokens', () => {
  it('shows the token once, keeps only its hash, and lists it without the secret', async () => {
    const { client, userId, token, apiToken } = await advisorWithToken()
    expect(token).toMatch(/^fd_[A-Za-z0-9_-]{43}$/)
    expect(apiToken).toMatchObject({ name: 'Agency CRM', scopes: ['read', 'write'], prefix: `${token.slice(0, 9)}…`, lastUsedAt: null })
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.userId, userId))
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(token)
    const listed = await readJson<{ tokens: ApiTokenView[] }>(await client.request('/api/me/api-tokens'), 200)
    expect(listed.tokens).toEqual([apiToken])
    expect(JSON.stringify(listed)).not.toContain(token.slice(9))
  })

  it('is for Unlimited, named and scoped with the exact messages, at most 20 an account', async () => {
    const free = await signedInUser(t, 'api-free')
    expect(await readJson(await create(free.client, { name: 'x', scopes: ['read'] }), 403)).toMatchObject({ error: { message: API_TOKEN_MESSAGES.planOnly } })
    const { client } = await advisorWithToken()
    expect(await readJson(await create(client, { name: ' ', scopes: ['read'] }), 400)).toMatchObject({ error: { fieldErrors: { name: [API_TOKEN_MESSAGES.name] } } })
    expect(await readJson(await create(client, { name: 'x', scopes: [] }), 400)).toMatchObject({ error: { fieldErrors: { scopes: [API_TOKEN_MESSAGES.scopes] } } })
    expect((await create(client, { name: 'x', scopes: ['admin'] })).status).toBe(400)
    expect((await create(client, { name: 'x', scopes: ['read'], userId: 'someone' })).status).toBe(400)
    for (let i = 1; i < MAX_API_TOKENS; i++) await readJson(await create(client, { name: `Token ${i}`, scopes: ['read'] }), 201)
    expect(await readJson(await create(client, { name: 'One more', scopes: ['read'] }), 409)).toMatchObject({ error: { message: API_TOKEN_MESSAGES.tooMany } })
  })

  it('revoked, it stops working at once; nobody else can revoke it', async () => {
    const { client, token, apiToken } = await advisorWithToken()
    expect((await v1('/alerts', token)).status).toBe(200)
    const other = await signedInUser(t, 'api-other')
    expect((await other.client.request(`/api/me/api-tokens/${apiToken.id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await v1('/alerts', token)).status).toBe(200)
    expect((await client.request(`/api/me/api-tokens/${apiToken.id}`, { method: 'DELETE' })).status).toBe(200)
    expect(await readJson(await v1('/alerts', token), 401)).toMatchObject({ error: { message: API_TOKEN_MESSAGES.invalid } })
  })

  it('records when it was last used', async () => {
    const { client, token } = await advisorWithToken()
    await v1('/alerts', token)
    const [listed] = (await readJson<{ tokens: ApiTokenView[] }>(await client.request('/api/me/api-tokens'), 200)).tokens
    expect(listed!.lastUsedAt).not.toBeNull()
  })
})

describe('the public API v1', () => {
  it('runs the app’s alert routes for the token’s owner: create, list, read, change, delete', async () => {
    const { token } = await advisorWithToken()
    const created = await readJson<{ alert: Alert }>(await v1('/alerts', token, { method: 'POST', json: { ...routeAlert({ name: 'From the CRM' }), check_frequency: '45m' } }), 201)
    expect(created.alert).toMatchObject({ name: 'From the CRM', check_frequency: '45m' })
    const list = await readJson<{ alerts: Alert[] }>(await v1('/alerts', token), 200)
    expect(list.alerts.map((alert) => alert.name)).toEqual(['From the CRM'])
    expect((await readJson<{ alert: Alert }>(await v1(`/alerts/${created.alert.id}`, token), 200)).alert.id).toBe(created.alert.id)
    expect((await readJson<{ alert: Alert }>(await v1(`/alerts/${created.alert.id}`, token, { method: 'PATCH', json: { target_price: 380 } }), 200)).alert.target_price).toBe(380)
    expect((await v1(`/alerts/${created.alert.id}/notifications`, token)).status).toBe(200)
    expect((await v1(`/alerts/${created.alert.id}`, token, { method: 'DELETE' })).status).toBe(200)
  })

  it('searches flights and airports as the search page does, counted against the token', async () => {
    const { token } = await advisorWithToken(['read'])
    // Searches and airports, with a read-only token.
    const airports = await readJson<{ results: { code: string }[] }>(await v1('/airports?q=lis', token), 200)
    expect(airports.results.map((airport) => airport.code)).toContain('LIS')
    const departure = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10)
    const search = { params: { tripType: 'one-way', from: 'JFK', to: 'LIS', departureDate: departure, adults: 1 }, filters: {} }
    // A search is a POST (its query is a body) that changes nothing: the read scope is enough.
    const answer = await v1('/flights/search', token, { method: 'POST', json: search })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('ratelimit-remaining')).toBe(String(API_TOKEN_REQUESTS_PER_MINUTE - 2))
    expect((await v1('/flights/search', null, { method: 'POST', json: search })).status).toBe(401)
    expect((await v1('/flights/simulated-seller', token)).status).toBe(404)
  })

  it('validates as the app does, with the spec’s messages', async () => {
    const { token } = await advisorWithToken()
    const res = await v1('/alerts', token, { method: 'POST', json: { ...routeAlert(), search_parameters: { type: 2, departure_id: 'JFK', arrival_id: 'JFK', outbound_date: '2027-13-01' } } })
    expect(await readJson(res, 400)).toMatchObject({ error: { fieldErrors: { 'search_parameters.arrival_id': ['Departure and arrival airports must be different'] } } })
  })

  it('refuses a missing, malformed or forged token, and a browser’s cookie in its place', async () => {
    const { client } = await advisorWithToken()
    expect(await readJson(await v1('/alerts', null), 401)).toMatchObject({ error: { message: API_TOKEN_MESSAGES.missing } })
    const noToken = await v1('/alerts', null)
    expect(noToken.headers.get('www-authenticate')).toBe('Bearer realm="FareDrop API v1"')
    for (const forged of [`fd_${'A'.repeat(43)}`, 'fd_short', 'eyJhbGciOiJub25lIn0.e30.', `fd_${'A'.repeat(43)}x`, `fd_${'A'.repeat(4000)}`]) {
      expect((await v1('/alerts', forged)).status, forged).toBe(401)
    }
    // The signed-in browser's cookie opens nothing here.
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    expect((await v1('/alerts', null, { headers: { cookie } })).status).toBe(401)
  })

  it('a read token reads and may not write; nobody reaches another user’s alert (404, unchanged)', async () => {
    const reader = await advisorWithToken(['read'])
    expect((await v1('/alerts', reader.token)).status).toBe(200)
    expect(await readJson(await v1('/alerts', reader.token, { method: 'POST', json: routeAlert() }), 403)).toMatchObject({ error: { message: API_TOKEN_MESSAGES.scope('write') } })

    const victim = await signedInUser(t, 'api-victim')
    const theirs = await createAlertVia(victim.client, routeAlert({ name: 'Private' }))
    const attacker = await advisorWithToken()
    for (const [method, json] of [['GET', undefined], ['PATCH', { name: 'Mine now' }], ['DELETE', undefined]] as const) {
      expect((await v1(`/alerts/${theirs.id}`, attacker.token, { method, ...(json ? { json } : {}) })).status).toBe(404)
    }
    const [row] = await t.database.db.select().from(alerts).where(eq(alerts.id, theirs.id))
    expect(row!.name).toBe('Private')
  })

  it('stops when the owner leaves Unlimited or is disabled', async () => {
    const { userId, token } = await advisorWithToken()
    await setPlan(t, userId, 'elite')
    expect(await readJson(await v1('/alerts', token), 403)).toMatchObject({ error: { message: API_TOKEN_MESSAGES.planOnly } })
    await setPlan(t, userId, 'unlimited')
    await t.database.db.update(profiles).set({ disabledAt: new Date() }).where(eq(profiles.id, userId))
    expect((await v1('/alerts', token)).status).toBe(401)
  })

  it(`allows ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute per token, then 429 with Retry-After; another token is unaffected`, async () => {
    const flooder = await advisorWithToken()
    const answers = await Promise.all(Array.from({ length: API_TOKEN_REQUESTS_PER_MINUTE + 5 }, () => v1('/alerts/quota', flooder.token)))
    expect(answers.filter((res) => res.status === 200)).toHaveLength(API_TOKEN_REQUESTS_PER_MINUTE)
    const limited = answers.filter((res) => res.status === 429)
    expect(limited).toHaveLength(5)
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0)
    const bystander = await advisorWithToken()
    expect((await v1('/alerts/quota', bystander.token)).status).toBe(200)
  })
})
