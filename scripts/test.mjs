// `npm test`: every Vitest project, then the browser suite on Debian's Chromium. Without a
// Chromium it explains how to get one and runs the rest; under CI=true a missing browser fails.
// SKIP_SLOW=1 leaves out the process-level suites (Vitest project `slow`), SKIP_E2E=1 the browser
// suite. The web build runs beside Vitest (it only writes dist/, which no Vitest test reads).
// Ends with one summary line, "tests: N passed, N failed", after the time each phase took.
import { spawn } from 'node:child_process'
import { stripVTControlCharacters } from 'node:util'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ci = process.env.CI === 'true' || process.env.CI === '1'
const skipBrowser = process.env.SKIP_E2E === '1'
const skipSlow = process.env.SKIP_SLOW === '1'
const extraArgs = process.argv.slice(2)

mkdirSync('.tmp', { recursive: true })

/** The first line of a failure's message, so a CI log's tail says why as well as what. */
const firstLine = (message) => stripVTControlCharacters(message ?? '').split('\n').find((line) => line.trim())?.trim().slice(0, 300) ?? ''
const why = (message) => (firstLine(message) ? ` — ${firstLine(message)}` : '')

/** "file > test — why" for every failed Vitest test, and files that failed without a test (a crash). */
function vitestFailures(report) {
  const names = []
  for (const file of report.testResults ?? []) {
    const path = file.name.replace(`${process.cwd()}/`, '')
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failed) names.push(`${path} > ${test.fullName}${why(test.failureMessages?.[0])}`)
    if (failed.length === 0 && file.status === 'failed') names.push(`${path} (${(file.message ?? 'failed').split('\n')[0]})`)
  }
  return names
}

/**
 * Where a browser test stopped, as the tail of a CI log must say it: the first line of the error is
 * often only "expect(locator).toBeVisible() failed", the same for every step of a long test, so the
 * locator it waited for and the line of the test it stopped at come with it.
 */
function playwrightWhy(error) {
  if (!error) return ''
  const lines = stripVTControlCharacters(error.message ?? '').split('\n').map((line) => line.trim())
  const locator = lines.find((line) => line.startsWith('Locator:'))?.slice(0, 200)
  const at = error.location ? `${error.location.file.replace(`${process.cwd()}/`, '')}:${error.location.line}` : null
  return `${why(error.message)}${locator ? ` (${locator})` : ''}${at ? ` at ${at}` : ''}`
}

/** "file > title — why (locator) at file:line" for every browser test whose outcome was unexpected. */
function playwrightFailures(report) {
  const names = []
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === 'unexpected') names.push(`${spec.file} > ${spec.title}${playwrightWhy(test.results?.at(-1)?.error)}`)
    }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of report.suites ?? []) visit(suite)
  return names
}

/** Runs a command to its end; `log` sends its output to a file instead of the terminal. */
function run(command, args, { env = {}, log } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } })
    let output = ''
    child.stdout?.on('data', (chunk) => (output += chunk))
    child.stderr?.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => {
      if (log) writeFileSync(log, output)
      resolve({ status: code ?? 1, output })
    })
  })
}

const seconds = (since) => `${Math.round((performance.now() - since) / 1000)} s`
const phases = []
const totals = { passed: 0, failed: 0, skipped: 0, failures: [] }
let exitCode = 0
const needBrowser = !skipBrowser && existsSync(CHROMIUM)

const started = performance.now()
const build = needBrowser ? run('npm', ['run', 'build', '--silent'], { log: '.tmp/build.log' }).then((result) => ({ ...result, took: seconds(started) })) : null

rmSync('.tmp/vitest-results.json', { force: true })
const projects = skipSlow ? ['--project', '!slow'] : []
const vitest = await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest-results.json', ...projects, ...extraArgs])
phases.push(`Vitest ${seconds(started)}${skipSlow ? ' (SKIP_SLOW=1: without the slow project)' : ''}`)
if (existsSync('.tmp/vitest-results.json')) {
  const report = JSON.parse(readFileSync('.tmp/vitest-results.json', 'utf8'))
  totals.passed += report.numPassedTests
  totals.failed += report.numFailedTests
  totals.skipped += report.numPendingTests + report.numTodoTests
  totals.failures.push(...vitestFailures(report))
}
if (vitest.status !== 0) {
  exitCode = 1
  if (totals.failed === 0) totals.failed += 1 // a crash or a failed file with no counted test
}

if (skipBrowser) {
  console.log('\nBrowser tests skipped (SKIP_E2E=1).')
} else if (!needBrowser) {
  console.log(`\nNo Chromium at ${CHROMIUM}: browser tests not run.`)
  console.log('Install it with: sudo apt-get update && sudo apt-get install -y chromium  (or set CHROMIUM_PATH)')
  if (ci) {
    console.log('CI=true: a missing browser is a failure.')
    exitCode = 1
    totals.failed += 1
  }
} else {
  const built = await build
  phases.push(`build ${built.took} (beside Vitest)`)
  if (built.status !== 0) {
    console.log(`\nThe build failed (.tmp/build.log):\n${built.output}`)
    exitCode = 1
    totals.failed += 1
  } else {
    rmSync('.tmp/playwright-results.json', { force: true })
    const e2eStarted = performance.now()
    const e2e = await run('npx', ['playwright', 'test'], { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } })
    phases.push(`Playwright ${seconds(e2eStarted)}`)
    if (existsSync('.tmp/playwright-results.json')) {
      const report = JSON.parse(readFileSync('.tmp/playwright-results.json', 'utf8'))
      const { stats } = report
      totals.passed += stats.expected + stats.flaky
      totals.failed += stats.unexpected
      totals.skipped += stats.skipped
      totals.failures.push(...playwrightFailures(report))
    }
    if (e2e.status !== 0) {
      exitCode = 1
      if (totals.failed === 0) totals.failed += 1
    }
  }
}

if (process.env.TEST_SUMMARY_FILE) writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify(totals))
if (totals.failures.length > 0) console.log(`\nFailed tests:\n${totals.failures.map((name) => `  ${name}`).join('\n')}`)
console.log(`\n${phases.join(', ')}; ${seconds(started)} in all.`)
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(exitCode)
