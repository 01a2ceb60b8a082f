import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Alert, CreateAlertInput } from '#shared/alerts/alert.ts'
import type { PlanId } from '#shared/plans.ts'
import { profiles } from '../../src/server/db/schema.ts'
import { planProfile } from './plan-profile.ts'
import { uniqueEmail, type TestApp, type TestClient } from './test-app.ts'
import { createVerifiedUser } from './verified-user.ts'

/** A date `days` from today (UTC), as the alert form sends it. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** A signed-in, verified user and their id (tests/support/verified-user.ts: no sign-up request, no email). */
export async function signedInUser(t: TestApp, label = 'alerts'): Promise<{ client: TestClient; userId: string; email: string }> {
  const email = uniqueEmail(label)
  const { client, userId } = await createVerifiedUser(t, email)
  return { client, userId, email }
}

/** Gives the user a plan, straight on the profile, as an admin grant would. */
export async function setPlan(t: TestApp, userId: string, plan: PlanId): Promise<void> {
  await t.database.db.update(profiles).set(planProfile(plan)).where(eq(profiles.id, userId))
}

/** A one-way route alert body; `params` overrides search parameters, the rest top-level fields. */
export function routeAlert(
  overrides: Partial<CreateAlertInput> & { params?: Record<string, unknown> } = {},
): CreateAlertInput {
  const { params, ...rest } = overrides
  return {
    name: 'JFK → LAX Route Alert',
    alertType: 'route',
    target_price: 250,
    search_parameters: { type: 2, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: inDays(40), ...params },
    notification_channels: { email: true, sms: false, whatsapp: false, push: false },
    check_frequency: '15d',
    ...rest,
  }
}

export async function readJson<T>(res: Response, status: number): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}

export async function createAlertVia(client: TestClient, body: unknown = routeAlert()): Promise<Alert> {
  return (await readJson<{ alert: Alert }>(await client.request('/api/alerts', { method: 'POST', json: body }), 201)).alert
}
