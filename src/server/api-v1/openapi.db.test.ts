/**
 * Decision 045: the OpenAPI 3.1 document of the public API v1 and its docs page. The document is
 * checked against the running app's route table (both directions), its examples against the zod
 * schemas they illustrate, and its response schemas against real answers of the API with a real
 * token (parsed without losing a field), which is what keeps the document honest. The reference is
 * public, and only it: the token door stays shut for every other v1 path, however it is spelled.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { oas31 } from 'zod-openapi'
import type { Alert } from '#shared/alerts/alert.ts'
import { API_TOKEN_MESSAGES, type CreatedApiToken } from '#shared/api-tokens.ts'
import {
  alertCreatedResponse,
  alertDeletedResponse,
  alertDetailResponse,
  alertImportResponse,
  alertListResponse,
  alertNotificationsResponse,
  alertUpdatedResponse,
  quotaResponse,
  reasonableUseResponse,
} from '#shared/api-v1/alert-responses.ts'
import { clientCreatedResponse, clientDeletedResponse, clientDetailResponse, clientListResponse, clientNoticesResponse, clientUpdatedResponse, confirmationSentResponse } from '#shared/api-v1/client-responses.ts'
import { errorResponse } from '#shared/api-v1/error-response.ts'
import { airportSearchResponse, bookingOptionsResponse, flightSearchResponse, priceInsightsResponse } from '#shared/api-v1/flight-responses.ts'
import { dateGridResponse, fareCalendarResponse, flexibleResponse } from '#shared/api-v1/fare-calendar-responses.ts'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '#shared/idempotency.ts'
import { createAlertVia, readJson, routeAlert, setPlan, signedInUser } from '#tests/support/alert-fixtures.ts'
import { appRoutes } from '#tests/support/app-routes.ts'
import { insertNotification } from '#tests/support/notification-fixtures.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { alertsCsvExample, createAlertExample, importCsvExample, priceHistoryCsvExample } from './alert-examples.ts'
import { createClientExample, updateClientExample } from './client-examples.ts'
import { EXAMPLE_DEPARTURE, EXAMPLE_RETURN } from './example-dates.ts'
import { searchRequestExample } from './flight-examples.ts'
import { docsAssetVersion } from './docs-assets.ts'
import { API_V1_OPERATIONS, API_V1_TAGS } from './operations.ts'
import { SECURITY_SCHEME } from './openapi.ts'

/** v1 routes that are not API operations, and why. */
const NOT_OPERATIONS: Record<string, string> = {
  'GET /api/v1/docs': 'the reference page itself (HTML)',
  'GET /api/v1/docs/{version}/{file}': 'the reference page’s script and style files',
}

let t: TestApp
let doc: oas31.OpenAPIObject
let reader: string
let writer: string
let advisorId: string

/** A call from an advisor's own system: no cookies, no Origin, the token in the header. */
function v1(url: string, token: string | null, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers)
  if (token !== null) headers.set('authorization', `Bearer ${token}`)
  if (init.json !== undefined) headers.set('content-type', 'application/json')
  return Promise.resolve(t.app.request(url, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) }))
}

/** The body parses with the documented schema and loses nothing: no field the document doesn't name. */
async function documented<S extends z.ZodType>(res: Response, status: number, schema: S): Promise<z.output<S>> {
  const body = await readJson<unknown>(res, status)
  expect(schema.parse(body)).toEqual(body)
  return body as z.output<S>
}

beforeAll(async () => {
  t = await createTestApp()
  doc = await readJson<oas31.OpenAPIObject>(await v1('/api/v1/openapi.json', null), 200)
  const advisor = await signedInUser(t, 'openapi')
  advisorId = advisor.userId
  await setPlan(t, advisor.userId, 'unlimited')
  const token = async (scopes: string[]) =>
    (await readJson<CreatedApiToken>(await advisor.client.request('/api/me/api-tokens', { method: 'POST', json: { name: scopes.join('+'), scopes } }), 201)).token
  reader = await token(['read'])
  writer = await token(['write'])
})
afterAll(async () => {
  await t.close()
})

