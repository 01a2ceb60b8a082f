import type { Db } from '../db/client.ts'

/** What the user operations need: the database, the one clock, and who is admin by config. */
export interface AdminUserDeps {
  db: Db
  now: () => Date
  adminEmails: readonly string[]
}
