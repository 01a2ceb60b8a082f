import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestApp,
  TEST_PASSWORD,
  totpCode as totp,
  uniqueEmail,
  wrongTotpCode as wrongCode,
  type TestApp,
  type TestClient,
} from '#tests/support/test-app.ts'
import { accounts, profiles, sessions, twoFactors, userEmails, users } from '../db/schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const PASSWORD = TEST_PASSWORD




const post = (client: TestClient, path: string, json: unknown = {}) => client.request(path, { method: 'POST', json })

/** A verified user, signed in on the returned client (verification signs in). */
async function verifiedUser() {
  const client = t.client()
  const email = uniqueEmail('profile')
  await t.signUp(client, email)
  expect((await t.verifyFromEmail(client, email)).status).toBe(200)
  return { client, email }
}

/** Another signed-in session for the same user. */
async function anotherSession(email: string, password = PASSWORD) {
  const client = t.client()
  expect((await t.signIn(client, email, password)).status).toBe(200)
  return client
}

const isSignedIn = async (client: TestClient) => (await client.request('/api/me')).status === 200

async function currentSession(client: TestClient) {
  return (await (await client.request('/api/auth/get-session')).json()) as {
    session: { id: string; token: string }
    user: { name: string; firstName: string | null; lastName: string | null; twoFactorEnabled: boolean | null }
  } | null
}

const enableTwoFactor = (client: TestClient) => t.enableTwoFactor(client)

describe('update-user', () => {
  it('changes the name, first name and last name', async () => {
    const { client } = await verifiedUser()
    const res = await post(client, '/api/auth/update-user', { name: 'Bea Costa', firstName: 'Bea', lastName: 'Costa' })
    expect(res.status).toBe(200)
    expect((await currentSession(client))?.user).toMatchObject({ name: 'Bea Costa', firstName: 'Bea', lastName: 'Costa' })
    const me = (await (await client.request('/api/session')).json()) as { user: { name: string } }
    expect(me.user.name).toBe('Bea Costa')
  })

  it('refuses a signed-out caller', async () => {
    expect((await post(t.client(), '/api/auth/update-user', { name: 'X' })).status).toBe(401)
  })
})

describe('change-password', () => {
  it('requires the current password', async () => {
    const { client } = await verifiedUser()
    const res = await post(client, '/api/auth/change-password', {
      currentPassword: 'not the password',
      newPassword: 'a brand new one',
      revokeOtherSessions: true,
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: { reason: 'INVALID_PASSWORD', message: 'Invalid password' } })
  })

  it('enforces the minimum length on the new password', async () => {
    const { client } = await verifiedUser()
    const res = await post(client, '/api/auth/change-password', { currentPassword: PASSWORD, newPassword: '12345', revokeOtherSessions: true })
    expect(res.status).toBe(400)
  })

  it('sets the new password, keeps this device signed in and signs every other session out', async () => {
    const { client, email } = await verifiedUser()
    const other = await anotherSession(email)
    const before = (await currentSession(client))!.session.id

    const res = await post(client, '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new one',
      revokeOtherSessions: true,
    })
    expect(res.status).toBe(200)

    expect(await isSignedIn(client)).toBe(true)
    expect((await currentSession(client))!.session.id).not.toBe(before)
    expect(await isSignedIn(other)).toBe(false)
    expect((await t.signIn(t.client(), email, PASSWORD)).status).toBe(401)
    expect((await t.signIn(t.client(), email, 'a brand new one')).status).toBe(200)
  })
})

