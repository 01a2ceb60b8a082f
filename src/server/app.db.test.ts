import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAppDeps } from '#tests/support/app-deps.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { blackHoleDb, refusingDb } from '#tests/support/unreachable-db.ts'
import { OUTBOX_KEY_HEADER } from './dev/outbox-key.ts'
import { createApp, type AppDeps } from './app.ts'
import { PROBE_TIMEOUT_MS, type Database } from './db/client.ts'
import { workerHeartbeats } from './db/schema.ts'
import { startWorkerHeartbeat } from './jobs/worker-heartbeat.ts'

let database: Database
let deps: AppDeps

beforeAll(async () => {
  ;({ database, deps } = await openAppDeps())
})

afterAll(async () => {
  await database.close()
})

describe('GET /api/health', () => {
  it('reports the version and the driver behind each service', async () => {
    const res = await createApp(deps).request('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 'ok',
      version: '1.2.3',
      drivers: {
        db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        flights: 'simulated',
        email: 'outbox',
        sms: 'outbox',
        whatsapp: 'outbox',
        push: 'outbox',
        billing: 'local',
      },
      checks: { database: true },
    })
  })

  it('answers 503 with the database down when it refuses connections, and the same drivers', async () => {
    const down = await refusingDb()
    try {
      const res = await createApp({ ...deps, db: down.db }).request('/api/health')
      expect(res.status).toBe(503)
      expect(await res.json()).toMatchObject({ status: 'unavailable', version: '1.2.3', drivers: deps.drivers, checks: { database: false } })
    } finally {
      await down.close()
    }
  })

  it('answers 503 within its probe timeout, not a hang, when the database never answers', async () => {
    const silent = await blackHoleDb()
    try {
      const app = createApp({ ...deps, db: silent.db })
      const t0 = performance.now()
      // Both probes wait out the same silence at once (each must answer within its timeout).
      const [res, ready] = await Promise.all([app.request('/api/health'), app.request('/api/ready')])
      expect(performance.now() - t0).toBeLessThan(PROBE_TIMEOUT_MS + 1_000)
      expect(res.status).toBe(503)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toEqual({ status: 'not-ready', checks: { database: false, migrations: false, worker: false } })
    } finally {
      await silent.close()
    }
  })
})

describe('GET /api/ready', () => {
  it('is 503 until a worker heartbeat is fresh, then 200', async () => {
    await database.db.delete(workerHeartbeats)
    const app = createApp(deps)
    const before = await app.request('/api/ready')
    expect(before.status).toBe(503)
    expect(await before.json()).toEqual({ status: 'not-ready', checks: { database: true, migrations: true, worker: false } })

    const heartbeat = await startWorkerHeartbeat({ db: database.db, logger: silentLogger })
    const after = await app.request('/api/ready')
    expect(after.status).toBe(200)
    expect(await after.json()).toEqual({ status: 'ready', checks: { database: true, migrations: true, worker: true } })

    await heartbeat.stop()
    expect((await app.request('/api/ready')).status).toBe(503)
  })

  it('treats a worker that stopped beating a minute ago as gone', async () => {
    const heartbeat = await startWorkerHeartbeat({ db: database.db, logger: silentLogger, now: () => new Date(Date.now() - 61_000) })
    expect((await createApp(deps).request('/api/ready')).status).toBe(503)
    await heartbeat.stop()
  })
})

describe('API errors', () => {
  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await createApp(deps).request('/api/nope', { method: 'POST' })
    expect(res.status).toBe(404)
    const body = (await res.json()) as { error: { code: string; message: string; requestId: string } }
    expect(body.error).toMatchObject({ code: 'not_found', message: 'No API endpoint POST /api/nope.' })
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'))
  })

  it('refuses bodies over the limit with 413', async () => {
    const res = await createApp(deps).request('/api/nope', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(2048) }),
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large' } })
  })

  it('answers 503 `unavailable` (JSON, Retry-After) when a route’s query can’t reach the database', async () => {
    const down = await refusingDb()
    try {
      // The local outbox, read with its key, queries the database.
      const res = await createApp({ ...deps, db: down.db }).request('/api/dev/outbox', { headers: { [OUTBOX_KEY_HEADER]: deps.outboxKey } })
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('5')
      const body = (await res.json()) as { error: { code: string; message: string; requestId: string } }
      expect(body.error).toMatchObject({ code: 'unavailable', message: 'FareDrop is temporarily unavailable. Please try again in a moment.' })
      expect(body.error.requestId).toBe(res.headers.get('x-request-id'))
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|select/i)
    } finally {
      await down.close()
    }
  })
})

describe('web app', () => {
  it('serves the app shell for client routes with a fresh nonce that matches the CSP', async () => {
    const app = createApp(deps)
    const first = await app.request('/search')
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const html = await first.text()
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1]
    expect(nonce).toBeTruthy()
    expect(html).not.toContain('__CSP_NONCE__')
    expect(first.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`)
    const second = await (await app.request('/search')).text()
    expect(/nonce="([^"]+)"/.exec(second)?.[1]).not.toBe(nonce)
  })

  // Which page gets prerendered HTML or the shell with its preloads: src/server/http/web-app.test.ts.
  it('keeps the build manifest from browsers', async () => {
    expect((await createApp(deps).request('/.vite/manifest.json')).status).toBe(404)
  })

  it('answers 404 with the app shell for paths outside the route table', async () => {
    const res = await createApp(deps).request('/no-such-page')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('<html>')
  })

  it('caches hashed assets for a year and sends them pre-compressed', async () => {
    const res = await createApp(deps).request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('content-type')).toMatch(/javascript/)
  })

  it('serves other public files with a short cache and never the shell for missing files', async () => {
    const app = createApp(deps)
    const robots = await app.request('/robots.txt')
    expect(robots.status).toBe(200)
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600')
    expect((await app.request('/assets/missing-123.js')).status).toBe(404)
    expect((await app.request('/favicon.ico')).status).toBe(404)
  })

  it('compresses API responses for clients that accept it', async () => {
    const res = await createApp(deps).request('/api/health', { headers: { 'accept-encoding': 'gzip' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
  })
})
