// `npm run bench:api`: how the API's hot path holds under load. Starts the built server on a fresh
// PGlite data directory (NODE_ENV=production), signs up a verified Elite user with 20 alerts and a
// month of 12-hourly price history each, then runs autocannon on loopback against GET /api/health
// and GET /api/alerts (50 connections, a warm-up first) and prints req/s, p50, p99 and the ratio.
// Target: /api/alerts answers >= 25 % of the requests per second /api/health gets, p99 <= 100 ms.
// With DATABASE_URL set it also runs the same against that PostgreSQL (the database is kept).
//
//   npm run bench:api                  builds first
//   npm run bench:api -- --no-build    uses dist/ as it is
//   BENCH_PORT=3421 DURATION=15 WARMUP=3 CONNECTIONS=50 PRICE_POINTS=60 BENCH_SERVER_NODE_ARGS='--cpu-prof'
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { browserClient } from './browser-client.mjs'

const PORT = Number(process.env.BENCH_PORT ?? 3421)
const DURATION = Number(process.env.DURATION ?? 15)
const WARMUP = Number(process.env.WARMUP ?? 3)
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50)
const ALERTS = 20
/** Elite checks every 12 h: 60 points is a month of history per alert (the list shows the last 30). */
const PRICE_POINTS = Number(process.env.PRICE_POINTS ?? 60)
/** Extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof` to see where its time goes. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
const TARGET_RATIO = 0.25
const TARGET_P99_MS = 100
const ORIGIN = `http://127.0.0.1:${PORT}`
const PASSWORD = 'bench correct horse'
// What a browser sends: the alerts answer is large enough to be compressed.
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'application/json' }

if (!process.argv.includes('--no-build')) execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })

/** What the script reads the local outbox with. */
const OUTBOX_KEY = `bench-outbox-${process.pid}-key`

// ---- the server ----

function startServer(env) {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // Scripts only: sign-up without a proof of work.
      CAPTCHA_PROVIDER: 'none',
      // The script reads the verification links from the local outbox with its key (decision 030).
      OUTBOX_KEY,
      // Production's default log level: every API request writes its access line (to /dev/null here).
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  return {
    /** CPU seconds the server process has used so far (Linux), or null where /proc is missing. */
    cpuSeconds() {
      const stat = `/proc/${child.pid}/stat`
      if (!existsSync(stat)) return null
      // Fields 14 and 15 (utime, stime) after the command name, in clock ticks (100 a second on Linux).
      const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ')
      return (Number(fields[11]) + Number(fields[12])) / 100
    },
    async ready() {
      for (let i = 0; i < 300; i++) {
        try {
          if ((await fetch(`${ORIGIN}/api/health`)).ok) return
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error('the server did not answer /api/health within 30 s')
    },
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

// ---- a browser-like client: cookies, our Origin ----

const client = () => browserClient(ORIGIN)

async function expectStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: answered ${res.status} ${await res.text()}`)
  return res
}

/** Signs up, opens the verification link from the local outbox (which signs in); returns the client and user id. */
async function verifiedUser(email) {
  const c = client()
  const signUp = await c.request('/api/auth/sign-up/email', { method: 'POST', json: { email, password: PASSWORD, name: 'Bench User', callbackURL: '/' } })
  await expectStatus(signUp, 200, `sign-up ${email}`)
  let link
  for (let i = 0; i < 50 && !link; i++) {
    const outbox = await (await c.request(`/api/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { 'x-outbox-key': OUTBOX_KEY } })).json()
    link = outbox.messages?.flatMap((m) => m.links ?? []).find((l) => l.includes('/verify-email?token='))
    if (!link) await new Promise((r) => setTimeout(r, 100))
  }
  if (!link) throw new Error(`no verification email for ${email}`)
  const token = new URL(link).searchParams.get('token')
  const verified = await c.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)
  if (verified.status >= 400) throw new Error(`verify-email answered ${verified.status}`)
  const me = await (await expectStatus(await c.request('/api/me'), 200, 'GET /api/me')).json()
  return { client: c, userId: me.user.id }
}

const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const ROUTES = [
  ['JFK', 'LHR'], ['JFK', 'LAX'], ['SFO', 'NRT'], ['ORD', 'CDG'], ['LAX', 'SYD'], ['BOS', 'FCO'], ['SEA', 'HNL'],
  ['ATL', 'MEX'], ['MIA', 'GRU'], ['DFW', 'FRA'], ['DEN', 'LAS'], ['IAD', 'DXB'], ['EWR', 'MAD'], ['LHR', 'SIN'],
  ['CDG', 'JFK'], ['AMS', 'BCN'], ['FRA', 'IST'], ['DXB', 'BKK'], ['HND', 'ICN'], ['SYD', 'AKL'],
]

