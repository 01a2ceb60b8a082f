import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadSerpFixture, type SerpFixtureName } from '../fixtures/serpapi/index.ts'

/**
 * A stand-in for serpapi.com on 127.0.0.1 with a random port, so the SerpApi driver is tested over
 * real HTTP without touching the internet. It records every request and answers by rules the test
 * sets: a fixture or body, a status, headers, a delay.
 */

export interface FakeSerpRequest {
  path: string
  /** The raw query string, without the "?". */
  search: string
  /** Decoded query parameters (the last value wins for repeated keys). */
  params: Record<string, string>
}

export interface FakeSerpRule {
  /** Which requests this rule answers; all of them when absent. */
  when?: (request: FakeSerpRequest) => boolean
  /** Default 200. */
  status?: number
  /** A fixture from tests/fixtures/serpapi. */
  fixture?: SerpFixtureName
  /** JSON-serialised unless it is a string (sent as is); wins over `fixture`. */
  body?: unknown
  headers?: Record<string, string>
  /** Wait this long before answering (timeouts). */
  delayMs?: number
  /** Answer this many requests, then stand down; forever when absent. */
  times?: number
}

export interface FakeSerpApi {
  /** Base URL to give the driver, e.g. http://127.0.0.1:43121 */
  url: string
  requests: FakeSerpRequest[]
  /** Adds a rule. The most recently added matching rule answers, so a test can override a default. */
  respondWith(rule: FakeSerpRule): void
  /** Forgets rules and recorded requests. */
  reset(): void
  close(): Promise<void>
}

export async function startFakeSerpApi(): Promise<FakeSerpApi> {
  const requests: FakeSerpRequest[] = []
  let rules: Array<FakeSerpRule & { used: number }> = []
  const timers = new Set<NodeJS.Timeout>()

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const request: FakeSerpRequest = { path: url.pathname, search: url.search.slice(1), params: Object.fromEntries(url.searchParams) }
    requests.push(request)

    const rule = [...rules].reverse().find((r) => (r.times === undefined || r.used < r.times) && (!r.when || r.when(request)))
    if (rule) rule.used++
    const status = rule ? (rule.status ?? 200) : 501
    const payload = rule
      ? rule.body !== undefined
        ? rule.body
        : rule.fixture
          ? loadSerpFixture(rule.fixture)
          : {}
      : { error: `fake SerpApi: no rule matched ${request.path}?${request.search}` }
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload)

    const send = () => {
      timers.delete(timer)
      if (res.destroyed) return
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...rule?.headers })
      res.end(text)
    }
    const timer = setTimeout(send, rule?.delayMs ?? 0)
    timers.add(timer)
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // Loopback only: nothing outside this machine can reach the fake.
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respondWith(rule) {
      rules.push({ ...rule, used: 0 })
    },
    reset() {
      rules = []
      requests.length = 0
    },
    async close() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      // Delayed answers would otherwise hold the server open until they fire.
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
