/**
 * Security target A9 (sessions). Figures: every Set-Cookie the server sends on the way through
 * sign-up, verification, password and magic-link sign-in, two-factor, a provider sign-in, the
 * local mailbox, a reset and sign-out is HttpOnly and SameSite (100%), and with an https
 * PUBLIC_URL also Secure with a `__Secure-`/`__Host-` name (100%); the session token carries at
 * least 128 bits; every sign-in gets a new token; a cookie kept from before a sign-out or a
 * password reset gets 401.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { magicLinkPath, resetPassword, resetToken } from '#tests/support/email-links.ts'
import { startIdentityProvider, type TestIdentityProvider } from '#tests/support/oidc-provider.ts'
import { createTestApp, TEST_ORIGIN, TEST_PASSWORD, uniqueEmail, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { createVerifiedUser } from '#tests/support/verified-user.ts'
import { sessions, users } from '../db/schema.ts'

const HTTPS_ORIGIN = 'https://faredrop.example'
const GOOGLE = { client_id: 'faredrop-google', client_secret: 'google-secret-0123456789' }

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

async function verifiedUser(): Promise<string> {
  const email = uniqueEmail('user')
  await createVerifiedUser(t, email)
  return email
}

/** A browser that kept a copy of `client`'s cookies (a stolen or backed-up cookie). */
function copyOf(app: TestApp, client: TestClient): TestClient {
  const copy = app.client()
  for (const [name, value] of client.cookies) copy.cookies.set(name, value)
  return copy
}

/** The attributes of one Set-Cookie header, by lower-case name. */
function attributesOf(setCookie: string): { name: string; attributes: Map<string, string> } {
  const [pair, ...rest] = setCookie.split(';')
  const attributes = new Map(rest.map((part) => part.trim().split('=')).map(([key, value]) => [key!.toLowerCase(), value ?? '']))
  return { name: pair!.split('=')[0]!.trim(), attributes }
}

describe('A9: session tokens', () => {
  it('signs in with the right password and starts a new session each time', async () => {
    const email = await verifiedUser()
    const a = t.client()
    expect((await t.signIn(a, email)).status).toBe(200)
    const first = [...a.cookies.values()].join()
    expect((await t.signIn(a, email)).status).toBe(200)
    expect([...a.cookies.values()].join()).not.toBe(first)
    expect((await a.request('/api/me')).status).toBe(200)
  })

  it('are random strings of at least 128 bits, a new one for each of 20 sign-ins', async () => {
    const email = await verifiedUser()
    for (let i = 0; i < 20; i++) expect((await t.signIn(t.client(), email)).status).toBe(200)
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    const tokens = (await t.database.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user!.id))).map((s) => s.token)
    expect(tokens.length).toBeGreaterThanOrEqual(20)
    expect(new Set(tokens).size).toBe(tokens.length)
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9]+$/)
      // 62 symbols: log2(62) ≈ 5.95 bits each.
      expect(token.length * Math.log2(62)).toBeGreaterThanOrEqual(128)
    }
    console.info(`[A9] session token: ${tokens[0]!.length} alphanumeric characters ≈ ${Math.floor(tokens[0]!.length * Math.log2(62))} bits`)
  })

  it('keeps a signed-out visitor out of /api/me and signs out cleanly', async () => {
    const email = await verifiedUser()
    const client = t.client()
    await t.signIn(client, email)
    expect((await client.request('/api/auth/sign-out', { method: 'POST', json: {} })).status).toBe(200)
    expect((await client.request('/api/me')).status).toBe(401)
  })

  it('refuses a cookie kept from before the sign-out (401), everywhere a session is read', async () => {
    const email = await verifiedUser()
    const client = t.client()
    await t.signIn(client, email)
    const kept = copyOf(t, client)
    expect((await kept.request('/api/me')).status).toBe(200)
    expect((await client.request('/api/auth/sign-out', { method: 'POST', json: {} })).status).toBe(200)
    expect((await kept.request('/api/me')).status).toBe(401)
    expect((await kept.request('/api/alerts')).status).toBe(401)
    expect(await (await kept.request('/api/auth/get-session')).json()).toBeNull()
  })

  it('sign every session out when the password is reset', async () => {
    const email = await verifiedUser()
    const device = t.client()
    await t.signIn(device, email)
    expect((await device.request('/api/me')).status).toBe(200)
    const token = await resetToken(t, email)
    expect((await resetPassword(t, token, 'a-new-password')).status).toBe(200)
    expect((await device.request('/api/me')).status).toBe(401)
    expect((await t.signIn(t.client(), email, 'a-new-password')).status).toBe(200)
  })
})

describe('A9: cookie attributes over plain HTTP', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const email = await verifiedUser()
    const res = await t.signIn(t.client(), email)
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('faredrop.session_token='))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
  })
})