/** 20 alerts of the kinds people keep: round trips, one-ways, a multi-city, some with filters. */
function alertBodies() {
  return ROUTES.slice(0, ALERTS).map(([from, to], i) => {
    const outbound = inDays(20 + i * 4)
    const base = {
      name: `${from} → ${to} ${i % 3 === 0 ? 'summer trip' : 'Route Alert'}`,
      alertType: 'route',
      target_price: 180 + i * 37,
      notification_channels: { email: true, sms: false, whatsapp: i % 4 === 0, push: i % 5 === 0 },
      check_frequency: i % 4 === 3 ? '15d' : '12h',
    }
    if (i % 7 === 6) {
      const legs = [
        { departure_id: from, arrival_id: to, date: outbound },
        { departure_id: to, arrival_id: 'LHR', date: inDays(24 + i * 4) },
      ]
      return { ...base, search_parameters: { type: 3, multi_city_json: JSON.stringify(legs), adults: 1, travel_class: 1 } }
    }
    const roundTrip = i % 3 !== 1
    return {
      ...base,
      search_parameters: {
        type: roundTrip ? 1 : 2,
        departure_id: from,
        arrival_id: to,
        outbound_date: outbound,
        ...(roundTrip ? { return_date: inDays(27 + i * 4) } : {}),
        adults: 1 + (i % 2),
        travel_class: i % 5 === 0 ? 3 : 1,
        ...(i % 4 === 1 ? { stops: 1, max_price: 2000, include_airlines: 'BA,AA,UA' } : {}),
      },
      ...(i % 4 === 2 ? { filters: { stops: 'any', airlines: ['BA', 'AA'], maxDuration: 900, outboundTimes: [6, 22, 0, 23] } } : {}),
    }
  })
}

/** A month of 12-hourly prices per alert, as the worker records them (with the itinerary it saw). */
const SEED_PRICES_SQL = `
  insert into alert_prices (alert_id, price, currency, recorded_at, itinerary)
  select a.id,
         round(a.target_price * (0.9 + ((g * 37 + length(a.name)) % 40) / 100.0), 2),
         a.currency,
         now() - g * interval '12 hours',
         jsonb_build_object(
           'flights', jsonb_build_array(jsonb_build_object('airline', 'BA', 'flight_number', '117',
             'departure_airport', a.origin_airport, 'arrival_airport', a.destination_airport,
             'departure_time', coalesce(a.departure_date::text, '2027-01-01') || 'T18:30')),
           'total_duration', 425, 'stops', 0)
  from alerts a cross join generate_series(1, $2::int) g
  where a.user_id = $1;
  `
const SEED_ALERT_PRICES_SQL = `
  update alerts a set
    current_price = p.latest, lowest_price = p.lowest, last_checked_at = now() - interval '12 hours'
  from (select alert_id, min(price) as lowest,
               (array_agg(price order by recorded_at desc))[1] as latest
        from alert_prices group by alert_id) p
  where a.id = p.alert_id and a.user_id = $1;
  `

async function seedPrices(query, userId) {
  await query(SEED_PRICES_SQL, [userId, PRICE_POINTS])
  await query(SEED_ALERT_PRICES_SQL, [userId])
}

// ---- one database: set up, load, report ----

async function load(title, options) {
  return autocannon({ title, url: `${ORIGIN}${options.path}`, connections: CONNECTIONS, duration: options.duration, headers: { ...BROWSER_HEADERS, ...options.headers } })
}

function summary(name, result, cpuSeconds) {
  const failed = result.non2xx + result.errors + result.timeouts
  return {
    name,
    cpuMsPerRequest: cpuSeconds === null ? null : (cpuSeconds * 1000) / result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    failed,
  }
}

