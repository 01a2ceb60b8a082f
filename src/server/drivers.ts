import type { DbDriver } from './db/client.ts'
import type { Env } from './env.ts'

/** The driver behind each outside service, as GET /api/health reports it. */
export interface Drivers {
  db: DbDriver
  flights: string
  email: string
  sms: string
  whatsapp: string
  push: string
  billing: string
}

const NOT_CONFIGURED = 'not-configured'

/**
 * The one place that decides, from the environment, which driver each service runs on. Services
 * whose capability has not shipped report `not-configured`.
 */
export function resolveDrivers(env: Env, db: DbDriver): Drivers {
  return {
    db,
    flights: env.SERPAPI_API_KEY ? 'serpapi' : 'simulated',
    email: env.SMTP_URL ? 'smtp' : 'outbox',
    sms: NOT_CONFIGURED,
    whatsapp: NOT_CONFIGURED,
    push: NOT_CONFIGURED,
    billing: NOT_CONFIGURED,
  }
}
