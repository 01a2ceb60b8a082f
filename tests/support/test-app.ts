import type { Agent } from 'node:https'
import { createHmac } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { createApp } from '../../src/server/app.ts'
import type { Database } from '../../src/server/db/client.ts'
import { outboxMessages } from '../../src/server/db/schema.ts'
import { parseEnv, type Env } from '../../src/server/env.ts'
import { createServices, type Services } from '../../src/server/services.ts'
import { silentLogger } from './silent-logger.ts'
import { openTestDatabase } from './test-db.ts'

export const TEST_ORIGIN = 'http://localhost:3999'
export const TEST_PASSWORD = 'correct horse'

let emailCounter = 0
/** An address no other test uses. */
export const uniqueEmail = (label = 'user') => `${label}${++emailCounter}-${Date.now()}@example.com`

// ---- RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits), as an authenticator app computes it ----

function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of input.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char)
    if (index < 0) throw new Error(`not base32: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** The code an authenticator app set up from `totpURI` shows at `at`. */
export function totpCode(totpURI: string, at = Date.now()): string {
  const secret = base32Decode(new URL(totpURI).searchParams.get('secret')!)
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)))
  const hmac = createHmac('sha1', secret).update(counter).digest()
  const offset = hmac[hmac.length - 1]! & 0xf
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 1_000_000).padStart(6, '0')
}

/** A code that is certainly wrong now (and in the neighbouring windows). */
export function wrongTotpCode(totpURI: string): string {
  const valid = new Set([-1, 0, 1].map((w) => totpCode(totpURI, Date.now() + w * 30_000)))
  let code = 0
  while (valid.has(String(code).padStart(6, '0'))) code++
  return String(code).padStart(6, '0')
}

export interface TestApp {
  app: ReturnType<typeof createApp>
  database: Database
  env: Env
  services: Services
  now: { value: Date | null }
  /** Calls the app like a browser on the public origin, keeping cookies between calls. */
  client(): TestClient
  /** The same, from a socket at `remoteAddress` (the address the server sees without a trusted proxy). */
  clientAt(remoteAddress: string): TestClient
  /** Newest email the outbox holds for `to`. */
  lastEmail(to: string): Promise<{ subject: string | null; text: string; links: string[] } | undefined>
  signUp(client: TestClient, email: string, password?: string): Promise<Response>
  /** Opens the verification link of the newest email to `email` (which also signs the client in). */
  verifyFromEmail(client: TestClient, email: string): Promise<Response>
  signIn(client: TestClient, email: string, password?: string): Promise<Response>
  /** Turns TOTP on for the client's user; returns what the app showed and the code that confirmed it. */
  enableTwoFactor(client: TestClient, password?: string): Promise<{ totpURI: string; backupCodes: string[]; code: string }>
  close(): Promise<void>
}

export interface TestClient {
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>
  cookies: Map<string, string>
}

/** The full app on a fresh test database with the embedded drivers and the challenge switched off. */
export async function createTestApp(
  vars: Record<string, string> = {},
  /** Tests of real push delivery: trust the local push services' certificate. */
  options: { pushAgent?: Agent; apnsCa?: string } = {},
): Promise<TestApp> {
  const database = await openTestDatabase()
  // Flight routes get a budget no suite reaches from its one address (a suite's searches would
  // otherwise meet the per-address limit); flight-rate-limit.db.test.ts sets a small one. Likewise
  // the searches' global provider budget (decision 050; search-call-budget.db.test.ts sets a small one).
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: '3999',
    CAPTCHA_PROVIDER: 'none',
    FLIGHT_REQUESTS_PER_MINUTE: '1000000',
    SEARCH_PROVIDER_CALLS_PER_MINUTE: '100000',
    SEARCH_PROVIDER_CALLS_PER_DAY: '10000000',
    ...vars,
  })
  const now: { value: Date | null } = { value: null }
  const services = await createServices(env, database, silentLogger, { now: () => now.value ?? new Date(), ...options })
  const app = createApp({
    ...services,
    db: database.db,
    logger: silentLogger,
    version: 'test',
    bodyLimitBytes: 65_536,
    flightRequestsPerMinute: env.FLIGHT_REQUESTS_PER_MINUTE,
    httpsOnly: false,
    trustProxy: env.TRUST_PROXY,
    now: () => now.value ?? new Date(),
  })

  const client = (remoteAddress?: string): TestClient => {
    const cookies = new Map<string, string>()
    // What @hono/node-server's getConnInfo reads; app.request() has no socket otherwise.
    const socket = remoteAddress ? { incoming: { socket: { remoteAddress, remotePort: 40_000 } } } : undefined
    return {
      cookies,
      async request(path, init = {}) {
        const headers = new Headers(init.headers)
        headers.set('origin', TEST_ORIGIN)
        if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '))
        let body = init.body
        if (init.json !== undefined) {
          headers.set('content-type', 'application/json')
          body = JSON.stringify(init.json)
        }
        const res = await app.request(path, { ...init, headers, body }, socket)
        for (const cookie of res.headers.getSetCookie()) {
          const [pair] = cookie.split(';')
          const [name, ...rest] = pair!.split('=')
          const value = rest.join('=')
          if (value === '' || /max-age=0/i.test(cookie)) cookies.delete(name!.trim())
          else cookies.set(name!.trim(), value)
        }
        return res
      },
    }
  }

  const testApp: TestApp = {
    app,
    database,
    env,
    services,
    now,
    client: () => client(),
    clientAt: (remoteAddress) => client(remoteAddress),
    async lastEmail(to) {
      await Promise.allSettled(services.pendingEmails)
      const [row] = await database.db
        .select({ subject: outboxMessages.subject, text: outboxMessages.text, links: outboxMessages.links })
        .from(outboxMessages)
        .where(eq(outboxMessages.to, to))
        .orderBy(desc(outboxMessages.createdAt))
        .limit(1)
      return row
    },
    signUp: (client, email, password = TEST_PASSWORD) =>
      client.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email, password, name: 'Ana Lima', firstName: 'Ana', lastName: 'Lima', callbackURL: '/' },
      }),
    async verifyFromEmail(client, email) {
      const message = await testApp.lastEmail(email)
      const link = message!.links.find((l) => l.includes('/verify-email?token='))!
      const token = new URL(link).searchParams.get('token')!
      return client.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)
    },
    signIn: (client, email, password = TEST_PASSWORD) =>
      client.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } }),
    async enableTwoFactor(client, password = TEST_PASSWORD) {
      const res = await client.request('/api/auth/two-factor/enable', { method: 'POST', json: { password } })
      if (res.status !== 200) throw new Error(`two-factor/enable answered ${res.status}`)
      const body = (await res.json()) as { totpURI: string; backupCodes: string[] }
      const code = totpCode(body.totpURI)
      const verified = await client.request('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code } })
      if (verified.status !== 200) throw new Error(`two-factor/verify-totp answered ${verified.status}`)
      return { ...body, code }
    },
    async close() {
      await Promise.allSettled(services.pendingEmails)
      await database.close()
    },
  }
  return testApp
}