describe('sessions', () => {
  it('lists the sessions of the signed-in user only, with the current one among them', async () => {
    const { client, email } = await verifiedUser()
    await anotherSession(email)
    await verifiedUser() // someone else's sessions must not show up

    const res = await client.request('/api/auth/list-sessions')
    expect(res.status).toBe(200)
    const list = (await res.json()) as { id: string; token: string; userAgent: string | null; ipAddress: string | null }[]
    expect(list).toHaveLength(2)
    expect(list.map((s) => s.id)).toContain((await currentSession(client))!.session.id)
  })

  it('revokes one session by its token', async () => {
    const { client, email } = await verifiedUser()
    const other = await anotherSession(email)
    const otherToken = (await currentSession(other))!.session.token

    expect((await post(client, '/api/auth/revoke-session', { token: otherToken })).status).toBe(200)
    expect(await isSignedIn(other)).toBe(false)
    expect(await isSignedIn(client)).toBe(true)
    expect((await (await client.request('/api/auth/list-sessions')).json()) as unknown[]).toHaveLength(1)
  })

  it("cannot revoke another user's session", async () => {
    const { client } = await verifiedUser()
    const stranger = await verifiedUser()
    const token = (await currentSession(stranger.client))!.session.token
    await post(client, '/api/auth/revoke-session', { token })
    expect(await isSignedIn(stranger.client)).toBe(true)
  })

  it('signs out every other session and keeps this one', async () => {
    const { client, email } = await verifiedUser()
    const others = [await anotherSession(email), await anotherSession(email)]
    expect((await post(client, '/api/auth/revoke-other-sessions')).status).toBe(200)
    for (const other of others) expect(await isSignedIn(other)).toBe(false)
    expect(await isSignedIn(client)).toBe(true)
  })

  it('requires a session', async () => {
    expect((await t.client().request('/api/auth/list-sessions')).status).toBe(401)
    expect((await post(t.client(), '/api/auth/revoke-other-sessions')).status).toBe(401)
  })
})

describe('our session endpoints (/api/me/sessions)', () => {
  interface Summary {
    id: string
    current: boolean
    createdAt: string
    ipAddress: string | null
    userAgent: string | null
  }
  const listMine = async (client: TestClient) => {
    const res = await client.request('/api/me/sessions')
    return { status: res.status, body: (await res.json()) as { sessions: Summary[] } }
  }

  /** Makes every session of the user look signed in two days ago (past better-auth's one-day freshAge). */
  async function signedInLongAgo(email: string) {
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000)
    await t.database.db.update(sessions).set({ createdAt: twoDaysAgo }).where(eq(sessions.userId, user!.id))
  }

  it('list the caller’s sessions only, mark this one, show no tokens, even two days after signing in', async () => {
    const { client, email } = await verifiedUser()
    await anotherSession(email)
    await verifiedUser() // someone else's sessions must not show up
    await signedInLongAgo(email)

    // The reason these exist: better-auth's own list refuses a sign-in older than a day.
    expect((await client.request('/api/auth/list-sessions')).status).toBe(403)

    const { status, body } = await listMine(client)
    expect(status).toBe(200)
    expect(body.sessions).toHaveLength(2)
    expect(body.sessions.filter((s) => s.current).map((s) => s.id)).toEqual([(await currentSession(client))!.session.id])
    for (const session of body.sessions) {
      expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'expiresAt', 'id', 'ipAddress', 'updatedAt', 'userAgent'])
    }
  })

  it('sign out one other device by session id', async () => {
    const { client, email } = await verifiedUser()
    const other = await anotherSession(email)
    await signedInLongAgo(email)
    const otherId = (await listMine(client)).body.sessions.find((s) => !s.current)!.id

    const res = await client.request(`/api/me/sessions/${otherId}`, { method: 'DELETE' })
    expect(res.status).toBe(204)
    expect(await isSignedIn(other)).toBe(false)
    expect(await isSignedIn(client)).toBe(true)
    expect((await listMine(client)).body.sessions).toHaveLength(1)
    expect((await client.request(`/api/me/sessions/${otherId}`, { method: 'DELETE' })).status).toBe(404)
  })

  it("answer 404 for another user's session and leave it signed in", async () => {
    const { client } = await verifiedUser()
    const stranger = await verifiedUser()
    const strangerId = (await listMine(stranger.client)).body.sessions[0]!.id

    const res = await client.request(`/api/me/sessions/${strangerId}`, { method: 'DELETE' })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } })
    expect(await isSignedIn(stranger.client)).toBe(true)
  })

  it('sign out every other session and keep this one, two days after signing in', async () => {
    const { client, email } = await verifiedUser()
    const others = [await anotherSession(email), await anotherSession(email)]
    const stranger = await verifiedUser()
    await signedInLongAgo(email)

    const res = await post(client, '/api/me/sessions/revoke-others')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ revoked: 2 })
    for (const other of others) expect(await isSignedIn(other)).toBe(false)
    expect(await isSignedIn(client)).toBe(true)
    expect(await isSignedIn(stranger.client)).toBe(true)
    expect((await listMine(client)).body.sessions.map((s) => s.current)).toEqual([true])
  })

  it('need a session', async () => {
    const anonymous = t.client()
    expect((await anonymous.request('/api/me/sessions')).status).toBe(401)
    expect((await anonymous.request('/api/me/sessions/anything', { method: 'DELETE' })).status).toBe(401)
    expect((await post(anonymous, '/api/me/sessions/revoke-others')).status).toBe(401)
  })
})

