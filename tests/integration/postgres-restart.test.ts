import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { and, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inDays } from '#tests/support/alert-fixtures.ts'
import { insertAlert } from '#tests/support/notification-fixtures.ts'
import { bundleServer, spawnServer, waitForListening, type ServerProcess } from '#tests/support/server-process.ts'
import { openDatabase, type Database } from '../../src/server/db/client.ts'
import { alertNotifications, alerts, outboxMessages, profiles, users, workerHeartbeats } from '../../src/server/db/schema.ts'
import { planProfile } from '../support/plan-profile.ts'

/**
 * Security target W5 (shared/reference/security-targets.md, table W): the PostgreSQL server dies
 * under load (`pg_ctl -m immediate stop`: every server process quits at once, no checkpoint) and
 * comes back a few seconds later (crash recovery). While it is down the API answers 503 with the
 * JSON error body, never a hang or a 500, and /api/health says the database is down; /api/health
 * is healthy again ≤ 10 s after the server accepts connections; the separate worker process
 * (`worker.js`, as PostgreSQL deployments run it) checks alerts again ≤ 30 s after; every write the
 * API acknowledged with a 2xx is in the database afterwards.
 *
 * The test starts its own cluster (scripts/postgres-cluster.sh, loopback only) whatever
 * DATABASE_URL says, so it runs the same in both passes of the db project. The app and the worker
 * run as a bundle of the current source (tests/support/server-process.ts).
 *
 * Load: GET /api/health every 100 ms, sign-ups (public write, one user row each), alert creation
 * (authenticated write) and the alert list (authenticated read), each in its own loop, every
 * request with a 5 s timeout. Figures are printed as `[postgres-restart] {…}`.
 */

const CLUSTER_SCRIPT = path.resolve(import.meta.dirname, '../../scripts/postgres-cluster.sh')
const ORIGIN = 'http://localhost:3999'
/** A request that takes longer than this counts as a hang. */
const REQUEST_TIMEOUT_MS = 5_000
const LOAD_BEFORE_CRASH_MS = 3_000
const DOWN_MS = 4_000
/** W5's bounds. */
const HEALTHY_WITHIN_MS = 10_000
const WORKER_RESUMES_WITHIN_MS = 30_000
/** The authenticated read: the caller's alerts, filtered to none so the answer stays small as alerts pile up. */
const LIST_PATH = '/api/alerts?status=all&q=no-such-alert'
/** Concurrent loops of each write (sign-ups, alert creation): more writes in flight when the server dies. */
const WRITERS = 2
/**
 * Alerts made due right after the restart, with a target every fare beats: the worker must check
 * them all and its dispatcher send each one's email notice.
 */
const DUE_AFTER_RESTART = 10

const run = promisify(execFile)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const cluster = async (action: 'start' | 'stop' | 'crash' | 'start-again', dir: string) =>
  (await run('bash', [CLUSTER_SCRIPT, action, dir], { encoding: 'utf8' })).stdout.trim().split('\n').at(-1)!

/** Settings that make the worker quick to observe (as in worker-crash.test.ts). */
const APP_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  PUBLIC_URL: ORIGIN,
  CAPTCHA_PROVIDER: 'none',
  WORKER_IN_PROCESS: undefined,
  PRICE_CHECK_POLL_MS: '200',
  PRICE_CHECK_BATCH_SIZE: '25',
  FLIGHTS_TIMEOUT_MS: '1000',
  PRICE_CHECK_LEASE_SECONDS: '31',
  PROVIDER_CALLS_PER_MINUTE: '100000',
  PROVIDER_CALLS_PER_DAY: '10000000',
  NOTIFICATION_POLL_MS: '200',
  SMTP_URL: undefined,
  SERPAPI_API_KEY: undefined,
  SIMULATOR_FAILURE_MODE: undefined,
  VAPID_SUBJECT: undefined,
  TWILIO_ACCOUNT_SID: undefined,
  TWILIO_AUTH_TOKEN: undefined,
  TWILIO_SMS_FROM: undefined,
  TWILIO_WHATSAPP_FROM: undefined,
}

