import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/client.ts'
import { MIGRATIONS_DIR } from '../../src/server/lib/paths.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A gzipped PGlite data directory with every migration applied (the embedded pass), or ''. */
    pgliteTemplate: string
    /** A migrated PostgreSQL database to clone (the PostgreSQL pass, DATABASE_URL set), or ''. */
    postgresTemplate: string
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..')
const CACHE_DIR = path.join(ROOT, '.tmp', 'test-db')

/**
 * What the template depends on: the migrations, and the PGlite and Drizzle versions that apply and
 * record them. A change to any of them makes a new template; an unchanged one is reused across runs.
 */
function templateKey(): string {
  const hash = createHash('sha256')
  for (const name of readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(MIGRATIONS_DIR, name)
    if (!name.endsWith('.sql') && !name.endsWith('.json')) continue
    hash.update(name).update(readFileSync(file))
  }
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm']) {
    hash.update(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json')))
  }
  return hash.digest('hex').slice(0, 16)
}

/** Migrates one in-memory PGlite and keeps its data directory as a file (~5 MB), once per migration set. */
async function pgliteTemplate(key: string): Promise<string> {
  const file = path.join(CACHE_DIR, `pglite-${key}.tar.gz`)
  if (existsSync(file)) return file
  mkdirSync(CACHE_DIR, { recursive: true })
  const database = await openDatabase({ driver: 'pglite-memory' })
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client
    const dump = await client.dumpDataDir('gzip')
    // Written aside and renamed: a second run starting at the same moment never reads half a file.
    const partial = `${file}.${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
  } finally {
    await database.close()
  }
  for (const old of readdirSync(CACHE_DIR)) {
    if (old.startsWith('pglite-') && old.endsWith('.tar.gz') && old !== path.basename(file)) rmSync(path.join(CACHE_DIR, old), { force: true })
  }
  return file
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}

/** A migrated database on the PostgreSQL server, for `CREATE DATABASE … TEMPLATE`; dropped at the end. */
async function postgresTemplate(serverUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `faredrop_template_${randomBytes(6).toString('hex')}`
  await onServer(serverUrl, `CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  // One connection, closed before any clone: PostgreSQL copies only a template nobody is connected to.
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 1 })
  await database.close()
  return { name, drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

/**
 * Vitest global setup of the database projects: every test database starts as a copy of one
 * migrated template instead of running the migrations again (a PGlite loaded from a dump opens in
 * about a third of the time of one created and migrated; see decision 021).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    project.provide('pgliteTemplate', await pgliteTemplate(templateKey()))
    project.provide('postgresTemplate', '')
    return
  }
  const template = await postgresTemplate(serverUrl)
  project.provide('pgliteTemplate', '')
  project.provide('postgresTemplate', template.name)
  return template.drop
}
