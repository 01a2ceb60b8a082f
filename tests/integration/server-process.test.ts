import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { bundleServer, spawnServer, waitForListening, type ServerProcess } from '#tests/support/server-process.ts'

/** The server as `npm start` runs it (a bundle on plain node): it starts in half the time tsx takes. */
let bundle: Awaited<ReturnType<typeof bundleServer>>
beforeAll(async () => {
  bundle = await bundleServer()
})
afterAll(() => bundle?.remove())

const running: ServerProcess[] = []
afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
    await server.exited
  }
})

function start(env: Record<string, string | undefined>) {
  const server = spawnServer(env, bundle.main)
  running.push(server)
  return server
}

/** A GET through `agent`: its status, and whether it went over a connection kept from before. */
function getOnAgent(agent: http.Agent, url: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }))
    })
    req.on('error', reject)
  })
}

const embedded = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: undefined })

describe('the server process on the embedded database', () => {
  it('starts with no configuration, holds the data directory, stops cleanly on SIGTERM, and takes over the lock of a process that was killed', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'faredrop-data-'))
    const first = start(embedded(dataDir))
    const url = await waitForListening(first)
    const health = (await (await fetch(`${url}/api/health`)).json()) as { drivers: { db: string } }
    expect(health.drivers.db).toBe('pglite')
    expect((await fetch(`${url}/api/ready`)).status).toBe(200)

    // A client that keeps a connection idle for a while (6 s, past Node's 5 s default) can still use
    // it: the server does not drop it under the client's next request.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    expect(JSON.parse(readFileSync(path.join(dataDir, 'faredrop.lock'), 'utf8')).pid).toBe(first.child.pid)
    // A second process on the same directory is refused; it starts while the idle connection waits.
    try {
      expect(await getOnAgent(agent, `${url}/api/health`)).toEqual({ status: 200, reused: false })
      const second = start({ ...embedded(dataDir), PORT: '0' })
      const [code] = await Promise.all([second.exited, new Promise((resolve) => setTimeout(resolve, 6000))])
      expect(await getOnAgent(agent, `${url}/api/health`)).toEqual({ status: 200, reused: true })
      expect(code).toBe(1)
      expect(second.output()).toContain(`The data directory ${dataDir} is in use by another FareDrop process (pid ${first.child.pid}`)
    } finally {
      agent.destroy()
    }
    expect((await fetch(`${url}/api/health`)).status).toBe(200)

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(first.output()).toContain('stopped cleanly')
    expect(existsSync(path.join(dataDir, 'faredrop.lock'))).toBe(false)

    // Started again on the same directory, then killed: the lock it leaves names a dead process, and
    // the next start takes it over. (One directory for both: a fresh one costs a first start's migrations.)
    const crashed = start(embedded(dataDir))
    await waitForListening(crashed)
    crashed.child.kill('SIGKILL')
    await crashed.exited
    expect(existsSync(path.join(dataDir, 'faredrop.lock'))).toBe(true)

    const restarted = start(embedded(dataDir))
    const restartedUrl = await waitForListening(restarted)
    expect((await fetch(`${restartedUrl}/api/ready`)).status).toBe(200)
  })

  it('refuses to start with a list of every bad variable', async () => {
    const server = start({ PORT: 'eighty', DATABASE_URL: 'mysql://localhost/db', LOG_LEVEL: 'loud' })
    expect(await server.exited).toBe(1)
    const output = server.output()
    expect(output).toContain('FareDrop cannot start. Invalid environment:')
    expect(output).toMatch(/- PORT: .*"eighty"/)
    expect(output).toMatch(/- DATABASE_URL: must be a postgres/)
    expect(output).toMatch(/- LOG_LEVEL: /)
  })
})

if (process.env.DATABASE_URL) {
  describe('the server process on PostgreSQL', () => {
    it('runs several web and worker processes on one database', async () => {
      const webA = start({ DATABASE_URL: process.env.DATABASE_URL })
      const webB = start({ DATABASE_URL: process.env.DATABASE_URL })
      const [urlA, urlB] = await Promise.all([waitForListening(webA), waitForListening(webB)])
      for (const url of [urlA, urlB]) {
        const health = (await (await fetch(`${url}/api/health`)).json()) as { drivers: { db: string } }
        expect(health.drivers.db).toBe('postgres')
      }
      // Without a worker in any process the app is not ready; a worker-only process fixes that.
      expect((await fetch(`${urlA}/api/ready`)).status).toBe(503)
      const worker = spawnServer({ DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: 'info' }, bundle.worker)
      running.push(worker)
      const deadline = Date.now() + 15_000
      while ((await fetch(`${urlB}/api/ready`)).status !== 200 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100))
      }
      expect((await fetch(`${urlB}/api/ready`)).status).toBe(200)
      worker.child.kill('SIGTERM')
      expect(await worker.exited).toBe(0)
    })
  })
}
