// `npm run bench:jobs`: the notice outbox as FareDrop dispatches it (claim with a lease, send, record)
// against pg-boss 10 doing the same delivery work as jobs, on PGlite (in memory) and PostgreSQL
// (a throwaway cluster, or DATABASE_URL). Prints notices per second for a backlog of NOTICES due at
// once and the latency from queueing one notice to its send, for issue 11's evaluation (decision 022).
// pg-boss is not a dependency of the app: install it for the run with `npm install --no-save pg-boss@10.4.2`.
import { cpus, totalmem } from 'node:os'
import pLimit from 'p-limit'
import { eq, inArray } from 'drizzle-orm'
import type { Database, Db } from '#server/db/client.ts'
import { alertNotifications, outboxMessages } from '#server/db/schema.ts'
import { createOutboxMailer } from '#server/email/outbox-mailer.ts'
import { startNotificationDispatcher } from '#server/notifications/start-dispatcher.ts'
import { createChannelDrivers } from '#server/notifications/channels/create-channels.ts'
import { parseEnv } from '#server/env.ts'
import { loadDeliveryTargets } from '#server/notifications/load-delivery-targets.ts'
import { createClientLinks } from '#server/clients/client-links.ts'
import { insertAlert, insertUser, samplePayload } from '#tests/support/notification-fixtures.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { freshPglite, freshPostgres, startPostgres } from './bench-engine/databases.ts'

const clientLinks = createClientLinks({ secret: 'bench-secret', publicUrl: 'http://localhost' })

const NOTICES = Number(process.env.NOTICES ?? 2_000)
const LATENCY_SAMPLES = Number(process.env.LATENCY_SAMPLES ?? 20)
/** Jobs pg-boss fetches at a time (its worker waits its polling interval between fetches, full or not). */
const BOSS_BATCH = Number(process.env.BOSS_BATCH ?? 25)

/** The part of pg-boss 10's API this bench uses (it is not a dependency of the app). */
interface PgBossJob {
  data: { id: string }
}
interface PgBossInstance {
  on(event: 'error', listener: (error: unknown) => void): void
  start(): Promise<unknown>
  stop(options: object): Promise<void>
  createQueue(name: string, options: object): Promise<void>
  insert(jobs: { name: string; data: object }[]): Promise<unknown>
  send(name: string, data: object): Promise<string | null>
  work(name: string, options: object, handler: (jobs: PgBossJob[]) => Promise<void>): Promise<string>
  notifyWorker(workerId: string): void
}
type PgBossConstructor = new (options: object) => PgBossInstance

async function loadPgBoss(): Promise<PgBossConstructor> {
  const name = 'pg-boss'
  try {
    return ((await import(name)) as { default: PgBossConstructor }).default
  } catch {
    console.error('pg-boss is not installed: npm install --no-save pg-boss@10.4.2')
    process.exit(1)
  }
}

/** NOTICES pending email notices, due now, for users with an alert each (email only: the local outbox). */
async function seedNotices(db: Db, count: number, tag: string): Promise<string[]> {
  const ids: string[] = []
  const users = Math.ceil(count / 5)
  for (let u = 0; u < users; u++) {
    const user = await insertUser(db, { plan: 'elite', phone: null })
    const alertId = await insertAlert(db, user.id, { channels: { email: true } })
    const rows = Array.from({ length: Math.min(5, count - u * 5) }, (_, i) => ({
      alertId,
      userId: user.id,
      channel: 'email' as const,
      dedupeKey: `${alertId}:${tag}-${i}:email`,
      price: 412,
      payload: samplePayload(),
      nextAttemptAt: new Date(Date.now() - 1_000),
    }))
    if (rows.length === 0) break
    const inserted = await db.insert(alertNotifications).values(rows).returning({ id: alertNotifications.id })
    ids.push(...inserted.map((r) => r.id))
  }
  return ids
}

