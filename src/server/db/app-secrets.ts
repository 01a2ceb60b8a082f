import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from './client.ts'
import { appSecrets } from './schema.ts'

/**
 * A per-installation secret: the configured value if any, else one generated on first start and
 * stored in the database, so every process of the installation agrees and restarts keep sessions.
 * `generate` makes the value when it isn't a plain random string (a key pair, say); the first
 * process to store one wins and every other reads that.
 */
export async function getOrCreateSecret(
  db: Db,
  name: string,
  configured?: string,
  generate: () => string = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  if (configured) return configured
  const read = async () => (await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)))[0]?.value
  // Read first: after the first start there is nothing to generate.
  const existing = await read()
  if (existing !== undefined) return existing
  await db.insert(appSecrets).values({ name, value: generate() }).onConflictDoNothing()
  const stored = await read()
  if (stored === undefined) throw new Error(`secret ${name} could not be stored`)
  return stored
}
