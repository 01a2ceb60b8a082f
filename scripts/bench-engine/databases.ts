// Databases for scripts/bench-engine.ts: a throwaway PostgreSQL 15 cluster (scripts/postgres-cluster.sh
// in a temp directory) unless DATABASE_URL names a server, a fresh database on it per run, or PGlite in memory.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase, type Database } from '#server/db/client.ts'

const CLUSTER_SCRIPT = path.resolve(import.meta.dirname, '../postgres-cluster.sh')

export interface PostgresServer {
  url: string
  /** The cluster's postmaster, when this script started it (for its CPU figures). */
  postmasterPid: number | null
  /** Stops the cluster this script started (nothing for a given DATABASE_URL). */
  stop(): void
}

export function startPostgres(): PostgresServer {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, postmasterPid: null, stop: () => {} }
  const parent = mkdtempSync(path.join(tmpdir(), 'faredrop-bench-'))
  chmodSync(parent, 0o755) // the cluster runs as the postgres user when this runs as root
  const dir = path.join(parent, 'cluster')
  const url = execFileSync('bash', [CLUSTER_SCRIPT, 'start', dir], { encoding: 'utf8' }).trim().split('\n').at(-1)!
  return {
    url,
    postmasterPid: Number(readFileSync(path.join(dir, 'data/postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      execFileSync('bash', [CLUSTER_SCRIPT, 'stop', dir], { stdio: 'ignore' })
      rmSync(path.dirname(dir), { recursive: true, force: true })
    },
  }
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A new, migrated database on the server, dropped on close; `url` lets worker processes open it too. */
export async function freshPostgres(serverUrl: string, poolSize = 10): Promise<Database & { url: string }> {
  const name = `faredrop_bench_${randomBytes(5).toString('hex')}`
  await admin(serverUrl, `CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize })
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close()
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

export const freshPglite = () => openDatabase({ driver: 'pglite-memory' })
