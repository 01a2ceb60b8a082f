import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '#tests/support/test-db.ts'
import { blackHoleDb, refusingDb, type UnreachableDb } from '#tests/support/unreachable-db.ts'
import { databaseAnswers, openDatabase, type Database } from './client.ts'
import { isDatabaseUnavailable } from './connection-errors.ts'

/** What the database layer does when PostgreSQL goes away (security target W5; the whole scenario is tests/integration/postgres-restart.test.ts). */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work
  } catch (error) {
    return error
  }
  throw new Error('expected a failure')
}

describe('a PostgreSQL server that cannot be reached', () => {
  let refusing: UnreachableDb
  let blackHole: UnreachableDb

  beforeAll(async () => {
    refusing = await refusingDb()
    blackHole = await blackHoleDb()
  })
  afterAll(async () => {
    await refusing?.close()
    await blackHole?.close()
  })

  it('refusing connections: opening fails at once with an error the API answers 503', async () => {
    const t0 = performance.now()
    const error = await failureOf(openDatabase({ driver: 'postgres', url: refusing.url }))
    expect(performance.now() - t0).toBeLessThan(2_000)
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it('never answering: opening gives up after the connect timeout instead of waiting forever', async () => {
    const t0 = performance.now()
    const error = await failureOf(openDatabase({ driver: 'postgres', url: blackHole.url, connectTimeoutMs: 300 }))
    const waited = performance.now() - t0
    expect(waited).toBeGreaterThanOrEqual(250)
    expect(waited).toBeLessThan(3_000)
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it('databaseAnswers: false at once when refused, false within its timeout when nothing answers', async () => {
    let t0 = performance.now()
    expect(await databaseAnswers(refusing.db)).toBe(false)
    expect(performance.now() - t0).toBeLessThan(1_000)
    t0 = performance.now()
    expect(await databaseAnswers(blackHole.db, 300)).toBe(false)
    expect(performance.now() - t0).toBeLessThan(1_500)
  })
})

// node-postgres's pool exists only on PostgreSQL: these run in CI's PostgreSQL pass (DATABASE_URL)
// and have nothing to test on PGlite, so they are not registered there.
if (process.env.DATABASE_URL) describe('PostgreSQL connections that die (server restart, admin kill)', () => {
  let database: Database & { url?: string }
  let admin: pg.Client

  beforeAll(async () => {
    database = await openTestDatabase()
    admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
  })
  afterAll(async () => {
    await admin?.end()
    await database?.close()
  })

  const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid])
  const backendPid = async (db: Database['db']) => {
    const result = (await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }
    return Number(result.rows[0]!.pid)
  }

  it('a connection lost inside a transaction fails that transaction (503 material), not the process; the pool replaces it', async () => {
    const error = await failureOf(
      database.db.transaction(async (tx) => {
        await terminate(await backendPid(tx as unknown as Database['db']))
        // The connection ends while checked out and between queries: node-postgres emits 'error' on
        // the client, which would be an uncaught exception without a listener.
        await sleep(200)
        await tx.execute(sql`select 1`)
      }),
    )
    expect(isDatabaseUnavailable(error)).toBe(true)
    expect(await databaseAnswers(database.db)).toBe(true)
  })

  it('an idle pooled connection that dies is reported to onError and replaced', async () => {
    const lost: Error[] = []
    const single = await openDatabase({ driver: 'postgres', url: database.url!, poolSize: 1, onError: (error) => lost.push(error) })
    try {
      await terminate(await backendPid(single.db))
      await sleep(200)
      expect(lost.length).toBe(1)
      expect(isDatabaseUnavailable(lost[0])).toBe(true)
      expect(await databaseAnswers(single.db)).toBe(true)
    } finally {
      await single.close()
    }
  })
})
