import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type Database, type Db } from '../../src/server/db/client.ts'
import { listenToChanges } from '../../src/server/db/change-feed.ts'
import { createPglite } from '../../src/server/db/pglite-client.ts'
import * as schema from '../../src/server/db/schema.ts'
import { MIGRATIONS_DIR } from '../../src/server/lib/paths.ts'

let template: Blob | undefined

/**
 * An in-memory PGlite loaded from the migrated template (tests/setup/test-db-template.ts). The
 * migrator still runs, as `openDatabase` runs it: against the template it finds nothing to do,
 * and a template that fell behind the migrations would be brought up to date, not trusted.
 */
async function openPgliteCopy(): Promise<Database> {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))])
  const client = await createPglite({ loadDataDir: template })
  const db = drizzle(client, { schema })
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR })
  // As openDatabase does: the embedded database's answers kept in memory (decision 029) are tested too.
  await listenToChanges(client, db as unknown as Db)
  return { db: db as unknown as Db, driver: 'pglite', close: () => client.close() }
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