async function benchOn(label, { env, seedWithServerStopped, seedOnline }) {
  console.log(`\n== ${label} ==`)
  const stamp = Date.now()
  const adminEmail = `bench-admin-${stamp}@example.com`
  // An admin grants the user Elite (30 alerts), as support would.
  const serverEnv = { ...env, ADMIN_EMAILS: adminEmail }
  let server = startServer(serverEnv)
  try {
    await server.ready()
    const admin = await verifiedUser(adminEmail)
    const user = await verifiedUser(`bench-user-${stamp}@example.com`)
    await expectStatus(await admin.client.request(`/api/admin/users/${user.userId}/plan`, { method: 'POST', json: { tier: 'elite' } }), 200, 'grant Elite')
    for (const body of alertBodies()) await expectStatus(await user.client.request('/api/alerts', { method: 'POST', json: body }), 201, 'create alert')

    if (seedOnline) {
      await seedOnline(user.userId)
    } else {
      // One PGlite directory admits one process: seed with the server stopped, then start it again.
      await server.stop()
      await seedWithServerStopped(user.userId)
      server = startServer(serverEnv)
      await server.ready()
    }

    const cookie = user.client.cookieHeader()
    const check = await fetch(`${ORIGIN}/api/alerts`, { headers: { cookie } })
    const text = await check.text()
    const { alerts } = JSON.parse(text)
    if (check.status !== 200 || alerts.length !== ALERTS) throw new Error(`GET /api/alerts answered ${check.status} with ${alerts?.length} alerts`)
    const points = alerts.reduce((sum, a) => sum + a.prices.length, 0)
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
    console.log(`GET /api/alerts answers ${alerts.length} alerts, ${points} price points, ${kb(text.length)} JSON (${kb(gzipSync(text).length)} gzipped)`)

    const targets = [
      { name: 'GET /api/health', path: '/api/health', headers: {} },
      { name: 'GET /api/alerts', path: '/api/alerts', headers: { cookie } },
    ]
    for (const target of targets) await load(`warm-up ${target.name}`, { ...target, duration: WARMUP })
    const results = []
    for (const target of targets) {
      const cpuBefore = server.cpuSeconds()
      const result = await load(target.name, { ...target, duration: DURATION })
      const cpuAfter = server.cpuSeconds()
      results.push(summary(target.name, result, cpuBefore === null ? null : cpuAfter - cpuBefore))
    }
    return results
  } finally {
    await server.stop()
  }
}

function report(label, [health, alerts]) {
  const ratio = alerts.rps / health.rps
  const pad = (s, n) => String(s).padStart(n)
  console.log(`\n${label}: ${CONNECTIONS} connections, ${DURATION} s per target after a ${WARMUP} s warm-up, loopback`)
  console.log(`  ${'target'.padEnd(18)} ${pad('req/s', 9)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('max ms', 8)} ${pad('requests', 9)} ${pad('failed', 7)} ${pad('server CPU ms/req', 18)}`)
  for (const r of [health, alerts]) {
    const cpu = r.cpuMsPerRequest === null ? 'n/a' : r.cpuMsPerRequest.toFixed(2)
    console.log(`  ${r.name.padEnd(18)} ${pad(r.rps.toFixed(0), 9)} ${pad(r.p50, 8)} ${pad(r.p99, 8)} ${pad(r.max, 8)} ${pad(r.requests, 9)} ${pad(r.failed, 7)} ${pad(cpu, 18)}`)
  }
  const ratioOk = ratio >= TARGET_RATIO
  const p99Ok = alerts.p99 <= TARGET_P99_MS
  console.log(`  alerts / health: ${(ratio * 100).toFixed(1)} % (target >= ${TARGET_RATIO * 100} %) ${ratioOk ? 'PASS' : 'FAIL'}`)
  console.log(`  alerts p99: ${alerts.p99} ms (target <= ${TARGET_P99_MS} ms) ${p99Ok ? 'PASS' : 'FAIL'}`)
  if (health.failed || alerts.failed) console.log('  WARNING: some requests failed (non-2xx, errors or timeouts): the figures are not valid')
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'faredrop-bench-api-'))
try {
  const pglite = await benchOn('PGlite (embedded)', {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    async seedWithServerStopped(userId) {
      const { PGlite } = await import('@electric-sql/pglite')
      const db = await PGlite.create(path.join(dataDir, 'pglite'))
      try {
        await seedPrices((text, params) => db.query(text, params), userId)
      } finally {
        await db.close()
      }
    },
  })
  report('PGlite', pglite)

  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 })
    try {
      const postgres = await benchOn('PostgreSQL (DATABASE_URL)', {
        env: { DATABASE_URL: process.env.DATABASE_URL },
        seedOnline: (userId) => seedPrices((text, params) => pool.query(text, params), userId),
      })
      report('PostgreSQL', postgres)
    } finally {
      await pool.end()
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}

const [load1] = loadavg()
console.log(`\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${load1.toFixed(1)}; ${new Date().toISOString()}`)
