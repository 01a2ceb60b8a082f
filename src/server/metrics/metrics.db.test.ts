/**
 * Issue 13, operations (decision 033): `GET /metrics` exposes request durations by route template,
 * the database-derived gauges with the values the tables hold, the process's metrics; it takes the
 * token when METRICS_TOKEN is set and only loopback callers otherwise. A 500 is recorded in
 * server_errors with the request id the client saw, and the request log line names the user.
 */
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { signedInUser } from '#tests/support/alert-fixtures.ts'
import { fakeWebBuild } from '#tests/support/app-deps.ts'
import { insertAlert, insertNotification, insertUser } from '#tests/support/notification-fixtures.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { createTestApp, TEST_ORIGIN, type TestApp } from '#tests/support/test-app.ts'
import { createApp, type AppDeps } from '../app.ts'
import { alertNotifications, alerts, priceChecks, providerBackoffs, providerBudget, serverErrors } from '../db/schema.ts'
import { budgetWindows } from '../provider-budget/provider-budget.ts'
import { KEPT_SERVER_ERRORS, listServerErrors, pruneServerErrors } from '../system/server-errors.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' })
})

afterAll(async () => {
  await t.close()
})

/** Another app on the same database and services, with some dependencies changed. */
function appWith(overrides: Partial<AppDeps>) {
  return createApp({
    ...t.services,
    db: t.database.db,
    logger: silentLogger,
    version: 'test',
    bodyLimitBytes: 65_536,
    flightRequestsPerMinute: 1_000_000,
    httpsOnly: false,
    trustProxy: 1,
    now: () => new Date(),
    ...overrides,
  })
}

/** A request to `app` from a socket at `remoteAddress`, with the client's cookies. */
function send(app: ReturnType<typeof createApp>, path: string, { from = '127.0.0.1', headers = {}, cookies = new Map<string, string>() } = {}) {
  const all = new Headers(headers)
  all.set('origin', TEST_ORIGIN)
  if (cookies.size) all.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '))
  return app.request(path, { headers: all }, { incoming: { socket: { remoteAddress: from, remotePort: 40_000 } } })
}

