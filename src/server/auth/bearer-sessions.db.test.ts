/**
 * Decision 036: the native app's bearer sessions. The app (origin capacitor://localhost or
 * https://localhost, no cookies) signs in as the web does, keeps the `set-auth-token` header as its
 * refresh token, trades it at POST /api/auth/token for 15-minute access tokens signed with the jwt
 * plugin's keys (public at GET /api/auth/jwks), and sends `Authorization: Bearer <access>` to every
 * route, ours and better-auth's. Every refusal is tried the way an attacker would.
 */
import { createHmac } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT, type JSONWebKeySet } from 'jose'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { magicLinkPath } from '#tests/support/email-links.ts'
import { createTestApp, TEST_ORIGIN, TEST_PASSWORD, totpCode, uniqueEmail, type TestApp } from '#tests/support/test-app.ts'
import { ANDROID_APP_ORIGIN, IOS_APP_ORIGIN, nativeAppClient } from '#tests/support/native-app-client.ts'
import { createVerifiedUser } from '#tests/support/verified-user.ts'
import { routeAlert } from '#tests/support/alert-fixtures.ts'
import { jwks as jwksTable, sessions, users } from '../db/schema.ts'
import { BEARER_MESSAGES } from './bearer-access.ts'
import { TOKEN_GRANT_ERRORS, TOKEN_GRANT_RATE_LIMIT } from './token-grant.ts'

const IOS = IOS_APP_ORIGIN
const ADMIN_EMAIL = 'bearer-admin@example.com'
const ANDROID = ANDROID_APP_ORIGIN

let t: TestApp
let publicUrl: string
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL })
  publicUrl = t.services.publicUrl
})
afterAll(async () => {
  await t.close()
})

const { fromApp, appSignIn, refresh, grant } = nativeAppClient(() => t)

async function verifiedUser(label = 'bearer'): Promise<{ email: string; userId: string }> {
  const email = uniqueEmail(label)
  const { userId } = await createVerifiedUser(t, email)
  return { email, userId }
}

/** A verified user signed in from the app: their refresh token and a first access token. */
async function appSession(label = 'bearer') {
  const user = await verifiedUser(label)
  const refreshToken = await appSignIn(user.email)
  const session = await grant(refreshToken)
  return { ...user, refreshToken, access: session.access_token, session }
}

async function jwksDocument(): Promise<JSONWebKeySet> {
  const res = await t.app.request('/api/auth/jwks')
  expect(res.status).toBe(200)
  return (await res.json()) as JSONWebKeySet
}

/** A JWT signed with the server's own key (the jwt plugin's), with any claims: what only a key thief could make. */
async function signedByServer(payload: Record<string, unknown>): Promise<string> {
  const { token } = await t.services.auth.api.signJWT({ body: { payload } })
  return token
}

const now = () => Math.floor(Date.now() / 1000)

describe('sign-in from the app', () => {
  it('hands the app its refresh token in set-auth-token, readable through CORS, never with credentials', async () => {
    const { email } = await verifiedUser()
    for (const origin of [IOS, ANDROID, 'http://localhost']) {
      const res = await fromApp('/api/auth/sign-in/email', { json: { email, password: TEST_PASSWORD }, origin })
      expect(res.status).toBe(200)
      expect(res.headers.get('set-auth-token')).toMatch(/^[A-Za-z0-9]{32}\.[A-Za-z0-9+/]{43}=$/)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
      expect(res.headers.get('access-control-expose-headers')).toContain('set-auth-token')
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    }
  })

  it('gives the web nothing new: no set-auth-token and no CORS headers on its cookie sign-in', async () => {
    const { email } = await verifiedUser()
    const res = await t.signIn(t.client(), email)
    expect(res.status).toBe(200)
    expect(res.headers.get('set-auth-token')).toBeNull()
    expect([...res.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
    expect(res.headers.getSetCookie().some((cookie) => cookie.startsWith('faredrop.session_token='))).toBe(true)
  })

  it('answers the CORS preflight of the app’s origins only, without credentials', async () => {
    for (const origin of [IOS, ANDROID]) {
      const res = await t.app.request('/api/alerts', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      })
      expect(res.status).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
      expect(res.headers.get('access-control-allow-headers')).toContain('authorization')
      expect(res.headers.get('access-control-allow-methods')).toContain('POST')
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
      expect(res.headers.get('vary')).toContain('Origin')
    }
    for (const origin of ['capacitor://evil', 'capacitor://localhost.evil.example', 'https://localhost:8443', 'https://localhost.evil.example', 'null']) {
      const res = await t.app.request('/api/alerts', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } })
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull()
    }
  })

  it('refuses the app’s origin when it sends cookies (that would be a browser page, and CSRF-able)', async () => {
    const { client } = await createVerifiedUser(t, uniqueEmail('cookie'))
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const res = await t.app.request('/api/alerts', {
      method: 'POST',
      headers: { origin: IOS, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(routeAlert()),
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } })
  })
})

