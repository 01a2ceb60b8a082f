import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface ServerProcess {
  child: ChildProcess
  output: () => string
  /** Resolves with the exit code. */
  exited: Promise<number | null>
}

/**
 * Runs a server entry point in a child process: src/server/main.ts by default, from source through
 * tsx; a `.js` entry (a bundle from `bundleServer`) runs on plain node, as `npm start` runs it.
 */
export function spawnServer(env: Record<string, string | undefined>, entry = 'src/server/main.ts'): ServerProcess {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', PORT: '0', ...env }
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key]
  const args = entry.endsWith('.js') ? [entry] : ['--import', 'tsx', entry]
  const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

/** Waits for the "listening" log line and returns the base URL. */
export async function waitForListening(server: ServerProcess, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const match = /"port":(\d+)[^\n]*FareDrop is listening/.exec(server.output())
    if (match) return `http://127.0.0.1:${match[1]}`
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`server did not start in time:\n${server.output()}`)
}

/**
 * Bundles main.ts and worker.ts from the current source the way `npm run build` does
 * (scripts/build-server.mjs: esbuild, ESM, dependencies left in node_modules) into a fresh folder
 * under .tmp/. A bundle starts in about half the time tsx needs, which matters to tests that start
 * a process dozens of times. It lives inside the project so the code finds package.json,
 * node_modules and the migrations as it does from dist/server.
 */
export async function bundleServer(): Promise<{ main: string; worker: string; remove: () => void }> {
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true })
  const dir = mkdtempSync(path.join(ROOT, '.tmp', 'server-bundle-'))
  await build({
    entryPoints: [path.join(ROOT, 'src/server/main.ts'), path.join(ROOT, 'src/server/worker.ts')],
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })
  return { main: path.join(dir, 'main.js'), worker: path.join(dir, 'worker.js'), remove: () => rmSync(dir, { recursive: true, force: true }) }
}
