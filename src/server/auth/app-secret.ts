import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { appSecrets } from '../db/schema.ts'

/**
 * A per-installation secret: the configured value if any, else one generated on first start and
 * stored in the database, so every process of the installation agrees and restarts keep sessions.
 */
export async function getOrCreateSecret(db: Db, name: string, configured?: string): Promise<string> {
  if (configured) return configured
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name))
  if (!row) throw new Error(`secret ${name} could not be stored`)
  return row.value
}
