import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface ServerProcess {
  child: ChildProcess
  output: () => string
  /** Resolves with the exit code. */
  exited: Promise<number | null>
}

/** Runs a server entry point (src/server/main.ts by default) from source in a child process. */
export function spawnServer(env: Record<string, string | undefined>, entry = 'src/server/main.ts'): ServerProcess {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', PORT: '0', ...env }
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key]
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] })
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
