import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'ops@example.com' })
})
afterAll(async () => {
  await t.close()
})

async function signedIn(email: string): Promise<TestClient> {
  const client = t.client()
  await t.signUp(client, email)
  await t.verifyFromEmail(client, email)
  return client
}

describe('/api/admin', () => {
  it('answers 401 to a signed-out caller and 403 to a signed-in non-admin', async () => {
    expect((await t.client().request('/api/admin/overview')).status).toBe(401)
    const member = await signedIn(`member-${Date.now()}@example.com`)
    const res = await member.request('/api/admin/overview')
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } })
  })

  it('gives an admin the overview and the drivers', async () => {
    const admin = await signedIn('ops@example.com')
    const res = await admin.request('/api/admin/overview')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { overview: { users: number; admins: number; activeSessions: number }; drivers: { email: string } }
    expect(body.overview.admins).toBe(1)
    expect(body.overview.users).toBeGreaterThanOrEqual(2)
    expect(body.overview.activeSessions).toBeGreaterThanOrEqual(1)
    expect(body.drivers.email).toBe('outbox')
  })
})
