/** The driver behind each outside service, as GET /api/health reports it ('outbox' and 'local' are the offline defaults). */
export interface Drivers {
  db: 'pglite' | 'postgres'
  flights: string
  email: string
  sms: string
  whatsapp: string
  push: string
  billing: string
}

/** GET /api/health: 200 "ok", or 503 "unavailable" while the database does not answer. */
export interface HealthResponse {
  status: 'ok' | 'unavailable'
  version: string
  drivers: Drivers
  checks: { database: boolean }
}

/** GET /api/ready: 200 "ready", or 503 "not-ready" with the same body naming what is missing. */
export interface ReadinessResponse {
  status: 'ready' | 'not-ready'
  checks: { database: boolean; migrations: boolean; worker: boolean }
}
