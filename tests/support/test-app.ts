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

export interface TestApp {
  app: ReturnType<typeof createApp>
  database: Database
  env: Env
  services: Services
  now: { value: Date | null }
  /** Calls the app like a browser on the public origin, keeping cookies between calls. */
  client(): TestClient
  /** Newest email the outbox holds for `to`. */
  lastEmail(to: string): Promise<{ subject: string | null; text: string; links: string[] } | undefined>
  signUp(client: TestClient, email: string, password?: string): Promise<Response>
  /** Opens the verification link of the newest email to `email` (which also signs the client in). */
  verifyFromEmail(client: TestClient, email: string): Promise<Response>
  signIn(client: TestClient, email: string, password?: string): Promise<Response>
  close(): Promise<void>
}

export interface TestClient {
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>
  cookies: Map<string, string>
}

/** The full app on a fresh test database with the embedded drivers and the challenge switched off. */
export async function createTestApp(vars: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase()
  const env = parseEnv({ NODE_ENV: 'test', PORT: '3999', CAPTCHA_PROVIDER: 'none', ...vars })
  const services = await createServices(env, database, silentLogger)
  const now: { value: Date | null } = { value: null }
  const app = createApp({
    ...services,
    db: database.db,
    logger: silentLogger,
    version: 'test',
    bodyLimitBytes: 65_536,
    httpsOnly: false,
    trustProxy: env.TRUST_PROXY,
    now: () => now.value ?? new Date(),
  })

  const client = (): TestClient => {
    const cookies = new Map<string, string>()
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
        const res = await app.request(path, { ...init, headers, body })
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
    client,
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
    async close() {
      await Promise.allSettled(services.pendingEmails)
      await database.close()
    },
  }
  return testApp
}
