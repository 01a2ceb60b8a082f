import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { profiles, sessions } from '../db/schema.ts'

/**
 * Who is signed in is read in one query (decision 020), on the embedded database kept in memory
 * until a change to that user is committed (decision 029): either way a change shows at the next
 * request, and what better-auth would change (a refresh, an expired session) is still left to
 * better-auth.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const SESSION_COOKIE = 'faredrop.session_token'
const DAY_MS = 24 * 60 * 60_000

const meStatus = async (client: TestClient) => (await client.request('/api/me')).status
/** The hot path itself: the alert list behind the session. */
const alertsStatus = async (client: TestClient) => (await client.request('/api/alerts')).status
const sessionsOf = (userId: string) => t.database.db.select().from(sessions).where(eq(sessions.userId, userId))
const post = (client: TestClient, path: string, json: unknown = {}) => client.request(path, { method: 'POST', json })

/** The same user signed in on a second device, which has just used the app. */
async function secondDevice(email: string, password = TEST_PASSWORD): Promise<TestClient> {
  const device = t.client()
  expect((await t.signIn(device, email, password)).status).toBe(200)
  expect(await alertsStatus(device)).toBe(200)
  return device
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the session behind a request', () => {
  it('is refused at the next request once its row is gone: sign-out, or a deletion by any process', async () => {
    const { client, userId } = await signedInUser(t, 'lookup-gone')
    expect(await meStatus(client)).toBe(200)
    await t.database.db.delete(sessions).where(eq(sessions.userId, userId))
    expect(await meStatus(client)).toBe(401)

    const other = await signedInUser(t, 'lookup-sign-out')
    const signedOut = t.client()
    for (const [name, value] of other.client.cookies) signedOut.cookies.set(name, value)
    expect((await other.client.request('/api/auth/sign-out', { method: 'POST', json: {} })).status).toBe(200)
    expect(await meStatus(signedOut)).toBe(401)
  })

  it('is refused at the next request once the user signs that device out from another one', async () => {
    const { client, email } = await signedInUser(t, 'lookup-revoke')
    const device = await secondDevice(email)
    const mine = (await (await client.request('/api/me/sessions')).json()) as { sessions: { id: string; current: boolean }[] }
    const deviceSession = mine.sessions.find((s) => !s.current)!
    expect((await client.request(`/api/me/sessions/${deviceSession.id}`, { method: 'DELETE' })).status).toBe(204)
    expect(await alertsStatus(device)).toBe(401)
    expect(await alertsStatus(client)).toBe(200)

    const others = [await secondDevice(email), await secondDevice(email)]
    expect((await post(client, '/api/me/sessions/revoke-others')).status).toBe(200)
    for (const other of others) expect(await alertsStatus(other)).toBe(401)

    const byToken = await secondDevice(email)
    const { session } = (await (await byToken.request('/api/auth/get-session')).json()) as { session: { token: string } }
    expect((await post(client, '/api/auth/revoke-session', { token: session.token })).status).toBe(200)
    expect(await alertsStatus(byToken)).toBe(401)
    expect(await alertsStatus(client)).toBe(200)
  })

  it('is refused at the next request once the password is reset', async () => {
    const { client, email } = await signedInUser(t, 'lookup-reset')
    const device = await secondDevice(email)
    expect((await post(t.client(), '/api/auth/request-password-reset', { email, redirectTo: '/auth?type=recovery' })).status).toBe(200)
    const link = (await t.lastEmail(email))!.links.find((l) => l.includes('type=recovery'))!
    const token = new URL(link).searchParams.get('token')!
    expect((await post(t.client(), '/api/auth/reset-password', { token, newPassword: 'a reset password' })).status).toBe(200)
    expect(await alertsStatus(device)).toBe(401)
    expect(await alertsStatus(client)).toBe(401)
  })

  it('is refused at the next request once the account is deleted, on every device', async () => {
    const { client, email } = await signedInUser(t, 'lookup-delete')
    const device = await secondDevice(email)
    expect((await post(client, '/api/auth/delete-user', { password: TEST_PASSWORD })).status).toBe(200)
    expect(await alertsStatus(device)).toBe(401)
    expect(await meStatus(device)).toBe(401)
    expect(await alertsStatus(client)).toBe(401)
  })

  it('is refused when the cookie’s signature does not match its token', async () => {
    const { client } = await signedInUser(t, 'lookup-forged')
    const [token, signature] = decodeURIComponent(client.cookies.get(SESSION_COOKIE)!).split('.')
    const forged = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`
    client.cookies.set(SESSION_COOKIE, encodeURIComponent(`${token}.${forged}`))
    expect(await meStatus(client)).toBe(401)
    client.cookies.set(SESSION_COOKIE, token!)
    expect(await meStatus(client)).toBe(401)
  })

  it('is extended by better-auth once a day, as before', async () => {
    const { client, userId } = await signedInUser(t, 'lookup-refresh')
    // Last extended two days ago: 7-day sessions then end in five days.
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() + 5 * DAY_MS) }).where(eq(sessions.userId, userId))
    expect(await meStatus(client)).toBe(200)
    const [session] = await sessionsOf(userId)
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY_MS)
  })

  it('is refused once expired, and better-auth removes it', async () => {
    const { client, userId } = await signedInUser(t, 'lookup-expired')
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(sessions.userId, userId))
    expect(await meStatus(client)).toBe(401)
    expect(await sessionsOf(userId)).toEqual([])
  })

  it('is read in one query, without better-auth, while it is live and not due for refresh', async () => {
    // So the tests above exercise the lookup itself, not better-auth's get-session behind it.
    const { client } = await signedInUser(t, 'lookup-fast')
    const getSession = vi.spyOn(t.services.auth.api, 'getSession')
    expect(await alertsStatus(client)).toBe(200)
    expect(await meStatus(client)).toBe(200)
    expect(await alertsStatus(t.client())).toBe(401)
    expect(getSession).not.toHaveBeenCalled()
  })

  it('asks the embedded database nothing on a repeat request while nothing of the user changed', async () => {
    const { client, userId } = await signedInUser(t, 'lookup-repeat')
    expect(await alertsStatus(client)).toBe(200)
    const client$ = (t.database.db as unknown as { $client: { query: (...args: never[]) => unknown } }).$client
    const query = vi.spyOn(client$, 'query')
    expect(await alertsStatus(client)).toBe(200)
    expect(await alertsStatus(client)).toBe(200)
    // PostgreSQL has no change feed: there the session and the list's versions are read each time.
    if (t.database.driver === 'pglite') expect(query).not.toHaveBeenCalled()
    else expect(query).toHaveBeenCalled()
    // Another user's change leaves this one's kept answers alone; this user's own shows at once.
    await t.database.db.update(profiles).set({ role: 'premium', subscriptionTier: 'premium' }).where(eq(profiles.id, userId))
    const profile = (await (await client.request('/api/me')).json()) as { profile: unknown }
    expect(profile.profile).toEqual({ role: 'premium', subscription_tier: 'premium' })
  })

  it('carries the role and plan of the moment', async () => {
    const { client, userId } = await signedInUser(t, 'lookup-plan')
    const profileOf = async () => ((await (await client.request('/api/me')).json()) as { profile: unknown }).profile
    expect(await profileOf()).toEqual({ role: 'free', subscription_tier: 'free' })
    await t.database.db.update(profiles).set({ role: 'premium', subscriptionTier: 'premium' }).where(eq(profiles.id, userId))
    expect(await profileOf()).toEqual({ role: 'premium', subscription_tier: 'premium' })
  })
})