const operationsOf = (document: oas31.OpenAPIObject) =>
  Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
    (['get', 'put', 'post', 'patch', 'delete'] as const).flatMap((method) => (item[method] ? [{ key: `${method.toUpperCase()} ${template}`, template, operation: item[method]! }] : [])),
  )

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 for the site’s URL, with the bearer token scheme, unique operation ids and every $ref resolving', async () => {
    const res = await v1('/api/v1/openapi.json', null)
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(doc.info).toMatchObject({ title: 'FareDrop API', version: '1' })
    expect(doc.servers).toEqual([{ url: t.services.publicUrl, description: 'FareDrop' }])
    expect(doc.components?.securitySchemes?.[SECURITY_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' })

    const operations = operationsOf(doc)
    const ids = operations.map(({ operation }) => operation.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.every(Boolean)).toBe(true)
    const tags = new Set(API_V1_TAGS.map((tag) => tag.name))
    for (const { key, template, operation } of operations) {
      expect(operation.tags?.every((tag) => tags.has(tag)), key).toBe(true)
      // Each {name} of the template is a required path parameter, and no other is declared.
      const named = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
      const declared = (operation.parameters ?? []).filter((p) => 'in' in p && p.in === 'path').map((p) => ('name' in p ? p.name : ''))
      expect(declared.sort(), key).toEqual(named.sort())
      for (const [status, answer] of Object.entries(operation.responses ?? {})) expect('$ref' in answer || typeof answer.description === 'string', `${key} ${status}`).toBe(true)
    }

    const unresolved: string[] = []
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk)
      if (typeof node !== 'object' || node === null) return
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          const target = value.replace(/^#\//, '').split('/').reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc)
          if (!value.startsWith('#/') || target === undefined) unresolved.push(value)
        } else walk(value)
      }
    }
    walk(doc)
    expect(unresolved).toEqual([])
  })

  it('documents every v1 route of the running app, and no route the app does not answer', () => {
    const routes = appRoutes(t)
      .filter((route) => route.path.startsWith('/api/v1/'))
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
    const documented = operationsOf(doc).map(({ key }) => key)
    const undocumented = routes.filter((route) => !documented.includes(route) && !(route in NOT_OPERATIONS))
    // A v1 route with no entry in API_V1_OPERATIONS (src/server/api-v1/operations.ts) fails here.
    expect(undocumented, 'add these to API_V1_OPERATIONS').toEqual([])
    expect(documented.filter((operation) => !routes.includes(operation))).toEqual([])
    expect(Object.keys(NOT_OPERATIONS).every((route) => routes.includes(route))).toBe(true)
    expect(documented.length).toBeGreaterThanOrEqual(17)
  })

  it('every example, request and response, errors included, validates against its zod schema', () => {
    const byKey = new Map(API_V1_OPERATIONS.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation]))
    const responses = (doc.components?.responses ?? {}) as Record<string, oas31.ResponseObject>
    let checked = 0
    for (const { key, operation } of operationsOf(doc)) {
      const source = byKey.get(key)!
      const body = (operation.requestBody as oas31.RequestBodyObject | undefined)?.content['application/json']
      if (source.body) {
        expect(body?.example, key).toEqual(source.body.example)
        source.body.schema.parse(body!.example)
        checked++
      }
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        const response = '$ref' in answer ? responses[String(answer.$ref).split('/').pop()!]! : (answer as oas31.ResponseObject)
        const [media] = Object.values(response.content ?? {})
        expect(media?.example, `${key} ${status}`).toBeDefined()
        if (Number(status) >= 400) errorResponse.parse(media!.example)
        else source.answer.schema.parse(media!.example)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(60)
  })

  it('states each operation’s scope as the token door applies it: a read token reads and is refused every write', async () => {
    const alert = await readJson<{ alert: Alert }>(await v1('/api/v1/alerts', writer, { method: 'POST', json: routeAlert({ name: 'Scopes' }) }), 201)
    const wrong: string[] = []
    for (const operation of API_V1_OPERATIONS.filter((op) => op.scope !== 'public')) {
      const res = await v1(operation.path.replace('{id}', alert.alert.id), reader, { method: operation.method.toUpperCase(), ...(operation.body ? { json: operation.body.example } : {}) })
      const refused = res.status === 403 && ((await res.json()) as { error: { message: string } }).error.message === API_TOKEN_MESSAGES.scope('write')
      if ((operation.scope === 'write') !== refused || res.status === 401) wrong.push(`${operation.method} ${operation.path} (${operation.scope}) → ${res.status}`)
    }
    expect(wrong).toEqual([])
  })
})