/** Checks every recorded Set-Cookie against A9; returns the cookie names and what each one lacks. */
function audit(seen: { request: string; setCookie: string }[]): { names: Set<string>; failures: string[] } {
  const names = new Set<string>()
  const failures: string[] = []
  for (const { request, setCookie } of seen) {
    const { name, attributes } = attributesOf(setCookie)
    names.add(name)
    const problems = [
      attributes.has('httponly') ? '' : 'not HttpOnly',
      attributes.has('secure') ? '' : 'not Secure',
      /^(lax|strict)$/i.test(attributes.get('samesite') ?? '') ? '' : 'no SameSite=Lax/Strict',
      /^__(Secure|Host)-/.test(name) ? '' : 'no __Secure-/__Host- prefix',
    ].filter(Boolean)
    if (problems.length) failures.push(`${request}: ${name} (${problems.join(', ')})`)
  }
  console.info(`[A9] https: ${seen.length} Set-Cookie headers, ${seen.length - failures.length} compliant; ${[...names].sort().join(', ')}`)
  return { names, failures }
}

describe('A9: every cookie, with an https PUBLIC_URL', () => {
  let secure: TestApp
  let idp: TestIdentityProvider
  /** Every Set-Cookie header the app sent, with the request that got it. */
  const seen: { request: string; setCookie: string }[] = []

  beforeAll(async () => {
    idp = await startIdentityProvider({ clients: [{ ...GOOGLE, redirect_uris: [`${HTTPS_ORIGIN}/api/auth/callback/google`] }] })
    secure = await createTestApp({
      PUBLIC_URL: HTTPS_ORIGIN,
      GOOGLE_CLIENT_ID: GOOGLE.client_id,
      GOOGLE_CLIENT_SECRET: GOOGLE.client_secret,
      OAUTH_GOOGLE_DISCOVERY_URL: idp.discoveryUrl,
    })
    // The test client speaks as the default origin; this app's only origin is HTTPS_ORIGIN, so its
    // requests are relabelled as a browser on that origin would send them, and each answer's cookies recorded.
    const request = secure.app.request.bind(secure.app)
    secure.app.request = (async (input: string, init: RequestInit = {}, ...rest: unknown[]) => {
      const headers = new Headers(init.headers)
      if (headers.get('origin') === TEST_ORIGIN) headers.set('origin', HTTPS_ORIGIN)
      const res = await (request as (...args: unknown[]) => Promise<Response>)(input, { ...init, headers }, ...rest)
      for (const setCookie of res.headers.getSetCookie()) seen.push({ request: `${init.method ?? 'GET'} ${input.split('?')[0]}`, setCookie })
      return res
    }) as typeof secure.app.request
  })
  afterAll(async () => {
    await secure?.close()
    await idp?.close()
  })

  it('are HttpOnly, SameSite, Secure and __Secure- (or __Host-) named: 100% of them, across every flow that sets one', async () => {
    // Sign-up, then the emailed link (signs in).
    const owner = secure.client()
    const email = uniqueEmail('a9-https')
    expect((await secure.signUp(owner, email)).status).toBe(200)
    expect((await secure.verifyFromEmail(owner, email)).status).toBe(200)
    // Password sign-in, remembered and not.
    const device = secure.client()
    expect((await secure.signIn(device, email)).status).toBe(200)
    expect((await secure.client().request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: TEST_PASSWORD, rememberMe: false } })).status).toBe(200)
    // Magic link.
    const linked = secure.client()
    expect((await linked.request(await magicLinkPath(secure, email))).status).toBe(302)
    expect((await linked.request('/api/me')).status).toBe(200)
    // Two-factor: the pending sign-in's cookie, then a trusted device.
    const { backupCodes } = await secure.enableTwoFactor(owner)
    const second = secure.client()
    expect(((await (await secure.signIn(second, email)).json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true)
    expect((await second.request('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code: backupCodes[0], trustDevice: true } })).status).toBe(200)
    // A provider sign-in: the flow's cookie, then the session.
    const visitor = secure.client()
    const started = await visitor.request('/api/auth/sign-in/social', { method: 'POST', json: { provider: 'google', callbackURL: '/' } })
    expect(started.status).toBe(200)
    const back = await idp.authorize(((await started.json()) as { url: string }).url, {
      sub: `a9-${Date.now()}`,
      email: uniqueEmail('a9-google'),
      email_verified: true,
    })
    const callback = new URL(back.url)
    expect((await visitor.request(`${callback.pathname}${callback.search}`)).status).toBe(302)
    expect((await visitor.request('/api/me')).status).toBe(200)
    // A reset (ends every session), and a sign-out.
    expect((await resetPassword(secure, await resetToken(secure, email), 'another password')).status).toBe(200)
    expect((await linked.request('/api/auth/sign-out', { method: 'POST', json: {} })).status).toBe(200)

    const { names, failures } = audit(seen.splice(0))
    expect([...names].sort()).toEqual([
      '__Secure-faredrop.dont_remember',
      '__Secure-faredrop.session_data',
      '__Secure-faredrop.session_token',
      '__Secure-faredrop.state',
      '__Secure-faredrop.trust_device',
      '__Secure-faredrop.two_factor',
    ])
    expect(failures).toEqual([])
  })

  it('the local mailbox’s cookie (its key traded for it) is HttpOnly, SameSite=Strict, Secure and __Secure- named too', async () => {
    expect((await secure.client().request('/api/dev/outbox-key', { method: 'POST', json: { key: secure.services.outboxKey } })).status).toBe(204)
    const { names, failures } = audit(seen.splice(0))
    expect(names.size).toBe(1)
    expect(failures).toEqual([])
  })
})
