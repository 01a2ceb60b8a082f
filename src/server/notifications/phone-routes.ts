import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { setPhoneSchema } from '#shared/notifications.ts'
import type { Auth } from '../auth/auth.ts'
import { getViewer, requireUser } from '../auth/viewer.ts'
import type { Db } from '../db/client.ts'
import { profiles } from '../db/schema.ts'
import { jsonBody } from '../http/json-body.ts'

/** /api/me/phone: the signed-in user's number for SMS and WhatsApp notices (E.164). */
export function phoneRoutes(deps: { auth: Auth; db: Db }) {
  const setPhone = async (userId: string, phone: string | null) => {
    // The profile row exists from sign-up (ensure-account-records); upsert anyway, a lost row must not 500.
    await deps.db.insert(profiles).values({ id: userId, phone }).onConflictDoUpdate({ target: profiles.id, set: { phone, updatedAt: new Date() } })
  }
  return new Hono()
    .use('*', requireUser(deps))
    .get('/', async (c) => {
      const [profile] = await deps.db.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, (await getViewer(c, deps))!.user.id))
      return c.json({ phone: profile?.phone ?? null })
    })
    .put('/', async (c) => {
      const { phone } = setPhoneSchema.parse(await jsonBody(c))
      await setPhone((await getViewer(c, deps))!.user.id, phone)
      return c.json({ phone })
    })
    .delete('/', async (c) => {
      await setPhone((await getViewer(c, deps))!.user.id, null)
      return c.json({ phone: null })
    })
}
