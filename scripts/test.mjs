// `npm test`: every Vitest project, then the browser suite on Debian's Chromium. Without a
// Chromium it explains how to get one and runs the rest; under CI=true a missing browser fails.
// Ends with one summary line, "tests: N passed, N failed".
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ci = process.env.CI === 'true' || process.env.CI === '1'
const skipBrowser = process.env.SKIP_E2E === '1'
const extraArgs = process.argv.slice(2)

mkdirSync('.tmp', { recursive: true })
const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1

const totals = { passed: 0, failed: 0, skipped: 0 }
let exitCode = 0

rmSync('.tmp/vitest-results.json', { force: true })
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest-results.json', ...extraArgs])
if (existsSync('.tmp/vitest-results.json')) {
  const report = JSON.parse(readFileSync('.tmp/vitest-results.json', 'utf8'))
  totals.passed += report.numPassedTests
  totals.failed += report.numFailedTests
  totals.skipped += report.numPendingTests + report.numTodoTests
}
if (vitestStatus !== 0) {
  exitCode = 1
  if (totals.failed === 0) totals.failed += 1 // a crash or a failed file with no counted test
}

if (skipBrowser) {
  console.log('\nBrowser tests skipped (SKIP_E2E=1).')
} else if (!existsSync(CHROMIUM)) {
  console.log(`\nNo Chromium at ${CHROMIUM}: browser tests not run.`)
  console.log('Install it with: sudo apt-get update && sudo apt-get install -y chromium  (or set CHROMIUM_PATH)')
  if (ci) {
    console.log('CI=true: a missing browser is a failure.')
    exitCode = 1
    totals.failed += 1
  }
} else {
  const buildStatus = run('npm', ['run', 'build', '--silent'])
  if (buildStatus !== 0) {
    exitCode = 1
    totals.failed += 1
  } else {
    rmSync('.tmp/playwright-results.json', { force: true })
    const e2eStatus = run('npx', ['playwright', 'test'], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' })
    if (existsSync('.tmp/playwright-results.json')) {
      const { stats } = JSON.parse(readFileSync('.tmp/playwright-results.json', 'utf8'))
      totals.passed += stats.expected + stats.flaky
      totals.failed += stats.unexpected
      totals.skipped += stats.skipped
    }
    if (e2eStatus !== 0) {
      exitCode = 1
      if (totals.failed === 0) totals.failed += 1
    }
  }
}

if (process.env.TEST_SUMMARY_FILE) writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify(totals))
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(exitCode)
