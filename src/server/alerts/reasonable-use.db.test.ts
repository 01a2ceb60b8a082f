import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Alert } from '#shared/alerts/alert.ts'
import { REASONABLE_USE_CHECKS_PER_DAY, REASONABLE_USE_MESSAGE } from '#shared/alerts/reasonable-use.ts'
import { createAlertVia, readJson, routeAlert, setPlan, signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { alerts } from '../db/schema.ts'

/**
 * Unlimited's reasonable use (decision 040): any interval down to 15 minutes, as long as the
 * account's live alerts stay within 2,400 price checks a day, checked on the server at every
 * create, frequency change and resume, under the same profile lock as the quota.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

type Refusal = { success: false; error: { code: string; message: string; fieldErrors?: Record<string, string[]> } }
const post = (client: TestClient, body: unknown) => client.request('/api/alerts', { method: 'POST', json: body })
const patch = (client: TestClient, id: string, body: unknown) => client.request(`/api/alerts/${id}`, { method: 'PATCH', json: body })
const every15Minutes = (name: string) => ({ ...routeAlert({ name }), check_frequency: '15m' })

async function advisor() {
  const user = await signedInUser(t)
  await setPlan(t, user.userId, 'unlimited')
  return user
}

/** 25 alerts every 15 minutes: 2,400 checks a day, the whole allowance. */
async function fillAllowance(client: TestClient): Promise<Alert[]> {
  const created: Alert[] = []
  for (let i = 0; i < REASONABLE_USE_CHECKS_PER_DAY / 96; i++) created.push(await createAlertVia(client, every15Minutes(`Client ${i}`)))
  return created
}

describe('reasonable use on Unlimited', () => {
  it('takes alerts every 15 minutes up to 2,400 checks a day, then refuses the next with the figures', async () => {
    const { client, userId } = await advisor()
    expect(await readJson(await client.request('/api/alerts/reasonable-use'), 200)).toEqual({ checksPerDay: 0, allowance: 2_400 })
    const created = await fillAllowance(client)
    expect(created[0]).toMatchObject({ check_frequency: '15m' })
    expect(await readJson(await client.request('/api/alerts/reasonable-use'), 200)).toEqual({ checksPerDay: 2_400, allowance: 2_400 })

    const body = await readJson<Refusal>(await post(client, every15Minutes('One too many')), 400)
    expect(body.error).toMatchObject({ code: 'validation_failed', message: REASONABLE_USE_MESSAGE(2_496), fieldErrors: { check_frequency: [REASONABLE_USE_MESSAGE(2_496)] } })
    // Even a once-a-month alert is one check too many when the allowance is used up.
    expect((await post(client, { ...routeAlert(), check_frequency: '30d' })).status).toBe(400)
    expect(await t.database.db.select({ id: alerts.id }).from(alerts).where(eq(alerts.userId, userId))).toHaveLength(25)
  })

  it('counts live alerts only: pausing one frees its checks, resuming it past the cap is refused', async () => {
    const { client } = await advisor()
    const [first] = await fillAllowance(client)
    expect((await patch(client, first!.id, { status: 'paused' })).status).toBe(200)
    const replacement = await createAlertVia(client, every15Minutes('Replacement'))

    const resumed = await readJson<Refusal>(await patch(client, first!.id, { status: 'active' }), 400)
    expect(resumed.error.message).toBe(REASONABLE_USE_MESSAGE(2_496))
    // Slowing the replacement to hourly frees 72 of its 96 checks: not enough (2,424); pausing it is.
    expect((await patch(client, replacement.id, { check_frequency: '1h' })).status).toBe(200)
    expect((await readJson<Refusal>(await patch(client, first!.id, { status: 'active' }), 400)).error.message).toBe(REASONABLE_USE_MESSAGE(2_424))
    expect((await patch(client, replacement.id, { status: 'paused' })).status).toBe(200)
    expect((await patch(client, first!.id, { status: 'active' })).status).toBe(200)
  })

  it('refuses a faster frequency that would pass the cap, leaving the alert as it was', async () => {
    const { client } = await advisor()
    const alertsMade = await fillAllowance(client)
    await patch(client, alertsMade[0]!.id, { check_frequency: '1h' })
    const refused = await readJson<Refusal>(await patch(client, alertsMade[0]!.id, { check_frequency: '14m' }), 400)
    expect(refused.error.fieldErrors?.check_frequency).toBeDefined()
    expect((await patch(client, alertsMade[0]!.id, { check_frequency: '15m' })).status).toBe(200)
    const again = await readJson<Refusal>(await post(client, every15Minutes('Over')), 400)
    expect(again.error.message).toContain('2,496 price checks a day')
    const [row] = await t.database.db.select({ frequency: alerts.checkFrequency }).from(alerts).where(eq(alerts.id, alertsMade[0]!.id))
    expect(row!.frequency).toBe('15m')
  })

  it('lets exactly the allowance through when 40 creates arrive at once', async () => {
    const { client, userId } = await advisor()
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post(client, every15Minutes(`Burst ${i}`))))
    expect(answers.filter((res) => res.status === 201)).toHaveLength(25)
    expect(answers.filter((res) => res.status === 400)).toHaveLength(15)
    expect(await t.database.db.select({ id: alerts.id }).from(alerts).where(eq(alerts.userId, userId))).toHaveLength(25)
  })

  it('never binds the other plans: Elite’s 30 alerts twice a day are 60 checks', async () => {
    const { client, userId } = await signedInUser(t)
    await setPlan(t, userId, 'elite')
    for (let i = 0; i < 30; i++) await createAlertVia(client, { ...routeAlert({ name: `Elite ${i}` }), check_frequency: '12h' })
    expect((await post(client, { ...routeAlert(), check_frequency: '12h' })).status).toBe(403)
  })
})