describe('two-factor authentication (TOTP)', () => {
  it('needs the password to start, and is only on once a code from the app is verified', async () => {
    const { client } = await verifiedUser()
    const wrong = await post(client, '/api/auth/two-factor/enable', { password: 'not the password' })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ error: { reason: 'INVALID_PASSWORD' } })

    const res = await post(client, '/api/auth/two-factor/enable', { password: PASSWORD })
    expect(res.status).toBe(200)
    const { totpURI, backupCodes } = (await res.json()) as { totpURI: string; backupCodes: string[] }
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/FareDrop:.+\?secret=[A-Z2-7]+&issuer=FareDrop/)
    expect(backupCodes).toHaveLength(10)
    expect((await currentSession(client))!.user.twoFactorEnabled).toBe(false)

    expect((await post(client, '/api/auth/two-factor/verify-totp', { code: wrongCode(totpURI) })).status).toBe(401)
    expect((await currentSession(client))!.user.twoFactorEnabled).toBe(false)

    expect((await post(client, '/api/auth/two-factor/verify-totp', { code: totp(totpURI) })).status).toBe(200)
    expect((await currentSession(client))!.user.twoFactorEnabled).toBe(true)
    expect(await isSignedIn(client)).toBe(true)
  })

  it('makes a password sign-in wait for the second factor: a wrong code fails, the right one signs in', async () => {
    const { client, email } = await verifiedUser()
    const { totpURI } = await enableTwoFactor(client)

    const browser = t.client()
    const res = await t.signIn(browser, email)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ twoFactorRedirect: true })
    expect(await isSignedIn(browser)).toBe(false)

    const wrong = await post(browser, '/api/auth/two-factor/verify-totp', { code: wrongCode(totpURI), trustDevice: false })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ error: { reason: 'INVALID_CODE', message: 'Invalid code' } })
    expect(await isSignedIn(browser)).toBe(false)

    // Set-up used this 30 s step's code, and each code works once: the app's next code signs in.
    const next = totp(totpURI, Date.now() + 30_000)
    expect((await post(browser, '/api/auth/two-factor/verify-totp', { code: next, trustDevice: false })).status).toBe(200)
    expect(await isSignedIn(browser)).toBe(true)
  })

  it('refuses a code without a pending sign-in', async () => {
    const { client } = await verifiedUser()
    const { totpURI } = await enableTwoFactor(client)
    const res = await post(t.client(), '/api/auth/two-factor/verify-totp', { code: totp(totpURI) })
    expect(res.status).toBe(401)
  })

  it('accepts each backup code once', async () => {
    const { client, email } = await verifiedUser()
    const { backupCodes } = await enableTwoFactor(client)

    const first = t.client()
    await t.signIn(first, email)
    expect((await post(first, '/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(200)
    expect(await isSignedIn(first)).toBe(true)

    const again = t.client()
    await t.signIn(again, email)
    const reused = await post(again, '/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })
    expect(reused.status).toBe(401)
    expect(await isSignedIn(again)).toBe(false)
    expect((await post(again, '/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] })).status).toBe(200)
    expect(await isSignedIn(again)).toBe(true)
  })

  it('regenerates backup codes with the password; the old ones stop working', async () => {
    const { client, email } = await verifiedUser()
    const { backupCodes: old } = await enableTwoFactor(client)
    expect((await post(client, '/api/auth/two-factor/generate-backup-codes', { password: 'nope nope' })).status).toBe(400)
    const res = await post(client, '/api/auth/two-factor/generate-backup-codes', { password: PASSWORD })
    expect(res.status).toBe(200)
    const { backupCodes } = (await res.json()) as { backupCodes: string[] }
    expect(backupCodes).toHaveLength(10)
    expect(backupCodes).not.toContain(old[0])

    const browser = t.client()
    await t.signIn(browser, email)
    expect((await post(browser, '/api/auth/two-factor/verify-backup-code', { code: old[0] })).status).toBe(401)
    expect((await post(browser, '/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(200)
  })

  it('is switched off with the password, after which the password alone signs in', async () => {
    const { client, email } = await verifiedUser()
    await enableTwoFactor(client)
    expect((await post(client, '/api/auth/two-factor/disable', { password: 'not the password' })).status).toBe(400)
    expect((await currentSession(client))!.user.twoFactorEnabled).toBe(true)

    expect((await post(client, '/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(200)
    expect(await isSignedIn(client)).toBe(true)
    expect((await currentSession(client))!.user.twoFactorEnabled).toBe(false)

    const browser = t.client()
    const res = await t.signIn(browser, email)
    expect(res.status).toBe(200)
    expect(await res.json()).not.toHaveProperty('twoFactorRedirect')
    expect(await isSignedIn(browser)).toBe(true)
  })
})

describe('delete-user', () => {
  async function rowsOf(userId: string) {
    const db = t.database.db
    return {
      users: await db.select().from(users).where(eq(users.id, userId)),
      profiles: await db.select().from(profiles).where(eq(profiles.id, userId)),
      emails: await db.select().from(userEmails).where(eq(userEmails.userId, userId)),
      sessions: await db.select().from(sessions).where(eq(sessions.userId, userId)),
      accounts: await db.select().from(accounts).where(eq(accounts.userId, userId)),
      twoFactors: await db.select().from(twoFactors).where(eq(twoFactors.userId, userId)),
    }
  }

  it('needs the right password', async () => {
    const { client } = await verifiedUser()
    const res = await post(client, '/api/auth/delete-user', { password: 'not the password' })
    expect(res.status).toBe(400)
    expect(await isSignedIn(client)).toBe(true)
  })

  it('needs a password even right after signing in', async () => {
    const { client } = await verifiedUser()
    const res = await post(client, '/api/auth/delete-user', {})
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: { fieldErrors: { password: ['Password is required'] } } })
    expect(await isSignedIn(client)).toBe(true)
  })

  it('removes the user with their profile, emails, sessions and two-factor secret', async () => {
    const { client, email } = await verifiedUser()
    await enableTwoFactor(client)
    const other = t.client()
    await t.signIn(other, email) // a half-finished sign-in elsewhere
    const userId = (await (await client.request('/api/session')).json() as { user: { id: string } }).user.id
    const before = await rowsOf(userId)
    expect(before.profiles).toHaveLength(1)
    expect(before.emails).toHaveLength(1)
    expect(before.twoFactors).toHaveLength(1)

    const res = await post(client, '/api/auth/delete-user', { password: PASSWORD })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true, message: 'User deleted' })

    expect(await rowsOf(userId)).toEqual({ users: [], profiles: [], emails: [], sessions: [], accounts: [], twoFactors: [] })
    expect(await isSignedIn(client)).toBe(false)
    expect((await t.signIn(t.client(), email)).status).toBe(401)
  })
})
