// `npm run bench:crash` (security target W6): kill -9 the embedded app KILLS times (default 100) in
// the middle of writes, on one PGlite data directory, and restart it each time. Prints how many
// restarts reopened the data directory, and whether every write the app acknowledged before a kill
// was there after it. Needs `npm run build` first. Loopback only; ~2 s per kill.
//
// The writes: one user renames itself over and over (`POST /api/auth/update-user`, name `n<i>`),
// one request at a time, so the last acknowledged name is known; after each restart the name must
// be that one or a later one (a write the kill caught after its commit, before its answer).
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { browserClient } from './browser-client.mjs'

const KILLS = Number(process.env.KILLS ?? 100)
const PORT = Number(process.env.CRASH_PORT ?? 3392)
const ORIGIN = `http://127.0.0.1:${PORT}`
const OUTBOX_KEY = `crash-loop-${process.pid}-outbox-key`
const dataDir = mkdtempSync(path.join(tmpdir(), 'faredrop-crash-loop-'))

/** Seeded (mulberry32): the same kill points on every run. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function start() {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(PORT), PUBLIC_URL: ORIGIN, DATA_DIR: dataDir, DATABASE_URL: '', CAPTCHA_PROVIDER: 'none', OUTBOX_KEY, LOG_LEVEL: 'error', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, stderr: () => stderr }
}

/** Resolves once /api/health answers 200; false if the process exits first or 30 s pass. */
async function ready(server) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) return false
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return true
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return false
}

const browser = browserClient(ORIGIN)
const call = (pathname, options) => browser.request(pathname, options)

async function signUp() {
  const email = `crash-loop-${Date.now()}@example.com`
  const signUp = await call('/api/auth/sign-up/email', { method: 'POST', json: { email, password: 'a-strong-password', name: 'n0', callbackURL: '/' } })
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`)
  for (let i = 0; i < 100; i++) {
    const { messages } = await (await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { 'x-outbox-key': OUTBOX_KEY } })).json()
    const link = messages.flatMap((m) => m.links).find((l) => l.includes('/verify-email?token='))
    if (link) {
      await call(`/api/auth/verify-email?token=${encodeURIComponent(new URL(link).searchParams.get('token'))}`)
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('no verification email')
}

const next = random(6)
let server = start()
if (!(await ready(server))) throw new Error(`the first start failed:\n${server.stderr()}`)
await signUp()

let counter = 0
let acknowledged = 0
let reopened = 0
let lost = 0
let writes = 0
const started = performance.now()
for (let kill = 0; kill < KILLS; kill++) {
  // Write for 50-500 ms, one rename at a time, then kill -9 whatever is in flight.
  const until = Date.now() + 50 + Math.floor(next() * 450)
  const writer = (async () => {
    while (Date.now() < until) {
      const name = `n${++counter}`
      const res = await call('/api/auth/update-user', { method: 'POST', json: { name } }).catch(() => null)
      if (res?.ok) {
        acknowledged = counter
        writes++
      }
    }
  })()
  await new Promise((resolve) => setTimeout(resolve, until - Date.now()))
  server.child.kill('SIGKILL')
  await server.exited
  await writer
  server = start()
  if (!(await ready(server))) {
    console.error(`restart ${kill + 1} failed to open the data directory:\n${server.stderr()}`)
    server = start()
    if (!(await ready(server))) throw new Error('two restarts in a row failed')
    continue
  }
  reopened++
  const me = await (await call('/api/me')).json()
  const seen = Number(String(me.user?.name ?? '').slice(1))
  if (!(seen >= acknowledged)) {
    lost++
    console.error(`after kill ${kill + 1}: name n${seen}, but n${acknowledged} was acknowledged`)
  }
}
server.child.kill('SIGTERM')
await server.exited

console.log(`PGlite crash loop (W6): ${KILLS} kill -9s mid-write on one data directory, ${((performance.now() - started) / 1000).toFixed(0)} s`)
console.log(`  restarts that reopened the data directory: ${reopened}/${KILLS}`)
console.log(`  acknowledged writes: ${writes}; acknowledged writes missing after a restart: ${lost}`)
console.log(`Machine: Node ${process.version}; ${new Date().toISOString()}`)
process.exit(reopened === KILLS && lost === 0 ? 0 : 1)