/** A process of the app died: no point waiting any longer. */
class ProcessExited extends Error {}

/** Polls until `check` holds (a query that fails counts as not yet); returns performance.now() then. */
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<number> {
  const t0 = performance.now()
  const attempt = () =>
    check().catch((error: unknown) => {
      if (error instanceof ProcessExited) throw error
      return false
    })
  while (!(await attempt())) {
    if (performance.now() - t0 > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(everyMs)
  }
  return performance.now()
}

type Kind = 'health' | 'signup' | 'create' | 'list'

interface Answer {
  kind: Kind
  /** performance.now() when the request was sent and when its answer (or failure) came. */
  sent: number
  done: number
  /** HTTP status, or 0 for no answer (timeout, connection refused or reset). */
  status: number
  body: unknown
  failure?: string
}

/** A browser-like client on the app's origin that keeps its cookies; never throws, a failure is an answer with status 0. */
function createClient(baseUrl: string) {
  const cookies = new Map<string, string>()
  return async function request(kind: Kind, pathname: string, json?: unknown): Promise<Answer> {
    const headers = new Headers({ origin: ORIGIN })
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    if (json !== undefined) headers.set('content-type', 'application/json')
    const sent = performance.now()
    let answer: Answer
    try {
      const res = await fetch(`${baseUrl}${pathname}`, {
        method: json === undefined ? 'GET' : 'POST',
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        redirect: 'manual',
      })
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';')
        const [name, ...value] = pair!.split('=')
        cookies.set(name!.trim(), value.join('='))
      }
      const text = await res.text()
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // not JSON: kept as text, which the assertions below refuse for an error
      }
      answer = { kind, sent, done: performance.now(), status: res.status, body }
    } catch (error) {
      answer = { kind, sent, done: performance.now(), status: 0, body: null, failure: String(error) }
    }
    return answer
  }
}

const errorCode = (body: unknown) => (body as { error?: { code?: string } } | null)?.error?.code
const healthDatabase = (body: unknown) => (body as { checks?: { database?: boolean } } | null)?.checks?.database
const ms = (value: number) => Math.round(value)

