// `npm run dev`: the API (and in-process worker) on API_PORT with reload on change, and Vite's dev
// server on PORT (default 3000) proxying /api to it. Ctrl-C stops both.
import { spawn } from 'node:child_process'

const port = process.env.PORT ?? '3000'
const apiPort = process.env.API_PORT ?? '3001'
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, PORT: port, API_PORT: apiPort } }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0 })