describe('real answers parse with the documented schemas, losing nothing', () => {
  it('alerts: create (retried with an Idempotency-Key), list, read, change, notices, quota, reasonable use, import, exports, delete', async () => {
    const headers = { [IDEMPOTENCY_KEY_HEADER]: 'crm-trip-48213' }
    const created = await documented(await v1('/api/v1/alerts', writer, { method: 'POST', json: createAlertExample, headers }), 201, alertCreatedResponse)
    const repeat = await v1('/api/v1/alerts', writer, { method: 'POST', json: createAlertExample, headers })
    expect(repeat.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true')
    expect((await documented(repeat, 201, alertCreatedResponse)).alert.id).toBe(created.alert.id)
    const { id } = created.alert

    expect((await documented(await v1('/api/v1/alerts?status=all', reader), 200, alertListResponse)).alerts.map((alert) => alert.id)).toContain(id)
    await documented(await v1(`/api/v1/alerts/${id}`, reader), 200, alertDetailResponse)
    expect((await documented(await v1(`/api/v1/alerts/${id}`, writer, { method: 'PATCH', json: { target_price: 400, check_frequency: '3h' } }), 200, alertUpdatedResponse)).alert).toMatchObject({
      target_price: 400,
      check_frequency: '3h',
    })
    await documented(await v1(`/api/v1/alerts/${id}/notifications`, reader), 200, alertNotificationsResponse)
    expect((await documented(await v1('/api/v1/alerts/quota', reader), 200, quotaResponse)).tier).toBe('unlimited')
    await documented(await v1('/api/v1/alerts/reasonable-use', reader), 200, reasonableUseResponse)
    // The documented import example is a file the API accepts as it is.
    expect(await documented(await v1('/api/v1/alerts/import', writer, { method: 'POST', json: { csv: importCsvExample, dryRun: true } }), 200, alertImportResponse)).toEqual({
      dryRun: true,
      rows: 2,
      created: 0,
      errors: [],
    })
    for (const [url, example] of [['/api/v1/alerts/export', alertsCsvExample], ['/api/v1/alerts/export/prices', priceHistoryCsvExample]] as const) {
      const res = await v1(url, reader)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
      // The documented columns are the file's.
      expect((await res.text()).split('\n')[0]).toBe(example.split('\n')[0])
    }
    await documented(await v1(`/api/v1/alerts/${id}`, writer, { method: 'DELETE' }), 200, alertDeletedResponse)
  })

  it('clients: add (the documented example), list, read, change, notices, ask again (a 429 wait, then a minute on), delete', async () => {
    const created = await documented(await v1('/api/v1/clients', writer, { method: 'POST', json: createClientExample }), 201, clientCreatedResponse)
    expect(created.client).toMatchObject({ emailStatus: 'pending', phoneStatus: 'pending', alertCount: 0 })
    const { id } = created.client
    expect((await documented(await v1('/api/v1/clients', reader), 200, clientListResponse)).clients.map((client) => client.id)).toContain(id)
    await documented(await v1(`/api/v1/clients/${id}`, reader), 200, clientDetailResponse)
    // The documented change, a new address, as it is: pending again; asked moments ago, so not yet asked again.
    expect((await documented(await v1(`/api/v1/clients/${id}`, writer, { method: 'PATCH', json: updateClientExample }), 200, clientUpdatedResponse)).client).toMatchObject({
      email: updateClientExample.email,
      emailStatus: 'pending',
      confirmationSentAt: created.client.confirmationSentAt,
    })

    const alert = await readJson<{ alert: Alert }>(await v1('/api/v1/alerts', writer, { method: 'POST', json: { ...createAlertExample, client_id: id } }), 201)
    await insertNotification(t.database.db, { alertId: alert.alert.id, userId: advisorId, channel: 'email' })
    const later = encodeURIComponent(new Date(Date.now() + 60_000).toISOString())
    const notices = await documented(await v1(`/api/v1/clients/notices?client=${id}&before=${later}`, reader), 200, clientNoticesResponse)
    expect(notices.notices.map((notice) => [notice.alertId, notice.clientName])).toEqual([[alert.alert.id, createClientExample.name]])

    const early = await v1(`/api/v1/clients/${id}/send-confirmation`, writer, { method: 'POST' })
    expect(early.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await documented(early, 429, errorResponse)).error.code).toBe('rate_limited')
    const minuteOn = new Date(Date.now() + 61_000)
    t.now.value = minuteOn
    try {
      const resent = await documented(await v1(`/api/v1/clients/${id}/send-confirmation`, writer, { method: 'POST' }), 200, confirmationSentResponse)
      expect(resent.client.confirmationSentAt).toBe(minuteOn.toISOString())
    } finally {
      t.now.value = null
    }

    await documented(await v1(`/api/v1/clients/${id}`, writer, { method: 'DELETE' }), 200, clientDeletedResponse)
    await documented(await v1(`/api/v1/clients/${id}`, reader), 404, errorResponse)
  })

  it('flights: airports, the documented search, its next leg, booking options and price insights', async () => {
    expect((await documented(await v1('/api/v1/airports?q=lis', reader), 200, airportSearchResponse)).results.map((airport) => airport.code)).toContain('LIS')
    const search = await documented(await v1('/api/v1/flights/search', reader, { method: 'POST', json: searchRequestExample }), 200, flightSearchResponse)
    const outbound = [...search.best, ...search.other].find((option) => option.departureToken)
    expect(outbound, 'a round trip’s outbound options lead to returns').toBeDefined()
    const returns = await documented(await v1('/api/v1/flights/next', reader, { method: 'POST', json: { token: outbound!.departureToken } }), 200, flightSearchResponse)
    const inbound = [...returns.best, ...returns.other].find((option) => option.bookingToken)
    expect(inbound).toBeDefined()
    await documented(await v1('/api/v1/flights/booking-options', reader, { method: 'POST', json: { token: inbound!.bookingToken } }), 200, bookingOptionsResponse)
    await documented(await v1(`/api/v1/flights/price-insights?from=JFK&to=LIS&departureDate=${EXAMPLE_DEPARTURE}`, reader), 200, priceInsightsResponse)
    await documented(await v1(`/api/v1/flights/calendar?from=JFK&to=LIS&start=${EXAMPLE_DEPARTURE}&days=5&tripNights=7`, reader), 200, fareCalendarResponse)
    await documented(await v1(`/api/v1/flights/date-grid?from=JFK&to=LIS&departureDate=${EXAMPLE_DEPARTURE}&returnDate=${EXAMPLE_RETURN}`, reader), 200, dateGridResponse)
    await documented(await v1(`/api/v1/flights/flexible?from=JFK&to=LIS&flex=weekend&month=${EXAMPLE_DEPARTURE.slice(0, 7)}`, reader), 200, flexibleResponse)
  })

  it('errors: a missing token, a read token writing, another account’s alert, invalid input', async () => {
    const noToken = await documented(await v1('/api/v1/alerts', null), 401, errorResponse)
    expect(noToken.error.message).toBe(API_TOKEN_MESSAGES.missing)
    await documented(await v1('/api/v1/alerts', reader, { method: 'POST', json: createAlertExample }), 403, errorResponse)
    const stranger = await signedInUser(t, 'openapi-other')
    const theirs = await createAlertVia(stranger.client, routeAlert({ name: 'Not yours' }))
    await documented(await v1(`/api/v1/alerts/${theirs.id}`, reader), 404, errorResponse)
    const invalid = await documented(await v1('/api/v1/alerts', writer, { method: 'POST', json: { ...createAlertExample, target_price: -1 } }), 400, errorResponse)
    expect(invalid.error.fieldErrors).toHaveProperty('target_price')
  })
})