async function waitUntilSent(db: Db, ids: string[], timeoutMs = 600_000): Promise<void> {
  const started = Date.now()
  for (;;) {
    const rows = await db.select({ status: alertNotifications.status }).from(alertNotifications).where(inArray(alertNotifications.id, ids))
    if (rows.every((r) => r.status !== 'pending')) return
    if (Date.now() - started > timeoutMs) throw new Error('notices still pending')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function channelsFor(db: Db) {
  const mailer = createOutboxMailer({ db, logger: silentLogger })
  const vapidKeys = { publicKey: 'B'.padEnd(87, 'A'), privateKey: 'A'.repeat(43) }
  return createChannelDrivers({ env: parseEnv({ NODE_ENV: 'test' }), db, logger: silentLogger, mailer, vapidKeys })
}

/** FareDrop's dispatcher loop, as the worker runs it (25 a round, 4 sends at once, woken on queueing). */
async function runOutbox(database: Database, label: string) {
  const db = database.db
  const deps = { db, channels: channelsFor(db), logger: silentLogger, now: () => new Date(), unsubscribeUrl: (id: string) => `http://localhost/u/${id}`, digestUnsubscribeUrl: (id: string) => `http://localhost/d/${id}`, clientLinks, publicUrl: 'http://localhost' }
  const ids = await seedNotices(db, NOTICES, `${label}-bulk`)
  const started = performance.now()
  const dispatcher = startNotificationDispatcher(deps, { pollMs: 1_000 })
  dispatcher.wake()
  await waitUntilSent(db, ids)
  const bulkS = (performance.now() - started) / 1000
  const latencies: number[] = []
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const [id] = await seedNotices(db, 1, `${label}-lat-${i}`)
    const t0 = performance.now()
    dispatcher.wake() // what the engine does after queueing
    await waitUntilSent(db, [id!])
    latencies.push(performance.now() - t0)
  }
  await dispatcher.stop()
  return { bulkS, perSecond: NOTICES / bulkS, latencies }
}

/** pg-boss 10: a job per notice (25 a fetch), the handler doing the same delivery work and recording it. */
async function runPgBoss(database: Database, label: string, executeSql: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>) {
  const PgBoss = await loadPgBoss()
  const db = database.db
  const channels = channelsFor(db)
  const boss = new PgBoss({ db: { executeSql }, supervise: true, schedule: false })
  boss.on('error', (err) => console.error('pg-boss', err))
  await boss.start()
  await boss.createQueue('notice', { name: 'notice', policy: 'standard', retryLimit: 7, retryDelay: 30, retryBackoff: true, expireInSeconds: 90 })
  const deliver = async (id: string) => {
    const [row] = await db.select().from(alertNotifications).where(eq(alertNotifications.id, id))
    if (!row || row.status !== 'pending') return
    const targets = await loadDeliveryTargets({ db, unsubscribeUrl: (alertId) => `http://localhost/u/${alertId}`, clientLinks, publicUrl: 'http://localhost' }, [row])
    const target = targets.get(row.id)!
    await db.update(alertNotifications).set({ attempts: row.attempts + 1 }).where(eq(alertNotifications.id, id))
    const result = await channels.email.send(row.payload, target.owner!.recipient, row.dedupeKey)
    await db.update(alertNotifications).set({ status: 'sent', sentAt: new Date(), providerMessageId: result.providerMessageId }).where(eq(alertNotifications.id, id))
  }
  const ids = await seedNotices(db, NOTICES, `${label}-bulk`)
  const started = performance.now()
  for (let i = 0; i < ids.length; i += 500) await boss.insert(ids.slice(i, i + 500).map((id) => ({ name: 'notice', data: { id } })))
  // The same shape as the outbox's rounds: BOSS_BATCH (25) a fetch, 4 sends at once.
  const limit = pLimit(4)
  const workerId = await boss.work('notice', { batchSize: BOSS_BATCH, pollingIntervalSeconds: 0.5 }, async (jobs) => {
    await Promise.all(jobs.map((job) => limit(() => deliver(job.data.id))))
  })
  await waitUntilSent(db, ids)
  const bulkS = (performance.now() - started) / 1000
  const latencies: number[] = []
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const [id] = await seedNotices(db, 1, `${label}-lat-${i}`)
    const t0 = performance.now()
    await boss.send('notice', { id })
    boss.notifyWorker(workerId)
    await waitUntilSent(db, [id!])
    latencies.push(performance.now() - t0)
  }
  await boss.stop({ graceful: true, wait: true, close: false })
  return { bulkS, perSecond: NOTICES / bulkS, latencies }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!
function print(name: string, r: { bulkS: number; perSecond: number; latencies: number[] }) {
  console.log(
    `  ${name.padEnd(26)} ${NOTICES} notices in ${r.bulkS.toFixed(1)} s = ${r.perSecond.toFixed(0)}/s; queue→sent latency median ${median(r.latencies).toFixed(0)} ms, p95 ${p95(r.latencies).toFixed(0)} ms`,
  )
}

const cpu = cpus()
console.log('Job processing: FareDrop outbox vs pg-boss 10 (npm run bench:jobs)')
console.log(`  machine: ${cpu[0]?.model ?? 'cpu'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.version}; ${new Date().toISOString()}`)

for (const backend of (process.env.DB ?? 'pglite,postgres').split(',')) {
  console.log(`\n${backend}:`)
  const server = backend === 'postgres' ? startPostgres() : null
  try {
    for (const variant of ['outbox', 'pg-boss'] as const) {
      const database = server ? await freshPostgres(server.url) : await freshPglite()
      const client = (
        database.db as unknown as {
          $client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>; exec?(text: string): Promise<{ rows: unknown[] }[]> }
        }
      ).$client
      // pg-boss's schema scripts are several statements without parameters: PGlite runs those with
      // exec (its query prepares one statement); node-postgres's pool takes them as they are.
      const executeSql = async (text: string, values: unknown[] = []) =>
        values.length === 0 && client.exec ? ((await client.exec(text)).at(-1) ?? { rows: [] }) : client.query(text, values)
      try {
        const result = variant === 'outbox' ? await runOutbox(database, variant) : await runPgBoss(database, variant, executeSql)
        print(variant, result)
        const [sent] = await database.db.select({ id: outboxMessages.id }).from(outboxMessages).limit(1)
        if (!sent) throw new Error('nothing reached the outbox')
      } finally {
        await database.close()
      }
    }
  } finally {
    server?.stop()
  }
}
