import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type Database, type Db } from '../../src/server/db/client.ts'
import { listenToChanges } from '../../src/server/db/change-feed.ts'
import { createPglite } from '../../src/server/db/pglite-client.ts'
import type { PGlite } from '@electric-sql/pglite'
import * as schema from '../../src/server/db/schema.ts'
import { MIGRATIONS_DIR } from '../../src/server/lib/paths.ts'

let template: Blob | undefined

/**
 * This worker's idle databases, emptied. Starting a PGlite from the template costs ~0.7 s of CPU
 * (its PostgreSQL boots in WebAssembly), emptying one a few milliseconds, and each database test
 * file opens at least one: reusing them saves about a minute of CPU per run (decision 021).
 */
const idle: PGlite[] = []
/** The public tables a clean database has, as one TRUNCATE list (read from the first one). */
let tableList: string | undefined

async function publicTables(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ name: string }>(`select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by 1`)
  return rows.map((row) => row.name).join(', ')
}

/**
 * An in-memory PGlite loaded from the migrated template (tests/setup/test-db-template.ts), or one
 * this worker used before and emptied. On a new one the migrator still runs, as `openDatabase`
 * runs it: against the template it finds nothing to do, and a template that fell behind the
 * migrations would be brought up to date, not trusted.
 */
async function openPgliteCopy(): Promise<Database> {
  let client = idle.pop()
  if (!client) {
    template ??= new Blob([readFileSync(inject('pgliteTemplate'))])
    client = await createPglite({ loadDataDir: template })
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR })
  }
  const db = drizzle(client, { schema })
  // As openDatabase does: the embedded database's answers kept in memory (decision 029) are tested too.
  const { stop } = await listenToChanges(client, db as unknown as Db)
  const query = client.query
  let closed = false
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    close: async () => {
      if (closed) return
      closed = true
      await release(client, { query, stop })
    },
  }
}

/**
 * Back to the pool, emptied, unless the test changed the database in a way emptying does not undo
 * (a renamed table, a wrapped query function): then it is closed, as every database used to be.
 */
async function release(client: PGlite, opened: { query: PGlite['query']; stop: () => Promise<void> }): Promise<void> {
  if (client.closed) return
  try {
    await opened.stop()
    if (client.query !== opened.query) throw new Error('a test replaced query()')
    const tables = await publicTables(client)
    tableList ??= tables
    if (tables !== tableList) throw new Error('a test changed the tables')
    // A test that ended inside a transaction leaves it open; PostgreSQL only warns when there is none.
    await client.exec('ROLLBACK')
    await client.exec(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`)
    idle.push(client)
  } catch {
    await client.close()
  }
}

/**
 * A fresh, migrated database for one test file (or one test): an in-memory PGlite by default, or,
 * when DATABASE_URL is set (CI's second pass), a new database on that PostgreSQL server that is
 * dropped again on close. Both start as a copy of a template migrated once per run.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) return openPgliteCopy()

  const name = `faredrop_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`)
  await admin.end()

  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 4 })
  return {
    ...database,
    // Tests that need a second, independent connection pool (two workers) open their own.
    url: url.toString(),
    close: async () => {
      await database.close()
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await dropper.end()
    },
  }
}
