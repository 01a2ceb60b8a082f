import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BearerSession } from '#shared/bearer-session.ts'
import { api, onUnauthorized } from './api-client.ts'
import {
  AUTO_REFRESH_TICK_MS,
  disableBearerSession,
  onBearerSignIn,
  enableBearerSession,
  EXPIRY_MARGIN_MS,
  MAX_REFRESH_ATTEMPTS,
  REFRESH_RETRY_BASE_MS,
  type RefreshTokenStore,
} from './bearer-session.ts'

const API = 'https://api.faredrop.example'
const TTL_S = 900

/** The platform's store, in memory, with what was written to it. */
function memoryStore(initial: string | null = 'refresh-1'): RefreshTokenStore & { token: string | null; writes: (string | null)[] } {
  const store = {
    token: initial,
    writes: [] as (string | null)[],
    read: async () => store.token,
    write: async (token: string | null) => {
      store.token = token
      store.writes.push(token)
    },
  }
  return store
}

interface Call {
  url: string
  init: RequestInit
  headers: Headers
  body: unknown
}

/** An answer of the token endpoint: a response, a function making one, or `null` for a fresh grant. */
type Answer = Response | (() => Response | Promise<Response>) | null

/**
 * fetch, faked: the token endpoint answers from `tokenAnswers` (in order; then a fresh grant each
 * time), every other call from `answer`.
 */
function fakeApi(options: { tokenAnswers?: Answer[]; answer?: (call: Call) => Response } = {}) {
  const calls: Call[] = []
  let issued = 0
  const queue = [...(options.tokenAnswers ?? [])]
  const grantFor = (refreshToken: string): Response => {
    issued++
    const body: BearerSession = {
      access_token: `access-${issued}`,
      token_type: 'bearer',
      expires_in: TTL_S,
      expires_at: Math.floor(Date.now() / 1000) + TTL_S,
      refresh_token: refreshToken,
      user: { id: 'u1', email: 'ana@example.com', email_confirmed_at: null, identities: [], factors: [] },
    }
    return Response.json(body)
  }
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = { url, init, headers: new Headers(init.headers), body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined }
    calls.push(call)
    if (url === `${API}/api/auth/token`) {
      const next = queue.shift()
      if (next instanceof Response) return next
      if (next) return next()
      return grantFor((call.body as { refresh_token: string }).refresh_token)
    }
    return options.answer?.(call) ?? Response.json({ ok: true })
  })
  return {
    calls,
    grants: () => calls.filter((c) => c.url.endsWith('/api/auth/token')),
    others: () => calls.filter((c) => !c.url.endsWith('/api/auth/token')),
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') })
})
afterEach(() => {
  disableBearerSession()
  vi.useRealTimers()
})

