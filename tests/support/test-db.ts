import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type Database } from '../../src/server/db/client.ts'

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or, when
 * DATABASE_URL is set (CI's second pass), a new database on that PostgreSQL server that is
 * dropped again on close.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) return openDatabase({ driver: 'pglite-memory' })

  const name = `faredrop_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
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
