// `npm run validate`: the static checks side by side (the three typecheck projects and ESLint,
// each a single-threaded process), then every test (`npm test`, slow suites included whatever
// SKIP_SLOW says). Stops before the tests when a check fails, as `a && b && c` did.
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
])
for (const check of checks) {
  console.log(`${check.status === 0 ? 'ok  ' : 'FAIL'} ${check.label} (${check.seconds} s)`)
  if (check.status !== 0 || check.output.trim()) console.log(check.output)
}
if (checks.some((check) => check.status !== 0)) process.exit(1)

const tests = spawn('node', ['scripts/test.mjs'], { stdio: 'inherit', env: { ...process.env, SKIP_SLOW: '' } })
tests.on('close', (code) => process.exit(code ?? 1))