describe('bearer mode', () => {
  it('refreshes first, then calls the API origin without cookies and with the access token', async () => {
    const fake = fakeApi()
    const store = memoryStore()
    enableBearerSession({ apiOrigin: `${API}/`, store })
    await api('GET /api/alerts')

    const [grant] = fake.grants()
    expect(grant!.init.method).toBe('POST')
    expect(grant!.body).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1' })
    expect(grant!.init.credentials).toBe('omit')
    const [call] = fake.others()
    expect(call!.url).toBe(`${API}/api/alerts`)
    expect(call!.init.credentials).toBe('omit')
    expect(call!.headers.get('authorization')).toBe('Bearer access-1')
  })

  it('reuses the access token until it is within the margin of expiry, then refreshes before the call', async () => {
    const fake = fakeApi()
    enableBearerSession({ apiOrigin: API, store: memoryStore() })
    await api('GET /api/alerts')
    vi.setSystemTime(Date.now() + TTL_S * 1000 - EXPIRY_MARGIN_MS - 1000)
    await api('GET /api/alerts')
    expect(fake.grants()).toHaveLength(1)
    expect(fake.others()[1]!.headers.get('authorization')).toBe('Bearer access-1')

    vi.setSystemTime(Date.now() + 2000)
    await api('GET /api/alerts')
    expect(fake.grants()).toHaveLength(2)
    expect(fake.others()[2]!.headers.get('authorization')).toBe('Bearer access-2')
  })

  it('makes one refresh for many calls at once', async () => {
    const fake = fakeApi()
    enableBearerSession({ apiOrigin: API, store: memoryStore() })
    await Promise.all([api('GET /api/alerts'), api('GET /api/me'), api('GET /api/alerts/quota')])
    expect(fake.grants()).toHaveLength(1)
    expect(fake.others().map((c) => c.headers.get('authorization'))).toEqual(['Bearer access-1', 'Bearer access-1', 'Bearer access-1'])
  })

  it('backs off 200 ms × 2^n on a refresh that failed on the way, and keeps the session', async () => {
    const offline = () => Promise.reject(new TypeError('Failed to fetch'))
    const fake = fakeApi({ tokenAnswers: [new Response(null, { status: 503 }), offline, Response.json({}, { status: 429 })] })
    const store = memoryStore()
    enableBearerSession({ apiOrigin: API, store })
    const done = api('GET /api/alerts')

    await vi.advanceTimersByTimeAsync(0)
    expect(fake.grants()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_BASE_MS - 1)
    expect(fake.grants()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fake.grants()).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_BASE_MS * 2 - 1)
    expect(fake.grants()).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(fake.grants()).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_BASE_MS * 4)
    expect(fake.grants()).toHaveLength(4)

    await done
    expect(fake.others()[0]!.headers.get('authorization')).toBe('Bearer access-1')
    expect(store.writes).toEqual([])
  })

  it('gives up after the last attempt as offline, keeping the refresh token for the next call', async () => {
    const failing = Array.from({ length: MAX_REFRESH_ATTEMPTS }, () => new Response(null, { status: 502 }))
    const fake = fakeApi({ tokenAnswers: failing })
    const store = memoryStore()
    enableBearerSession({ apiOrigin: API, store })
    const result = api('GET /api/alerts').catch((error: unknown) => error)
    // 200 + 400 + 800 + 1600 + 3200 ms of waiting between the attempts.
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_BASE_MS * (2 ** (MAX_REFRESH_ATTEMPTS - 1) - 1))
    expect(await result).toMatchObject({ status: 0, code: 'network' })
    expect(fake.grants()).toHaveLength(MAX_REFRESH_ATTEMPTS)
    expect(fake.others()).toHaveLength(0)
    expect(store.token).toBe('refresh-1')

    await api('GET /api/alerts')
    expect(fake.others()[0]!.headers.get('authorization')).toBe('Bearer access-1')
  })

  it('removes the session on a refusal (401 or 400), tells the unauthorized listener, and calls on signed out', async () => {
    for (const status of [401, 400]) {
      const fake = fakeApi({ tokenAnswers: [Response.json({ error: { code: 'unauthorized', reason: 'SESSION_ENDED' } }, { status })] })
      const store = memoryStore()
      const listener = vi.fn()
      const stop = onUnauthorized(listener)
      enableBearerSession({ apiOrigin: API, store })
      await api('GET /api/session')
      stop()
      expect(fake.grants()).toHaveLength(1)
      expect(store.writes).toEqual([null])
      expect(listener).toHaveBeenCalledTimes(1)
      expect(fake.others()[0]!.headers.has('authorization')).toBe(false)
      // No refresh token left: no more grants.
      await api('GET /api/session')
      expect(fake.grants()).toHaveLength(1)
    }
  })

  it('sends no token and asks for none while signed out', async () => {
    const fake = fakeApi()
    enableBearerSession({ apiOrigin: API, store: memoryStore(null) })
    await api('GET /api/session')
    expect(fake.grants()).toHaveLength(0)
    expect(fake.others()[0]!.headers.has('authorization')).toBe(false)
  })

  it('keeps the set-auth-token of any answer as the new refresh token and drops the old access token', async () => {
    const fake = fakeApi({
      answer: (call) => (call.url.endsWith('/sign-in/email') ? Response.json({ token: 'x' }, { headers: { 'set-auth-token': 'refresh-2' } }) : Response.json({})),
    })
    const store = memoryStore(null)
    enableBearerSession({ apiOrigin: API, store })
    await api('POST /api/auth/sign-in/email', { json: { email: 'ana@example.com', password: 'pw' } })
    expect(store.writes).toEqual(['refresh-2'])
    await api('GET /api/me')
    expect(fake.grants()[0]!.body).toMatchObject({ refresh_token: 'refresh-2' })
    expect(fake.others()[1]!.headers.get('authorization')).toBe('Bearer access-1')
  })

  it('tells the sign-in listeners once the new session is stored, and only for a new one', async () => {
    fakeApi({ answer: (call) => (call.url.endsWith('/sign-in/email') ? Response.json({ token: 'x' }, { headers: { 'set-auth-token': 'refresh-7' } }) : Response.json({})) })
    const store = memoryStore(null)
    enableBearerSession({ apiOrigin: API, store })
    const signedIn = vi.fn(() => expect(store.writes).toEqual(['refresh-7']))
    const stop = onBearerSignIn(signedIn)
    await api('POST /api/auth/sign-in/email', { json: { email: 'ana@example.com', password: 'pw' } })
    await vi.runOnlyPendingTimersAsync()
    expect(signedIn).toHaveBeenCalledTimes(1)

    await api('GET /api/me')
    await vi.runOnlyPendingTimersAsync()
    expect(signedIn).toHaveBeenCalledTimes(1)
    stop()
  })

  it('clears the store after sign-out, whatever the server answered', async () => {
    for (const status of [200, 401, 404]) {
      fakeApi({ answer: (call) => (call.url.endsWith('/sign-out') ? Response.json({}, { status }) : Response.json({})) })
      const store = memoryStore()
      enableBearerSession({ apiOrigin: API, store })
      await api('POST /api/auth/sign-out', { json: {} }).catch(() => {})
      expect(store.writes).toEqual([null])
    }
  })

  it('refreshes on its own before expiry (the auto-refresh tick), without any call', async () => {
    const fake = fakeApi()
    enableBearerSession({ apiOrigin: API, store: memoryStore() })
    await api('GET /api/me')
    // Nothing to do while the token has more than the margin and a tick left.
    await vi.advanceTimersByTimeAsync(TTL_S * 1000 - EXPIRY_MARGIN_MS - 2 * AUTO_REFRESH_TICK_MS)
    expect(fake.grants()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_TICK_MS)
    expect(fake.grants()).toHaveLength(2)
    await api('GET /api/me')
    expect(fake.others()[1]!.headers.get('authorization')).toBe('Bearer access-2')
  })

  it('on a token the server refuses, refreshes once and repeats the call; a refused refresh ends the session', async () => {
    const refused = () => new Response(JSON.stringify({ error: { code: 'unauthorized' } }), { status: 401, headers: { 'www-authenticate': 'Bearer error="invalid_token"' } })
    let first = true
    const fake = fakeApi({
      answer: (call) => {
        if (call.headers.get('authorization') === 'Bearer access-1' && first) {
          first = false
          return refused()
        }
        return Response.json({ user: null })
      },
    })
    enableBearerSession({ apiOrigin: API, store: memoryStore() })
    await api('GET /api/session')
    expect(fake.grants()).toHaveLength(2)
    expect(fake.others().map((c) => c.headers.get('authorization'))).toEqual(['Bearer access-1', 'Bearer access-2'])

    // Now the session is gone on the server: the call is refused, and so is the refresh that follows.
    disableBearerSession()
    const gone = fakeApi({ tokenAnswers: [null, Response.json({ error: { reason: 'SESSION_ENDED' } }, { status: 401 })], answer: () => refused() })
    const store = memoryStore()
    const listener = vi.fn()
    const stop = onUnauthorized(listener)
    enableBearerSession({ apiOrigin: API, store })
    await expect(api('GET /api/me')).rejects.toMatchObject({ status: 401 })
    stop()
    expect(gone.grants()).toHaveLength(2)
    expect(gone.others()).toHaveLength(1)
    expect(store.writes).toEqual([null])
    expect(listener).toHaveBeenCalled()
  })

  it('carries a pending second step’s challenge on the auth calls that finish it', async () => {
    const fake = fakeApi({
      answer: (call) =>
        call.url.endsWith('/sign-in/email')
          ? Response.json({ twoFactorRedirect: true }, { headers: { 'set-two-factor-challenge': 'challenge-1' } })
          : call.url.endsWith('/verify-totp')
            ? Response.json({ token: 't' }, { headers: { 'set-auth-token': 'refresh-9' } })
            : Response.json({}),
    })
    const store = memoryStore(null)
    enableBearerSession({ apiOrigin: API, store })
    await api('POST /api/auth/sign-in/email', { json: {} })
    await api('GET /api/alerts')
    await api('POST /api/auth/two-factor/verify-totp', { json: { code: '123456' } })
    await api('POST /api/auth/two-factor/verify-totp', { json: { code: '123456' } })
    const [, alerts, verify, again] = fake.others()
    expect(alerts!.headers.has('x-two-factor-challenge')).toBe(false)
    expect(verify!.headers.get('x-two-factor-challenge')).toBe('challenge-1')
    // Signed in: the challenge is spent.
    expect(again!.headers.has('x-two-factor-challenge')).toBe(false)
    expect(store.token).toBe('refresh-9')
  })

  it('goes back to same-origin cookie calls when switched off', async () => {
    const fake = fakeApi()
    enableBearerSession({ apiOrigin: API, store: memoryStore() })
    disableBearerSession()
    await api('GET /api/alerts')
    expect(fake.calls).toHaveLength(1)
    expect(fake.calls[0]!.url).toBe('/api/alerts')
    expect(fake.calls[0]!.init.credentials).toBe('same-origin')
  })
})