describe('the app on a PostgreSQL server that crashes under load (pg_ctl -m immediate) and starts again', () => {
  let parent: string
  let dir: string
  let bundle: Awaited<ReturnType<typeof bundleServer>>
  let database: Database
  let app: ServerProcess
  let worker: ServerProcess
  let baseUrl: string
  let userId: string
  let ownerRequest: ReturnType<typeof createClient>

  beforeAll(async () => {
    parent = mkdtempSync(path.join(tmpdir(), 'faredrop-w5-'))
    chmodSync(parent, 0o755) // the cluster runs as the postgres user when this runs as root
    dir = path.join(parent, 'cluster')
    const [built, url] = await Promise.all([bundleServer(), cluster('start', dir)])
    bundle = built
    expect(new URL(url).hostname).toBe('127.0.0.1')

    app = spawnServer({ ...APP_ENV, DATABASE_URL: url }, bundle.main)
    baseUrl = await waitForListening(app, 30_000)
    // After the app: it has applied the migrations.
    worker = spawnServer({ ...APP_ENV, DATABASE_URL: url }, bundle.worker)
    database = await openDatabase({ driver: 'postgres', url, poolSize: 2, onError: () => {} })
    await waitFor('the worker to start', async () => /"msg":"worker started"/.test(worker.output()), 30_000)

    // The alert owner: signed up and verified through the API, then on the Unlimited plan (no alert cap).
    const email = `w5-owner-${Date.now()}@example.com`
    ownerRequest = createClient(baseUrl)
    const signUp = await ownerRequest('signup', '/api/auth/sign-up/email', { email, password: 'correct horse', name: 'Ana Lima' })
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200)
    let token = ''
    await waitFor(
      'the verification email',
      async () => {
        const [message] = await database.db.select({ links: outboxMessages.links }).from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(desc(outboxMessages.createdAt)).limit(1)
        const link = message?.links.find((l) => l.includes('/verify-email?token='))
        token = link ? new URL(link).searchParams.get('token')! : ''
        return token !== ''
      },
      10_000,
    )
    const verified = await ownerRequest('signup', `/api/auth/verify-email?token=${encodeURIComponent(token)}`)
    expect(verified.status).toBeLessThan(400)
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    userId = user!.id
    await database.db.update(profiles).set(planProfile('unlimited')).where(eq(profiles.id, userId))
    expect((await ownerRequest('list', '/api/alerts')).status).toBe(200)
  }, 60_000)

  afterAll(async () => {
    for (const p of [app, worker]) if (p && p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL')
    await Promise.all([app?.exited, worker?.exited])
    await database?.close().catch(() => {})
    if (dir) await cluster('stop', dir).catch(() => '')
    if (parent) rmSync(parent, { recursive: true, force: true })
    bundle?.remove()
  }, 30_000)

  it('W5: answers 503 (never a hang or a 500) while the database is down, is healthy ≤ 10 s after it is back, the worker resumes ≤ 30 s, no acknowledged write is lost', { timeout: 90_000 }, async () => {
    const answers: Answer[] = []
    const anonymous = createClient(baseUrl)
    const owner = ownerRequest
    const record = async (answer: Promise<Answer>) => answers.push(await answer)
    let stop = false
    let signUps = 0
    let creates = 0
    const loop = async (everyMs: number, step: () => Promise<unknown>) => {
      while (!stop) {
        await step()
        await sleep(everyMs)
      }
    }
    /** Fails at once, with its log, when the app or the worker died (a database error must not kill a process). */
    const stillRunning = () => {
      for (const [name, p] of [['app', app], ['worker', worker]] as const) {
        if (p.child.exitCode !== null || p.child.signalCode !== null) {
          throw new ProcessExited(`the ${name} process exited (${p.child.exitCode ?? p.child.signalCode}):\n${p.output().slice(-6_000)}`)
        }
      }
    }
    const signUp = () => anonymous('signup', '/api/auth/sign-up/email', { email: `w5-${Date.now()}-${++signUps}@example.com`, password: 'correct horse', name: 'Load Test' })
    const createAlert = () =>
      owner('create', '/api/alerts', {
        name: `W5 load ${++creates}`,
        alertType: 'route',
        target_price: 250,
        search_parameters: { type: 2, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: inDays(40 + (creates % 20)) },
        notification_channels: { email: true, sms: false, whatsapp: false, push: false },
        check_frequency: '15d',
      })
    const loadStart = performance.now()
    const load = Promise.all([
      loop(100, () => record(anonymous('health', '/api/health'))),
      loop(100, () => record(owner('list', LIST_PATH))),
      ...Array.from({ length: WRITERS }, () => loop(50, () => record(signUp()))),
      ...Array.from({ length: WRITERS }, () => loop(50, () => record(createAlert()))),
    ])
    /** performance.now() at: the crash command, its return, the start command, its return (the server accepts connections). */
    let crashAt = 0
    let downAt = 0
    let startAt = 0
    let backAt = 0
    let backWall = new Date(0)
    /** Milliseconds after `backAt`, from what the worker wrote. */
    let resumed = { firstCheckMs: NaN, dueCheckedMs: NaN, noticesSentMs: NaN, heartbeatMs: NaN }
    try {
      await sleep(LOAD_BEFORE_CRASH_MS)
      crashAt = performance.now()
      await cluster('crash', dir)
      downAt = performance.now()
      await sleep(DOWN_MS)
      startAt = performance.now()
      await cluster('start-again', dir)
      // pg_ctl -w returns once the server accepts connections (after crash recovery).
      backAt = performance.now()
      backWall = new Date()

      // Alerts due right after the restart, written on the test's own connection.
      const due: string[] = []
      await waitFor(
        'the test connection to write due alerts',
        async () => {
          while (due.length < DUE_AFTER_RESTART) due.push(await insertAlert(database.db, userId, { status: 'active', channels: { email: true } }))
          await database.db.update(alerts).set({ targetPrice: 100_000, nextCheckAt: new Date() }).where(inArray(alerts.id, due))
          return true
        },
        10_000,
      )

      await waitFor(
        '/api/health to answer 200',
        async () => {
          stillRunning()
          return answers.some((a) => a.kind === 'health' && a.sent >= backAt && a.status === 200)
        },
        HEALTHY_WITHIN_MS + 5_000,
        10,
      )
      // The worker: every alert due after the restart checked and its notice sent, its heartbeat
      // written again. The times come from what the worker wrote (its clock is this machine's), so
      // they don't depend on how often the test looks.
      const dueChecked = () => database.db.select({ at: alerts.lastCheckedAt }).from(alerts).where(and(inArray(alerts.id, due), isNotNull(alerts.lastCheckedAt)))
      const dueSent = () =>
        database.db
          .select({ at: alertNotifications.sentAt })
          .from(alertNotifications)
          .where(and(inArray(alertNotifications.alertId, due), eq(alertNotifications.status, 'sent')))
      const [, , heartbeatAt] = await Promise.all([
        waitFor(
          'the worker to check the alerts due after the restart',
          async () => {
            stillRunning()
            return (await dueChecked()).length === due.length
          },
          WORKER_RESUMES_WITHIN_MS + 5_000,
          100,
        ),
        waitFor('the notices of the alerts due after the restart to be sent', async () => (await dueSent()).length === due.length, WORKER_RESUMES_WITHIN_MS + 5_000, 100),
        waitFor(
          'the worker heartbeat to advance',
          async () => (await database.db.select({ id: workerHeartbeats.workerId }).from(workerHeartbeats).where(gt(workerHeartbeats.beatAt, backWall))).length > 0,
          WORKER_RESUMES_WITHIN_MS + 5_000,
          100,
        ),
      ])
      const sinceBack = (rows: { at: Date | null }[], pick: (...values: number[]) => number) => pick(...rows.map((r) => r.at!.getTime() - backWall.getTime()))
      const [checkedRows, sentRows, firstCheck] = await Promise.all([
        dueChecked(),
        dueSent(),
        database.db.select({ at: alerts.lastCheckedAt }).from(alerts).where(gt(alerts.lastCheckedAt, backWall)).orderBy(alerts.lastCheckedAt).limit(1),
      ])
      resumed = {
        firstCheckMs: sinceBack(firstCheck, Math.min),
        dueCheckedMs: sinceBack(checkedRows, Math.max),
        noticesSentMs: sinceBack(sentRows, Math.max),
        heartbeatMs: heartbeatAt - backAt,
      }
      // A little more load on the recovered database.
      await sleep(1_000)
    } finally {
      stop = true
      await load
    }
    const endAt = performance.now()

    // ---- Figures first (printed even when an assertion below fails) ----
    const acked = (kind: Kind, status: number) => answers.filter((a) => a.kind === kind && a.status === status)
    const ackedSignUps = acked('signup', 200).map((a) => (a.body as { user: { email: string } }).user.email)
    const ackedAlerts = acked('create', 201).map((a) => (a.body as { alert: { id: string } }).alert.id)
    const foundUsers = ackedSignUps.length ? await database.db.select({ email: users.email }).from(users).where(inArray(users.email, ackedSignUps)) : []
    const foundAlerts = ackedAlerts.length ? await database.db.select({ id: alerts.id }).from(alerts).where(inArray(alerts.id, ackedAlerts)) : []
    const isWrite = (a: Answer) => a.kind === 'signup' || a.kind === 'create'
    const whileDown = answers.filter((a) => a.sent >= downAt && a.done < startAt)
    const firstDown = answers.filter((a) => a.sent >= crashAt && a.status === 503).sort((a, b) => a.done - b.done)[0]
    const healthyAt = answers.find((a) => a.kind === 'health' && a.sent >= backAt && a.status === 200)!.done
    const figures = {
      crashCommandMs: ms(downAt - crashAt),
      startCommandMs: ms(backAt - startAt),
      timeTo503Ms: firstDown ? ms(firstDown.done - crashAt) : null,
      slowestAnswerWhileDownMs: ms(Math.max(0, ...answers.filter((a) => a.sent >= crashAt && a.done < backAt).map((a) => a.done - a.sent))),
      answeredWhileDown: whileDown.length,
      inFlightAtCrash: answers.filter((a) => a.sent < crashAt && a.done > crashAt).length,
      timeToHealthyMs: ms(healthyAt - backAt),
      workerFirstCheckMs: ms(resumed.firstCheckMs),
      workerDueCheckedMs: ms(resumed.dueCheckedMs),
      workerNoticesSentMs: ms(resumed.noticesSentMs),
      workerHeartbeatMs: ms(resumed.heartbeatMs),
      requests: answers.length,
      statuses: Object.fromEntries([...new Set(answers.map((a) => a.status))].sort().map((s) => [s, answers.filter((a) => a.status === s).length])),
      ackedWrites: ackedSignUps.length + ackedAlerts.length,
      ackedBeforeCrash: answers.filter((a) => isWrite(a) && a.status < 300 && a.done < crashAt).length,
      ackedAfterRestart: answers.filter((a) => isWrite(a) && a.status < 300 && a.sent >= backAt).length,
      foundWrites: foundUsers.length + foundAlerts.length,
      loadS: Math.round((endAt - loadStart) / 100) / 10,
    }
    console.log(`[postgres-restart] ${JSON.stringify(figures)}`)

    // ---- What the clients saw ----
    const output = () => `\n--- app ---\n${app.output().slice(-6_000)}\n--- worker ---\n${worker.output().slice(-4_000)}`
    const show = (list: Answer[]) =>
      JSON.stringify(list.slice(0, 5).map((a) => ({ kind: a.kind, status: a.status, atMs: ms(a.sent - crashAt), ms: ms(a.done - a.sent), body: a.body, failure: a.failure })))
    // Every request answered within the timeout: no hang.
    const unanswered = answers.filter((a) => a.status === 0)
    expect(unanswered, show(unanswered) + output()).toEqual([])
    // Never a 500: a request the database could not serve is a 503 with the JSON error body.
    const wrong = answers.filter((a) => a.status >= 300 && (a.status !== 503 || (a.kind === 'health' ? healthDatabase(a.body) !== false : errorCode(a.body) !== 'unavailable')))
    expect(wrong, show(wrong) + output()).toEqual([])
    // Before the crash, everything succeeded.
    const failedBefore = answers.filter((a) => a.done < crashAt && a.status >= 300)
    expect(failedBefore, show(failedBefore)).toEqual([])
    // While it was down, every kind of request answered 503 (the health check saying the database is down).
    for (const kind of ['health', 'signup', 'create', 'list'] as const) {
      const ofKind = whileDown.filter((a) => a.kind === kind)
      expect(ofKind.length, `${kind} requests while down`).toBeGreaterThan(0)
      expect(ofKind.filter((a) => a.status !== 503), show(ofKind.filter((a) => a.status !== 503))).toEqual([])
    }
    // Once healthy, everything succeeds again.
    const failedAfter = answers.filter((a) => a.sent >= healthyAt && a.status >= 300)
    expect(failedAfter, show(failedAfter) + output()).toEqual([])
    expect(figures.ackedAfterRestart).toBeGreaterThan(0)

    // Nothing acknowledged is lost.
    expect(figures.ackedBeforeCrash).toBeGreaterThan(0)
    expect(foundUsers.length).toBe(ackedSignUps.length)
    expect(foundAlerts.length).toBe(ackedAlerts.length)
    // W5's bounds.
    expect(healthyAt - backAt).toBeLessThanOrEqual(HEALTHY_WITHIN_MS)
    expect(resumed.dueCheckedMs).toBeLessThanOrEqual(WORKER_RESUMES_WITHIN_MS)
    expect(resumed.noticesSentMs).toBeLessThanOrEqual(WORKER_RESUMES_WITHIN_MS)
    expect(resumed.heartbeatMs).toBeLessThanOrEqual(WORKER_RESUMES_WITHIN_MS)

    // Both processes lived through it and still stop cleanly.
    for (const p of [app, worker]) {
      expect(p.child.exitCode, output()).toBeNull()
      p.child.kill('SIGTERM')
      expect(await p.exited, output()).toBe(0)
    }
  })
})
