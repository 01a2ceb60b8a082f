import { createServer, type Server, type Socket } from 'node:net'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Db } from '../../src/server/db/client.ts'
import * as schema from '../../src/server/db/schema.ts'

/**
 * Databases that can't be reached, for tests of what the app answers then (security target W5):
 * a port where nothing listens (every query fails at once with ECONNREFUSED), and a "black hole"
 * that accepts connections and never answers (every query waits until a timeout gives up).
 */
export interface UnreachableDb {
  db: Db
  url: string
  close(): Promise<void>
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as { port: number }).port
}

function drizzleOver(url: string, connectTimeoutMs: number) {
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: connectTimeoutMs })
  pool.on('error', () => {})
  return { db: drizzle(pool, { schema }) as unknown as Db, pool }
}

/** A port that was free a moment ago and nobody listens on: connections are refused. */
export async function refusingDb(): Promise<UnreachableDb> {
  const probe = createServer()
  const port = await listen(probe)
  await new Promise((resolve) => probe.close(resolve))
  const url = `postgres://postgres@127.0.0.1:${port}/faredrop`
  const { db, pool } = drizzleOver(url, 0)
  return { db, url, close: () => pool.end() }
}

/** Accepts connections and never says a word; `connectTimeoutMs` 0 waits forever, as pg does by default. */
export async function blackHoleDb(connectTimeoutMs = 0): Promise<UnreachableDb> {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  })
  const port = await listen(server)
  const url = `postgres://postgres@127.0.0.1:${port}/faredrop`
  const { db, pool } = drizzleOver(url, connectTimeoutMs)
  return {
    db,
    url,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
      await pool.end().catch(() => {})
    },
  }
}
