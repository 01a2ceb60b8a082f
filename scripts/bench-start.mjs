// `npm run bench:start`: time from process start to the first answered GET /api/health on an
// existing PGlite data directory (target < 3 s), over several runs. Needs `npm run build` first.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const PORT = 3391
const RUNS = Number(process.env.RUNS ?? 5)
const dataDir = mkdtempSync(path.join(tmpdir(), 'faredrop-bench-start-'))

async function startOnce() {
  const started = performance.now()
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10))
  }
  const ms = performance.now() - started
  child.kill('SIGTERM')
  await exited
  return ms
}

const first = await startOnce() // creates the data directory (initdb)
const times = []
for (let i = 0; i < RUNS; i++) times.push(await startOnce())
times.sort((a, b) => a - b)
console.log(`First start (new data directory): ${Math.round(first)} ms`)
console.log(`Start to first response on an existing data directory, ${RUNS} runs: median ${Math.round(times[Math.floor(RUNS / 2)])} ms, max ${Math.round(times.at(-1))} ms (target < 3000 ms)`)