describe('the refresh grant', () => {
  it('answers the spec’s session shape with a 15-minute access token for that session', async () => {
    const { email, userId, refreshToken, session } = await appSession()
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 900, refresh_token: refreshToken })
    expect(session.expires_at).toBeGreaterThanOrEqual(now() + 895)
    expect(session.expires_at).toBeLessThanOrEqual(now() + 900)
    expect(session.user).toMatchObject({ id: userId, email, identities: [{ provider: 'credential' }], factors: [] })
    expect(Date.parse(session.user.email_confirmed_at!)).not.toBeNaN()

    const claims = decodeJwt(session.access_token)
    const [row] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, refreshToken.split('.')[0]!))
    expect(claims).toMatchObject({ sub: userId, sid: row!.id, iss: publicUrl, aud: publicUrl, exp: session.expires_at })
    expect(decodeProtectedHeader(session.access_token)).toMatchObject({ alg: 'EdDSA' })
    // The token names nobody's email or session token.
    expect(JSON.stringify(claims)).not.toContain(email)
    expect(session.access_token).not.toContain(refreshToken.split('.')[0]!)
  })

  it('gives a new access token at each refresh, for the same session', async () => {
    const { refreshToken, access } = await appSession()
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const next = await grant(refreshToken)
    expect(next.access_token).not.toBe(access)
    expect(decodeJwt(next.access_token).sid).toBe(decodeJwt(access).sid)
  })

  it('reads the refresh token also URL-encoded, as a cookie value is', async () => {
    const { refreshToken } = await appSession()
    expect((await refresh(encodeURIComponent(refreshToken))).status).toBe(200)
  })

  it('extends a session that is due, as better-auth does once a day', async () => {
    const { refreshToken } = await appSession()
    const token = refreshToken.split('.')[0]!
    const soon = new Date(Date.now() + 3 * 86_400_000)
    await t.database.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.token, token))
    expect((await refresh(refreshToken)).status).toBe(200)
    const [row] = await t.database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.token, token))
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000)
  })

  it('deletes an expired session and says it ended', async () => {
    const { refreshToken } = await appSession()
    const token = refreshToken.split('.')[0]!
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, token))
    const res = await refresh(refreshToken)
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ error: { code: 'unauthorized', reason: 'SESSION_ENDED', message: TOKEN_GRANT_ERRORS.SESSION_ENDED } })
    expect(await t.database.db.select().from(sessions).where(eq(sessions.token, token))).toEqual([])
  })

  it('refuses refresh tokens that are not ours: forged signature, unsigned, garbage, a deleted session’s', async () => {
    const { refreshToken } = await appSession()
    const [token, signature] = refreshToken.split('.') as [string, string]
    const refusals: [string, string][] = [
      [`${token}.${'A'.repeat(43)}=`, 'INVALID_REFRESH_TOKEN'],
      [token, 'INVALID_REFRESH_TOKEN'],
      [`${'x'.repeat(32)}.${signature}`, 'INVALID_REFRESH_TOKEN'],
      ['not a token', 'INVALID_REFRESH_TOKEN'],
      ['%E0%A4%A', 'INVALID_REFRESH_TOKEN'],
    ]
    // A token signed right (with the secret) whose session does not exist.
    const secret = (await t.services.auth.$context).secret
    const ghost = 'G'.repeat(32)
    refusals.push([`${ghost}.${createHmac('sha256', secret).update(ghost).digest('base64')}`, 'SESSION_ENDED'])
    for (const [candidate, reason] of refusals) {
      const res = await refresh(candidate)
      expect(res.status, candidate).toBe(401)
      expect(await res.json()).toMatchObject({ error: { code: 'unauthorized', reason } })
    }
  })

  it('answers a database outage with 503, never the 401 that would make the app drop its session', async () => {
    const { refreshToken } = await appSession()
    const { internalAdapter } = await t.services.auth.$context
    const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })
    const spy = vi.spyOn(internalAdapter, 'findSession').mockRejectedValue(lost)
    try {
      const res = await refresh(refreshToken)
      expect(res.status).toBe(503)
      expect(await res.json()).toMatchObject({ error: { code: 'unavailable' } })
    } finally {
      spy.mockRestore()
    }
    expect((await refresh(refreshToken)).status).toBe(200)
  })

  it('refuses a grant that is not a refresh grant, NUL characters and huge bodies before reading any session', async () => {
    const { refreshToken } = await appSession()
    const wrong = [
      { grant_type: 'password', refresh_token: refreshToken },
      { grant_type: 'refresh_token' },
      { grant_type: 'refresh_token', refresh_token: 42 },
      { grant_type: 'refresh_token', refresh_token: 'x'.repeat(513) },
      { grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'admin' },
    ]
    for (const json of wrong) expect((await fromApp('/api/auth/token', { json })).status, JSON.stringify(json)).toBe(400)
    const nul = await fromApp('/api/auth/token', { json: { grant_type: 'refresh_token', refresh_token: `${refreshToken}\u0000` } })
    expect(nul.status).toBe(400)
    const huge = await fromApp('/api/auth/token', { body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(200_000) }), headers: { 'content-type': 'application/json' } })
    expect(huge.status).toBe(413)
    expect((await fromApp('/api/auth/token', { body: 'grant_type=refresh_token', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415)
  })

  it('is the only way to an access token: the jwt plugin’s GET /token answers 404, with a cookie or a bearer token', async () => {
    const { access } = await appSession()
    const { client } = await createVerifiedUser(t, uniqueEmail('get-token'))
    expect((await client.request('/api/auth/token')).status).toBe(404)
    expect((await fromApp('/api/auth/token', { access })).status).toBe(404)
    // …and get-session hands out no JWT header either (disableSettingJwtHeader).
    const session = await client.request('/api/auth/get-session')
    expect(session.headers.get('set-auth-jwt')).toBeNull()
  })
})

