// `npm run validate`: the static checks side by side (the three typecheck projects, ESLint and the
// boundary check, each a single-threaded process), then every test (`npm test`, slow suites
// included whatever SKIP_SLOW says), then the size budgets (`npm run bench:web -- --check`).
// Stops at the first step that fails, as `a && b && c` did.
import { spawn } from 'node:child_process'

/** Runs a command with its output held back, so parallel checks print one after another. */
function run(label, command, args, env = {}) {
  return new Promise((resolve) => {
    const started = performance.now()
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => resolve({ label, status: code ?? 1, output, seconds: Math.round((performance.now() - started) / 1000) }))
  })
}

const checks = await Promise.all([
  run('typecheck (web)', 'npx', ['tsc', '-p', 'tsconfig.web.json']),
  run('typecheck (server)', 'npx', ['tsc', '-p', 'tsconfig.server.json']),
  run('typecheck (e2e)', 'npx', ['tsc', '-p', 'tsconfig.e2e.json']),
  run('lint', 'npx', ['eslint', '.']),
  run('boundaries', 'node', ['scripts/check-boundaries.mjs']),
])
for (const check of checks) {
  console.log(`${check.status === 0 ? 'ok  ' : 'FAIL'} ${check.label} (${check.seconds} s)`)
  if (check.status !== 0 || check.output.trim()) console.log(check.output)
}
if (checks.some((check) => check.status !== 0)) process.exit(1)

/** Runs a step with its output shown as it comes; resolves to its exit status. */
function step(command, args, env = {}) {
  return new Promise((resolve) => spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).on('close', (code) => resolve(code ?? 1)))
}

const tests = await step('node', ['scripts/test.mjs'], { SKIP_SLOW: '' })
if (tests !== 0) process.exit(tests)
process.exit(await step('node', ['scripts/bench-web.mjs', '--check']))
