import { INPUT_MESSAGES } from '../http/input-guard.ts'
import { DAILY_DIGEST_MESSAGES } from '#shared/alerts/daily-digest.ts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRIGGER_MESSAGES } from '#shared/alerts/alert-trigger.ts'
import type { Alert } from '#shared/alerts/alert.ts'
import { createAlertVia, readJson, routeAlert, signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { alerts } from '../db/schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const patch = async (client: Awaited<ReturnType<typeof signedInUser>>['client'], id: string, body: unknown, status = 200) =>
  readJson<{ alert: Alert; error?: { message: string; fieldErrors?: Record<string, string[]> } }>(
    await client.request(`/api/alerts/${id}`, { method: 'PATCH', json: body }),
    status,
  )

describe('alert trigger rules through the API (decision 051)', () => {
  it('creates a below-the-target alert by default, with the 5 % step', async () => {
    const { client } = await signedInUser(t)
    const alert = await createAlertVia(client, routeAlert({ target_price: 250, baseline_price: 270 }))
    expect(alert).toMatchObject({ trigger: 'below', drop_percent: null, baseline_price: 270, target_price: 250, renotify_step: { unit: 'percent', value: 5 } })
  })

  it('stores a drop rule’s own target, whatever target the client sent', async () => {
    const { client } = await signedInUser(t)
    const alert = await createAlertVia(client, routeAlert({ target_price: 1, trigger: 'drop', drop_percent: 10, baseline_price: 639, renotify_step: { unit: 'amount', value: 20 } }))
    expect(alert).toMatchObject({ trigger: 'drop', drop_percent: 10, baseline_price: 639, target_price: 575.1, renotify_step: { unit: 'amount', value: 20 } })
  })

  it('puts a new-low rule’s target at the price when set, and drops a percentage it does not use', async () => {
    const { client } = await signedInUser(t)
    const alert = await createAlertVia(client, routeAlert({ target_price: 1, trigger: 'new_low', drop_percent: 30, baseline_price: 410 }))
    expect(alert).toMatchObject({ trigger: 'new_low', drop_percent: null, baseline_price: 410, target_price: 410 })
  })

  it('refuses an incomplete rule with field errors, and creates nothing', async () => {
    const { client, userId } = await signedInUser(t)
    const res = await client.request('/api/alerts', { method: 'POST', json: routeAlert({ trigger: 'drop' }) })
    const body = await readJson<{ error: { code: string; fieldErrors: Record<string, string[]> } }>(res, 400)
    expect(body.error.code).toBe('validation_failed')
    expect(body.error.fieldErrors).toMatchObject({ drop_percent: [TRIGGER_MESSAGES.dropPercent], baseline_price: [TRIGGER_MESSAGES.baseline] })
    expect(await t.database.db.select().from(alerts).where(eq(alerts.userId, userId))).toHaveLength(0)
  })

  it('changes the rule in an edit, judged whole, and starts it afresh', async () => {
    const { client } = await signedInUser(t)
    const alert = await createAlertVia(client, routeAlert({ target_price: 250 }))
    // A notice already went out under the old rule.
    await t.database.db.update(alerts).set({ armed: false, lastNotifiedPrice: 240 }).where(eq(alerts.id, alert.id))

    // Switching to a drop needs its percentage and the price it is measured from.
    const refused = await patch(client, alert.id, { trigger: 'drop', drop_percent: 15 }, 400)
    expect(refused.error?.fieldErrors).toEqual({ baseline_price: [TRIGGER_MESSAGES.baseline] })
    expect((await patch(client, alert.id, { trigger: 'drop', drop_percent: 15, baseline_price: 300 })).alert).toMatchObject({ trigger: 'drop', target_price: 255 })
    const [row] = await t.database.db.select().from(alerts).where(eq(alerts.id, alert.id))
    expect(row).toMatchObject({ armed: true, lastNotifiedPrice: null })

    // The percentage alone moves the target; a target sent with a drop rule does not.
    expect((await patch(client, alert.id, { drop_percent: 20, target_price: 10 })).alert).toMatchObject({ target_price: 240, drop_percent: 20 })
    // Back to a target of the traveller's own.
    expect((await patch(client, alert.id, { trigger: 'below', target_price: 199 })).alert).toMatchObject({ trigger: 'below', drop_percent: null, target_price: 199 })
    expect((await patch(client, alert.id, { renotify_step: { unit: 'percent', value: 12 } })).alert.renotify_step).toEqual({ unit: 'percent', value: 12 })
    expect((await patch(client, alert.id, { renotify_step: { unit: 'percent', value: 80 } }, 400)).error?.fieldErrors).toEqual({ 'renotify_step.value': [TRIGGER_MESSAGES.stepPercent] })
  })

  it('refuses hostile values: NaN, infinities, strings, huge and nested bodies', async () => {
    const { client } = await signedInUser(t)
    for (const body of [
      { trigger: 'drop', drop_percent: 'NaN', baseline_price: 300 },
      { trigger: 'drop', drop_percent: 10, baseline_price: 'Infinity' },
      { trigger: 'drop', drop_percent: 10, baseline_price: 1e308 },
      { trigger: 'new_low\u0000', baseline_price: 300 },
      { trigger: 'below', renotify_step: { unit: 'percent', value: { deep: [1, [2, [3]]] } } },
      { trigger: 'below', renotify_step: { unit: 'liters', value: 1 } },
    ]) {
      const res = await client.request('/api/alerts', { method: 'POST', json: routeAlert(body as never) })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
  })

  it('keeps quiet hours in the traveller’s time zone, changes and clears them, and refuses bad ones', async () => {
    const { client } = await signedInUser(t)
    const quiet = { start: '22:30', end: '06:45', time_zone: 'Europe/Lisbon' }
    const alert = await createAlertVia(client, routeAlert({ quiet_hours: quiet }))
    expect(alert.quiet_hours).toEqual(quiet)
    expect((await patch(client, alert.id, { quiet_hours: { ...quiet, time_zone: 'Asia/Kolkata' } })).alert.quiet_hours).toEqual({ ...quiet, time_zone: 'Asia/Kolkata' })
    expect((await patch(client, alert.id, { quiet_hours: null })).alert.quiet_hours).toBeNull()
    for (const bad of [
      { ...quiet, time_zone: 'Mars/Olympus' },
      { ...quiet, time_zone: '../../etc/passwd' },
      { ...quiet, start: '25:00' },
      { ...quiet, end: quiet.start },
    ]) {
      expect((await client.request(`/api/alerts/${alert.id}`, { method: 'PATCH', json: { quiet_hours: bad } })).status, JSON.stringify(bad)).toBe(400)
    }
  })

  it('keeps a daily digest at the traveller’s hour, never beside quiet hours, and refuses bad ones with the exact messages', async () => {
    const { client } = await signedInUser(t)
    const digest = { hour: 7, time_zone: 'America/Sao_Paulo' }
    const alert = await createAlertVia(client, routeAlert({ digest }))
    expect(alert).toMatchObject({ digest, quiet_hours: null })
    expect((await patch(client, alert.id, { digest: { hour: 19, time_zone: 'Asia/Tokyo' } })).alert.digest).toEqual({ hour: 19, time_zone: 'Asia/Tokyo' })

    // Quiet hours beside a digest: refused whether both come together or one is added to the other.
    const quiet = { start: '22:00', end: '07:00', time_zone: 'Asia/Tokyo' }
    const both = await client.request('/api/alerts', { method: 'POST', json: routeAlert({ digest, quiet_hours: quiet }) })
    expect(both.status).toBe(400)
    expect(JSON.stringify(await both.json())).toContain(DAILY_DIGEST_MESSAGES.withQuietHours)
    const added = await client.request(`/api/alerts/${alert.id}`, { method: 'PATCH', json: { quiet_hours: quiet } })
    expect(added.status).toBe(400)
    expect(await added.json()).toMatchObject({ error: { message: DAILY_DIGEST_MESSAGES.withQuietHours, fieldErrors: { quiet_hours: [DAILY_DIGEST_MESSAGES.withQuietHours] } } })
    // Switching over in one edit is fine.
    expect((await patch(client, alert.id, { digest: null, quiet_hours: quiet })).alert).toMatchObject({ digest: null, quiet_hours: quiet })

    for (const [bad, message] of [
      [{ hour: 24, time_zone: 'UTC' }, DAILY_DIGEST_MESSAGES.hour],
      [{ hour: -1, time_zone: 'UTC' }, DAILY_DIGEST_MESSAGES.hour],
      [{ hour: 8.5, time_zone: 'UTC' }, DAILY_DIGEST_MESSAGES.hour],
      [{ hour: '8', time_zone: 'UTC' }, DAILY_DIGEST_MESSAGES.hour],
      [{ hour: 8, time_zone: 'Mars/Olympus' }, DAILY_DIGEST_MESSAGES.timeZone],
      // NUL bytes are refused at the edge, before any schema.
      [{ hour: 8, time_zone: 'UTC\u0000' }, INPUT_MESSAGES.nul],
      [{ hour: 8, time_zone: 'x'.repeat(10_000) }, DAILY_DIGEST_MESSAGES.timeZone],
    ] as const) {
      const res = await client.request('/api/alerts', { method: 'POST', json: { ...routeAlert(), digest: bad } })
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(400)
      expect(JSON.stringify(await res.json())).toContain(message)
    }
  })
})