describe('the docs page', () => {
  it('answers without a token under the site’s CSP unchanged, with no inline script or style, and says where to get a token', async () => {
    const res = await v1('/api/v1/docs', null)
    expect(res.status).toBe(200)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/)
    expect(csp).toMatch(/style-src 'self' 'nonce-[^']+'(;|$)/)
    expect(csp).not.toContain('unsafe')
    const html = await res.text()
    expect(html).toContain('<title>FareDrop API reference</title>')
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/)
    expect(html).not.toMatch(/<style|\sstyle=|\son\w+=/i)
    expect(html).toContain('href="/"')
    expect(html).toContain('Profile → API tokens')
    expect((await v1('/api/v1/docs', null, { method: 'HEAD' })).status).toBe(200)
  })

  it('serves its files from our origin, versioned and cached for a year, gzipped once; any other name is a 404', async () => {
    const html = await (await v1('/api/v1/docs', null)).text()
    const files = [...html.matchAll(/(?:src|href)="(\/api\/v1\/docs\/[^"]+)"/g)].map((match) => match[1]!)
    expect(files.map((file) => path.basename(file)).sort()).toEqual(['docs.css', 'docs.js', 'swagger-ui-bundle.js', 'swagger-ui.css'])
    for (const file of files) {
      expect(file.startsWith(`/api/v1/docs/${docsAssetVersion()}/`)).toBe(true)
      const res = await v1(file, null)
      expect(res.status, file).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('content-type')).toMatch(file.endsWith('.js') ? /^text\/javascript/ : /^text\/css/)
    }
    const bundle = files.find((file) => file.endsWith('swagger-ui-bundle.js'))!
    const gzipped = await v1(bundle, null, { headers: { 'accept-encoding': 'gzip, br' } })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    const installed = readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')), 'swagger-ui-bundle.js'))
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).equals(installed)).toBe(true)

    const hostile = [
      `/api/v1/docs/0.0.1-00000000/swagger-ui-bundle.js`,
      `/api/v1/docs/${docsAssetVersion()}/package.json`,
      `/api/v1/docs/${docsAssetVersion()}/index.html`,
      `/api/v1/docs/${docsAssetVersion()}/..%2Fpackage.json`,
      `/api/v1/docs/${docsAssetVersion()}/%00`,
      `/api/v1/docs/${docsAssetVersion()}/${'a'.repeat(5000)}.js`,
      `/api/v1/docs/${docsAssetVersion()}/constructor`,
    ]
    for (const url of hostile) {
      const res = await v1(url, null)
      // Not a reference file: the door asks for a token, or the route finds no such file.
      expect([401, 404], url).toContain(res.status)
      expect((await res.json()) as unknown, url).toHaveProperty('error.code')
    }
  })

  it('leaves the door shut for everything else: other v1 routes need a token, and no spelling of a path slips through', async () => {
    for (const url of ['/api/v1/alerts', '/api/v1/alerts/quota', '/api/v1/airports?q=lis']) expect((await v1(url, null)).status, url).toBe(401)
    const tricks = [
      '/api/v1/docs/../alerts',
      '/api/v1/docs/%2e%2e/alerts',
      '/api/v1/docs%2F..%2Falerts',
      '/api/v1/openapi.json/../alerts',
      '/api/v1/openapi.json%2F..%2Falerts',
      `/api/v1/docs/${docsAssetVersion()}/..%2F..%2Falerts`,
      '/api/v1//docs/../alerts',
      '/api/v1/docs/',
      '/api/v1/openapi.json;/alerts',
    ]
    for (const url of tricks) expect((await v1(url, null)).status, url).toBe(401)
    // Only reading is open: anything else at the reference's paths meets the door (or, too large, the body limit before it).
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const url of ['/api/v1/openapi.json', '/api/v1/docs']) expect((await v1(url, null, { method, json: { a: 'x' } })).status, `${method} ${url}`).toBe(401)
    }
    expect((await v1('/api/v1/openapi.json', null, { method: 'POST', json: { a: 'x'.repeat(70_000) } })).status).toBe(413)
  })
})