describe('calling the API with the access token', () => {
  it('reads /api/me and works with /api/alerts, as the user', async () => {
    const { email, userId, access } = await appSession()
    const me = await fromApp('/api/me', { access })
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ user: { id: userId, email } })
    expect(me.headers.get('access-control-allow-origin')).toBe(IOS)

    const created = await fromApp('/api/alerts', { access, json: routeAlert() })
    expect(created.status).toBe(201)
    const list = await fromApp('/api/alerts', { access })
    expect(list.status).toBe(200)
    expect(((await list.json()) as { alerts: unknown[] }).alerts).toHaveLength(1)
    expect((await fromApp('/api/session', { access, origin: ANDROID })).status).toBe(200)
  })

  it('works on better-auth’s own endpoints: get-session, update-user, change-password, two-factor', async () => {
    const { email, userId, access } = await appSession()
    const session = await fromApp('/api/auth/get-session', { access })
    expect(session.status).toBe(200)
    expect(await session.json()).toMatchObject({ user: { id: userId, email } })
    expect((await fromApp('/api/auth/update-user', { access, json: { firstName: 'Bia' } })).status).toBe(200)
    const [user] = await t.database.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId))
    expect(user!.firstName).toBe('Bia')
    const enabled = await fromApp('/api/auth/two-factor/enable', { access, json: { password: TEST_PASSWORD } })
    expect(enabled.status).toBe(200)
    expect(await enabled.json()).toHaveProperty('totpURI')
    const changed = await fromApp('/api/auth/change-password', { access, json: { currentPassword: TEST_PASSWORD, newPassword: 'a-new-password' } })
    expect(changed.status).toBe(200)
  })

  it('answers 401 with WWW-Authenticate to a request without a token on a signed-in route, and to any token that is not ours', async () => {
    const res = await fromApp('/api/me')
    expect(res.status).toBe(401)
    const bad = await fromApp('/api/me', { access: 'not.a.jwt' })
    expect(bad.status).toBe(401)
    expect(bad.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="invalid"')
    expect(bad.headers.get('access-control-expose-headers')).toContain('www-authenticate')
    expect(await bad.json()).toMatchObject({ error: { code: 'unauthorized', message: BEARER_MESSAGES.invalid } })
  })
})

