// `npm run bench:web`: builds the app and reports what the landing route (/) costs a first-time
// visitor: initial JavaScript and CSS, gzipped, and (with Chromium) a Lighthouse mobile run.
// Targets: initial JS <= 150 KB gzipped; Lighthouse performance, accessibility, best practices >= 95.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const PORT = Number(process.env.BENCH_PORT ?? 3390)
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })
execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', '.tmp/bench-web', '--emptyOutDir', '--logLevel', 'error'], { stdio: 'inherit' })
const outDir = '.tmp/bench-web'
const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'))

// What the browser fetches for "/": the entry with its static imports, then the landing chunk with its own.
const js = new Set()
const css = new Set()
const visit = (key) => {
  const chunk = manifest[key]
  if (!chunk || js.has(chunk.file)) return
  js.add(chunk.file)
  for (const file of chunk.css ?? []) css.add(file)
  for (const dep of chunk.imports ?? []) visit(dep)
}
visit('index.html')
visit('src/web/routes/landing.tsx')
const gz = (file) => gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length
const jsBytes = [...js].reduce((sum, f) => sum + gz(f), 0)
const cssBytes = [...css].reduce((sum, f) => sum + gz(f), 0)

console.log('\nLanding route (/), first visit')
console.log(`  JavaScript: ${kb(jsBytes)} gzipped in ${js.size} files (target <= 150 KB)`)
console.log(`  CSS:        ${kb(cssBytes)} gzipped in ${css.size} files`)

let scores = null
if (!existsSync(CHROMIUM)) {
  console.log(`\nNo Chromium at ${CHROMIUM}: Lighthouse skipped (apt-get install chromium).`)
} else {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'faredrop-bench-'))
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: 'inherit',
  })
  try {
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    const { default: lighthouse } = await import('lighthouse')
    const chromeLauncher = await import('chrome-launcher')
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    })
    try {
      const audit = () =>
        lighthouse(`http://127.0.0.1:${PORT}/`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        })
      // The first run after start occasionally fails to load in headless Chromium; one retry.
      let result = await audit()
      if (result.lhr.runtimeError) result = await audit()
      const { categories, audits, runtimeError, runWarnings } = result.lhr
      if (runtimeError) console.log('  Lighthouse runtime error:', runtimeError.code, runtimeError.message)
      if (runWarnings?.length) console.log('  Lighthouse warnings:', runWarnings.join(' / '))
      scores = Object.fromEntries(Object.entries(categories).map(([id, c]) => [id, Math.round(c.score * 100)]))
      console.log('\nLighthouse (mobile preset, simulated throttling) of /')
      for (const [id, score] of Object.entries(scores)) console.log(`  ${id.padEnd(15)} ${score}`)
      for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
        console.log(`  ${audits[id].title.padEnd(26)} ${audits[id].displayValue}`)
      }
      const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
      if (failing.length) console.log(`  failing audits: ${failing.map((a) => a.id).join(', ')}`)
    } finally {
      await chrome.kill()
    }
  } finally {
    server.kill('SIGTERM')
  }
}

console.log(`\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString()}`)