/** The value of one sample in the exposition text (labels matched exactly), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const got = (match[2] ? match[2].match(/\w+="(?:[^"\\]|\\.)*"/g)! : []).sort()
    if (got.length === wanted.length && got.every((pair, i) => pair === wanted[i])) return Number(match[3])
  }
  return undefined
}

async function scrape(app = t.app): Promise<string> {
  const res = await send(app, '/metrics')
  expect(res.status, await res.clone().text()).toBe(200)
  return res.text()
}

describe('GET /metrics', () => {
  it('times requests by route template (never the raw path), method and status class, beside the process metrics', async () => {
    const user = await signedInUser(t, 'metrics')
    const id = randomUUID()
    expect((await user.client.request(`/api/alerts/${id}`)).status).toBe(404)
    expect((await t.client().request('/api/no-such-endpoint')).status).toBe(404)
    expect((await t.client().request('/api/health')).status).toBe(200)

    const res = await send(t.app, '/metrics')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await res.text()
    const count = (route: string, method: string, statusClass: string) =>
      sample(text, 'faredrop_http_request_duration_seconds_count', { method, route, status_class: statusClass })
    expect(count('/api/alerts/:id', 'GET', '4xx')).toBe(1)
    expect(count('unmatched', 'GET', '4xx')).toBe(1)
    expect(count('/api/health', 'GET', '2xx')).toBe(1)
    expect(text).not.toContain(id)
    expect(text).not.toContain('no-such-endpoint')
    expect(text).toMatch(/faredrop_http_request_duration_seconds_bucket\{.*le="0\.005".*\}/)
    // Default metrics, once per process.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
    // This process's pool (PGlite: its one connection; PostgreSQL: the pool's figures).
    expect(sample(text, 'faredrop_db_pool_connections')).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'faredrop_db_pool_max_connections')).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'faredrop_metrics_database_up')).toBe(1)
  })

  it('reports the database-derived gauges from the tables', async () => {
    const { db } = t.database
    const now = new Date()
    const ago = (ms: number) => new Date(now.getTime() - ms)
    const provider = t.services.flightProvider.id
    const { id: userId } = await insertUser(db)
    const live = await insertAlert(db, userId, { status: 'active' })
    const paused = await insertAlert(db, userId, { status: 'paused' })
    await db.update(alerts).set({ nextCheckAt: ago(600_000) }).where(eq(alerts.id, live))
    await db.update(alerts).set({ nextCheckAt: ago(3_600_000) }).where(eq(alerts.id, paused))

    const check = (checkedAgoMs: number, lagSeconds: number, outcome: 'price' | 'missing' | 'failed') => ({
      alertId: live,
      checkedAt: ago(checkedAgoMs),
      dueAt: ago(checkedAgoMs + lagSeconds * 1000),
      outcome,
      cached: false,
    })
    await db.insert(priceChecks).values([
      check(60_000, 10, 'price'),
      check(120_000, 30, 'failed'),
      check(30 * 60_000, 100, 'price'),
      check(2 * 3_600_000, 5_000, 'price'), // outside the hour
    ])
    const windows = budgetWindows(now)
    await db.insert(providerBudget).values([
      { provider, period: 'day', windowStart: windows.day, calls: 42 },
      { provider, period: 'minute', windowStart: windows.minute, calls: 3 },
      { provider, period: 'day', windowStart: new Date(windows.day.getTime() - 86_400_000), calls: 999 }, // yesterday
    ])
    await db.insert(providerBackoffs).values([
      { scope: `provider:${provider}`, failures: 5, retryAt: new Date(now.getTime() + 300_000), lastError: 'boom', updatedAt: now },
      { scope: 'search:waiting', failures: 2, retryAt: new Date(now.getTime() + 60_000), updatedAt: now },
      { scope: 'search:over', failures: 1, retryAt: ago(60_000), updatedAt: now },
    ])
    await insertNotification(db, { alertId: live, userId, channel: 'email', nextAttemptAt: ago(1_000) })
    await insertNotification(db, { alertId: live, userId, channel: 'email', nextAttemptAt: new Date(now.getTime() + 600_000) })
    const sent = await insertNotification(db, { alertId: live, userId, channel: 'sms' })
    await db.update(alertNotifications).set({ status: 'sent', sentAt: now, createdAt: ago(600_000) }).where(eq(alertNotifications.id, sent.id))
    const dead = await insertNotification(db, { alertId: live, userId, channel: 'push' })
    await db.update(alertNotifications).set({ status: 'dead', createdAt: ago(3 * 3_600_000) }).where(eq(alertNotifications.id, dead.id))

    // Read at the same instant the rows were written for: a scrape a few milliseconds later could
    // fall in the next minute's provider budget window (and read 0 calls there).
    const text = await scrape(appWith({ now: () => now }))
    const value = (name: string, labels: Record<string, string> = {}) => sample(text, name, labels)
    expect(value('faredrop_metrics_database_up')).toBe(1)
    expect(value('faredrop_price_checks', { window: '5m', outcome: 'price' })).toBe(1)
    expect(value('faredrop_price_checks', { window: '5m', outcome: 'failed' })).toBe(1)
    expect(value('faredrop_price_checks', { window: '5m', outcome: 'missing' })).toBe(0)
    expect(value('faredrop_price_checks', { window: '1h', outcome: 'price' })).toBe(2)
    expect(value('faredrop_price_checks', { window: '1h', outcome: 'failed' })).toBe(1)
    // Lags 10, 30 and 100 s over the hour: percentile_cont gives 30 and 30 + 0.9 × 70.
    expect(value('faredrop_price_check_lag_seconds', { quantile: '0.5' })).toBeCloseTo(30, 3)
    expect(value('faredrop_price_check_lag_seconds', { quantile: '0.95' })).toBeCloseTo(93, 3)
    expect(value('faredrop_alerts_overdue')).toBe(1)
    expect(value('faredrop_alerts_overdue_oldest_seconds')).toBeGreaterThanOrEqual(600)
    expect(value('faredrop_alerts_overdue_oldest_seconds')).toBeLessThan(660)
    expect(value('faredrop_provider_calls', { provider, window: 'day' })).toBe(42)
    expect(value('faredrop_provider_calls', { provider, window: 'minute' })).toBe(3)
    expect(value('faredrop_provider_call_budget', { provider, window: 'day' })).toBe(t.services.priceCheckConfig.budget.perDay)
    expect(value('faredrop_provider_call_budget', { provider, window: 'minute' })).toBe(t.services.priceCheckConfig.budget.perMinute)
    expect(value('faredrop_provider_consecutive_failures', { provider })).toBe(5)
    expect(value('faredrop_provider_breaker_open', { provider })).toBe(1)
    expect(value('faredrop_search_backoffs')).toBe(1)
    expect(value('faredrop_notifications_pending', { channel: 'email' })).toBe(2)
    expect(value('faredrop_notifications_due', { channel: 'email' })).toBe(1)
    expect(value('faredrop_notifications_pending', { channel: 'sms' })).toBe(0)
    expect(value('faredrop_notifications', { window: '1h', channel: 'sms', status: 'sent' })).toBe(1)
    expect(value('faredrop_notifications', { window: '24h', channel: 'sms', status: 'sent' })).toBe(1)
    expect(value('faredrop_notifications', { window: '1h', channel: 'push', status: 'dead' })).toBe(0)
    expect(value('faredrop_notifications', { window: '24h', channel: 'push', status: 'dead' })).toBe(1)
  })

  it('without METRICS_TOKEN answers loopback callers only: a request a proxy forwarded from outside is refused', async () => {
    const status = async (from: string, headers: Record<string, string> = {}) => (await send(t.app, '/metrics', { from, headers })).status
    expect(await status('127.0.0.1')).toBe(200)
    expect(await status('::1')).toBe(200)
    expect(await status('::ffff:127.0.0.1')).toBe(200)
    // Through the trusted proxy (TRUST_PROXY=true here) on this machine.
    expect(await status('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).toBe(200)
    expect(await status('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toBe(403)
    // A loopback entry forged in front of the address the proxy appended.
    expect(await status('127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).toBe(403)
    expect(await status('127.0.0.1', { forwarded: 'for=203.0.113.9;proto=https' })).toBe(403)
    expect(await status('203.0.113.9')).toBe(403)
    // Without TRUST_PROXY the socket decides, but a forwarded-from-outside request is refused all the same.
    const untrusting = appWith({ trustProxy: 0 })
    expect((await send(untrusting, '/metrics', { from: '127.0.0.1' })).status).toBe(200)
    expect((await send(untrusting, '/metrics', { from: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(403)
    expect((await send(untrusting, '/metrics', { from: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(403)
    // No socket at all (nothing says where it came from).
    expect((await t.app.request('/metrics')).status).toBe(403)
  })

  it('with METRICS_TOKEN takes the bearer token from anywhere (401 without it or with a wrong one), ahead of the web app', async () => {
    const token = 'metrics-token-0123456789'
    const app = appWith({ metricsToken: token, webDistDir: fakeWebBuild() })
    const without = await send(app, '/metrics', { from: '203.0.113.9' })
    expect(without.status).toBe(401)
    expect(without.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect(await without.json()).toMatchObject({ error: { code: 'unauthorized' } })
    expect((await send(app, '/metrics', { from: '127.0.0.1' })).status).toBe(401)
    expect((await send(app, '/metrics', { from: '203.0.113.9', headers: { authorization: `Bearer ${token}x` } })).status).toBe(401)
    expect((await send(app, '/metrics', { from: '203.0.113.9', headers: { authorization: `Basic ${token}` } })).status).toBe(401)
    const ok = await send(app, '/metrics', { from: '203.0.113.9', headers: { authorization: `Bearer ${token}` } })
    expect(ok.status).toBe(200)
    expect(await ok.text()).toContain('# TYPE faredrop_http_request_duration_seconds histogram')
    // The web app still serves its pages around it.
    expect((await send(app, '/search')).headers.get('content-type')).toMatch(/^text\/html/)
  })
})

describe('server errors and the request log', () => {
  it('records a 500 with the request id the client saw and the user, and the log line names the user', async () => {
    const lines: Record<string, unknown>[] = []
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) })
    const app = appWith({ logger })
    const user = await signedInUser(t, 'errors')
    const { db } = t.database

    const ok = await send(app, '/api/alerts', { cookies: user.client.cookies })
    expect(ok.status).toBe(200)
    const okLine = lines.find((l) => l.msg === 'request' && l.path === '/api/alerts')
    expect(okLine).toMatchObject({ requestId: ok.headers.get('x-request-id'), userId: user.userId, status: 200 })
    // A request with no session check logs no user.
    await send(app, '/api/health', { cookies: user.client.cookies })
    expect(lines.find((l) => l.msg === 'request' && l.path === '/api/health')).not.toHaveProperty('userId')

    // A table gone missing: the route fails with a 500 (not the 503 of an unreachable database).
    await db.execute(sql`alter table billing_history rename to billing_history_away`)
    let failed: Response
    try {
      failed = await send(app, '/api/billing/history?secret=abc', { cookies: user.client.cookies })
    } finally {
      await db.execute(sql`alter table billing_history_away rename to billing_history`)
    }
    expect(failed.status).toBe(500)
    const body = (await failed.json()) as { error: { code: string; requestId: string } }
    expect(body.error.code).toBe('internal')
    const requestId = body.error.requestId
    expect(requestId).toBe(failed.headers.get('x-request-id'))

    await vi.waitFor(async () => {
      const [entry] = (await listServerErrors(db, 10)).filter((e) => e.requestId === requestId)
      expect(entry).toMatchObject({ method: 'GET', path: '/api/billing/history', status: 500, userId: user.userId })
      expect(entry!.message).toContain('billing_history')
      expect(entry!.message.length).toBeLessThanOrEqual(500)
      expect(entry!.message).not.toContain('secret')
    })
    expect(lines.find((l) => l.msg === 'request' && l.requestId === requestId)).toMatchObject({ userId: user.userId, status: 500 })
    // Refusals are not server errors.
    expect((await send(app, '/api/billing/history')).status).toBe(401)
    expect((await listServerErrors(db, 50)).filter((e) => e.status !== 500)).toEqual([])
  })

  it('keeps the newest 500 errors of the last 14 days, newest first', async () => {
    const { db } = t.database
    await db.delete(serverErrors)
    const now = Date.now()
    const row = (i: number, ageMs: number) => ({ requestId: `bulk-${i}`, method: 'GET', path: '/api/x', status: 500, message: 'boom', at: new Date(now - ageMs) })
    await db.insert(serverErrors).values([
      ...Array.from({ length: KEPT_SERVER_ERRORS + 20 }, (_, i) => row(i, 1_000 + i * 1_000)),
      row(9_001, 15 * 86_400_000),
    ])
    await pruneServerErrors(db)
    const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(serverErrors)) as [{ n: number }]
    expect(Number(n)).toBe(KEPT_SERVER_ERRORS)
    const newest = await listServerErrors(db, 3)
    expect(newest.map((e) => e.requestId)).toEqual(['bulk-0', 'bulk-1', 'bulk-2'])
    expect((await listServerErrors(db, 1_000)).some((e) => e.requestId === 'bulk-9001')).toBe(false)
  })
})