describe('forged and stolen tokens (an attacker’s list)', () => {
  let victim: Awaited<ReturnType<typeof appSession>>
  let other: Awaited<ReturnType<typeof appSession>>
  beforeAll(async () => {
    victim = await appSession('victim')
    other = await appSession('other')
  })

  const refusedWith = async (access: string, description: 'invalid' | 'expired' | 'ended') => {
    for (const path of ['/api/me', '/api/alerts', '/api/auth/get-session', '/api/session']) {
      const res = await fromApp(path, { access })
      expect(res.status, `${path} ${access.slice(0, 40)}`).toBe(401)
      expect(res.headers.get('www-authenticate')).toContain(`error_description="${description}"`)
    }
  }

  it('alg none', async () => {
    const claims = decodeJwt(victim.access)
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const kid = decodeProtectedHeader(victim.access).kid
    await refusedWith(`${b64({ alg: 'none', kid })}.${b64(claims)}.`, 'invalid')
    await refusedWith(`${b64({ alg: 'none', kid })}.${b64(claims)}.${victim.access.split('.')[2]}`, 'invalid')
  })

  it('HS256 signed with the public key (algorithm confusion)', async () => {
    const { keys } = await jwksDocument()
    const publicKey = keys[0]!
    for (const secret of [Buffer.from(String(publicKey.x), 'base64url'), Buffer.from(JSON.stringify(publicKey))]) {
      const forged = await new SignJWT(decodeJwt(victim.access)).setProtectedHeader({ alg: 'HS256', kid: publicKey.kid! }).sign(secret)
      await refusedWith(forged, 'invalid')
    }
  })

  it('a key of its own, with our kid', async () => {
    const { generateKeyPair } = await import('jose')
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' })
    const kid = decodeProtectedHeader(victim.access).kid!
    const forged = await new SignJWT(decodeJwt(victim.access)).setProtectedHeader({ alg: 'EdDSA', kid }).sign(privateKey)
    await refusedWith(forged, 'invalid')
  })

  it('a tampered payload (another user’s id under the victim’s signature)', async () => {
    const [header, , signature] = victim.access.split('.')
    const payload = Buffer.from(JSON.stringify({ ...decodeJwt(victim.access), sub: other.userId })).toString('base64url')
    await refusedWith(`${header}.${payload}.${signature}`, 'invalid')
  })

  it('our key but the wrong issuer, the wrong audience, no sid, or expired', async () => {
    const { sid, sub } = decodeJwt(victim.access)
    const iat = now()
    await refusedWith(await signedByServer({ sub, sid, iat, exp: iat + 600, iss: 'https://evil.example' }), 'invalid')
    await refusedWith(await signedByServer({ sub, sid, iat, exp: iat + 600, aud: 'https://evil.example' }), 'invalid')
    await refusedWith(await signedByServer({ sub, iat, exp: iat + 600 }), 'invalid')
    await refusedWith(await signedByServer({ sub, sid, iat: iat - 1000, exp: iat - 60 }), 'expired')
  })

  it('our key, but another user’s session id', async () => {
    const iat = now()
    await refusedWith(await signedByServer({ sub: victim.userId, sid: decodeJwt(other.access).sid, iat, exp: iat + 600 }), 'ended')
  })

  it('the refresh token, or the bare session token, as a bearer token (what the bearer plugin alone would take)', async () => {
    await refusedWith(victim.refreshToken, 'invalid')
    await refusedWith(victim.refreshToken.split('.')[0]!, 'invalid')
  })

  it('a huge Authorization header', async () => {
    const res = await fromApp('/api/me', { access: `${'a'.repeat(5000)}.${'b'.repeat(5000)}.${'c'.repeat(100)}` })
    expect(res.status).toBe(401)
  })

  it('still lets the victim in with the real token', async () => {
    expect((await fromApp('/api/me', { access: victim.access })).status).toBe(200)
  })
})

describe('the end of a session', () => {
  it('sign-out with the access token revokes the refresh token: both are refused afterwards, and a replay too', async () => {
    const { access, refreshToken } = await appSession()
    const out = await fromApp('/api/auth/sign-out', { access, json: {} })
    expect(out.status).toBe(200)
    const me = await fromApp('/api/me', { access })
    expect(me.status).toBe(401)
    expect(await me.json()).toMatchObject({ error: { message: BEARER_MESSAGES.ended } })
    for (let replay = 0; replay < 3; replay++) {
      const res = await refresh(refreshToken)
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ error: { reason: 'SESSION_ENDED' } })
    }
  })

  it('ends at the next request when the session is revoked from another session, or the user is deleted', async () => {
    const first = await appSession()
    // Revoked from the profile page of another session of the same user.
    const second = await grant(await appSignIn(first.email))
    expect((await fromApp('/api/me/sessions/revoke-others', { access: second.access_token, json: {} })).status).toBe(200)
    expect((await fromApp('/api/me', { access: first.access })).status).toBe(401)
    expect((await refresh(first.refreshToken)).status).toBe(401)
    expect((await fromApp('/api/me', { access: second.access_token })).status).toBe(200)

    // The user deleted: the session goes with it.
    await t.database.db.delete(users).where(eq(users.id, first.userId))
    expect((await fromApp('/api/me', { access: second.access_token })).status).toBe(401)
    expect((await refresh(second.refresh_token)).status).toBe(401)
  })

  it('ends at the next request when an admin signs the user out everywhere, or disables the account', async () => {
    const admin = await createVerifiedUser(t, ADMIN_EMAIL)
    const { email, userId, access } = await appSession('managed')
    expect((await admin.client.request(`/api/admin/users/${userId}/sign-out`, { method: 'POST', json: {} })).status).toBe(200)
    expect((await fromApp('/api/me', { access })).status).toBe(401)

    const again = await grant(await appSignIn(email))
    expect((await fromApp('/api/me', { access: again.access_token })).status).toBe(200)
    expect((await admin.client.request(`/api/admin/users/${userId}/disable`, { method: 'POST', json: { reason: 'abuse' } })).status).toBe(200)
    expect((await fromApp('/api/me', { access: again.access_token })).status).toBe(401)
    expect((await refresh(again.refresh_token)).status).toBe(401)
    // The app is told why, as JSON (a browser gets the sign-in failure page).
    const refused = await fromApp('/api/auth/sign-in/email', { json: { email, password: TEST_PASSWORD } })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ error: { reason: 'ACCOUNT_DISABLED' } })
  })
})

describe('the public signing keys', () => {
  it('verify an access token with jose, from the document and from the running server', async () => {
    const { access, userId } = await appSession()
    const local = await jwtVerify(access, createLocalJWKSet(await jwksDocument()), { issuer: publicUrl, audience: publicUrl, algorithms: ['EdDSA'] })
    expect(local.payload.sub).toBe(userId)

    const server: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    try {
      const { port } = server.address() as AddressInfo
      const remote = createRemoteJWKSet(new URL(`http://127.0.0.1:${port}/api/auth/jwks`))
      const verified = await jwtVerify(access, remote, { issuer: publicUrl, audience: publicUrl })
      expect(verified.payload.sid).toBe(decodeJwt(access).sid)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('publish public halves only; the private key is stored encrypted with the auth secret', async () => {
    const { keys } = await jwksDocument()
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' })
      expect(key).not.toHaveProperty('d')
    }
    const rows = await t.database.db.select({ privateKey: jwksTable.privateKey }).from(jwksTable)
    for (const row of rows) {
      expect(row.privateKey).not.toContain('"d"')
      expect(row.privateKey).not.toContain('OKP')
    }
  })
})

describe('links opened in the app', () => {
  it('a magic link, called as emailed, signs the app in: JSON and set-auth-token instead of a redirect', async () => {
    const { email } = await verifiedUser('magic')
    const path = await magicLinkPath(t, email)
    const res = await fromApp(path)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: true, url: '/' })
    const refreshToken = res.headers.get('set-auth-token')!
    expect((await fromApp('/api/me', { access: (await grant(refreshToken)).access_token })).status).toBe(200)
  })

  it('a magic link without its callbackURL answers better-auth’s JSON, with set-auth-token', async () => {
    const { email } = await verifiedUser('magic')
    const url = new URL(await magicLinkPath(t, email), publicUrl)
    const res = await fromApp(`/api/auth/magic-link/verify?token=${url.searchParams.get('token')}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ user: { email } })
    expect(res.headers.get('set-auth-token')).toBeTruthy()
  })

  it('a used or unknown magic link is a 400 the app can read, not a redirect to the web page', async () => {
    const res = await fromApp('/api/auth/magic-link/verify?token=nope&callbackURL=%2F')
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    expect(await res.json()).toMatchObject({ error: { reason: 'INVALID_TOKEN' } })
  })

  it('an email verification link signs the new account in', async () => {
    const email = uniqueEmail('verify')
    expect((await fromApp('/api/auth/sign-up/email', { json: { email, password: TEST_PASSWORD, name: 'Ana Lima', firstName: 'Ana', lastName: 'Lima' } })).status).toBe(200)
    const link = (await t.lastEmail(email))!.links.find((l) => l.includes('/verify-email?token='))!
    const res = await fromApp(`/api/auth/verify-email?token=${encodeURIComponent(new URL(link).searchParams.get('token')!)}`)
    expect(res.status).toBe(200)
    const session = await grant(res.headers.get('set-auth-token')!)
    expect(session.user).toMatchObject({ email })
    expect(session.user.email_confirmed_at).not.toBeNull()
  })
})

describe('two-factor sign-in in the app', () => {
  it('hands the challenge over in a header and finishes with set-auth-token (password, then magic link)', async () => {
    const email = uniqueEmail('2fa')
    const { client } = await createVerifiedUser(t, email)
    const { totpURI } = await t.enableTwoFactor(client)

    const first = await fromApp('/api/auth/sign-in/email', { json: { email, password: TEST_PASSWORD } })
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true })
    expect(first.headers.get('set-auth-token')).toBeNull()
    const challenge = first.headers.get('set-two-factor-challenge')!
    expect(challenge).toBeTruthy()
    expect(first.headers.get('access-control-expose-headers')).toContain('set-two-factor-challenge')

    const methods = await fromApp('/api/auth/second-factor/methods', { headers: { 'x-two-factor-challenge': challenge } })
    expect(await methods.json()).toMatchObject({ methods: expect.arrayContaining(['totp']) })
    // The code of the next 30 s step: the current one confirmed the set-up and works only once.
    const code = totpCode(totpURI, Date.now() + 30_000)
    const withoutChallenge = await fromApp('/api/auth/two-factor/verify-totp', { json: { code } })
    expect(withoutChallenge.status).toBe(401)
    const second = await fromApp('/api/auth/two-factor/verify-totp', { json: { code }, headers: { 'x-two-factor-challenge': challenge } })
    expect(second.status).toBe(200)
    expect((await grant(second.headers.get('set-auth-token')!)).user.factors).toHaveLength(1)

    // A magic link for the same account stops at the second step too, as JSON.
    const link = await fromApp(await magicLinkPath(t, email))
    expect(link.status).toBe(200)
    expect(await link.json()).toEqual({ twoFactorRedirect: true })
    expect(link.headers.get('set-auth-token')).toBeNull()
    expect(link.headers.get('set-two-factor-challenge')).toBeTruthy()
  })

  it('refuses a challenge header that is not one, and ignores it from the web', async () => {
    expect((await fromApp('/api/auth/two-factor/verify-totp', { json: { code: '123456' }, headers: { 'x-two-factor-challenge': 'a b' } })).status).toBe(400)
    const web = await t.client().request('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: '123456' }, headers: { 'x-two-factor-challenge': 'abc' } })
    expect(web.status).toBe(401)
  })
})

describe('rate limit', () => {
  it(`lets ${TOKEN_GRANT_RATE_LIMIT.max} refresh grants a minute through per address, then 429 with Retry-After in our error shape`, async () => {
    const production = await createTestApp({ NODE_ENV: 'production' })
    try {
      const statuses: number[] = []
      let limited: Response | undefined
      for (let i = 0; i < TOKEN_GRANT_RATE_LIMIT.max + 2; i++) {
        const res = await production.app.request('/api/auth/token', {
          method: 'POST',
          headers: { origin: IOS, 'content-type': 'application/json' },
          body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: `guess-${i}.x` }),
        })
        statuses.push(res.status)
        if (res.status === 429) limited ??= res
      }
      expect(statuses.slice(0, TOKEN_GRANT_RATE_LIMIT.max).every((s) => s === 401)).toBe(true)
      expect(statuses.slice(TOKEN_GRANT_RATE_LIMIT.max)).toEqual([429, 429])
      expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await limited!.json()).toMatchObject({ error: { code: 'rate_limited' } })
    } finally {
      await production.close()
    }
  })
})

describe('the web is untouched', () => {
  it('the test origin still needs no CORS and the cookie session works as before', async () => {
    const { client } = await createVerifiedUser(t, uniqueEmail('web'))
    const res = await client.request('/api/me', { headers: { origin: TEST_ORIGIN } })
    expect(res.status).toBe(200)
    expect([...res.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
  })
})
