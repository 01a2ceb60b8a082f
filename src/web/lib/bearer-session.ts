import {
  SET_AUTH_TOKEN_HEADER,
  SET_TWO_FACTOR_CHALLENGE_HEADER,
  TOKEN_PATH,
  TWO_FACTOR_CHALLENGE_HEADER,
  type BearerSession,
} from '#shared/bearer-session.ts'
import { apiTransport, unauthorized } from './api-client.ts'

/**
 * The native app's session (decision 036). A page on capacitor://localhost or https://localhost
 * can't send the API's cookies, so in the app `api()` goes through this instead: absolute URLs on
 * the API's origin, no cookies, `Authorization: Bearer <access token>`. The refresh token (the
 * `set-auth-token` a sign-in answers) lives in the platform's store; the access token (15 minutes)
 * only in memory. Loaded only through a dynamic import from the platform module: the web build's
 * pages never carry it.
 */

/** Where the app keeps its refresh token between launches (the platform module's choice). */
export interface RefreshTokenStore {
  read(): Promise<string | null>
  write(token: string | null): Promise<void>
}

/** An access token this close to its expiry counts as expired: it is refreshed before use. */
export const EXPIRY_MARGIN_MS = 60_000
/** How often the auto-refresh looks at the access token; it refreshes one expiring before the next look. */
export const AUTO_REFRESH_TICK_MS = 30_000
/** Retries of a refresh that failed on the way (network, 5xx, 429) wait 200 ms × 2^n… */
export const REFRESH_RETRY_BASE_MS = 200
/** …up to this many attempts in all (about 6 s); the call then fails as offline, and the session stays. */
export const MAX_REFRESH_ATTEMPTS = 6

const SIGN_OUT_PATH = '/api/auth/sign-out'

interface BearerState {
  apiOrigin: string
  store: RefreshTokenStore
  /** undefined until read from the store. */
  refreshToken: string | null | undefined
  access: { token: string; expiresAt: number } | null
  /** The refresh under way, shared by every caller (one at a time). */
  refreshing: Promise<string | null> | null
  /** Bumped whenever the session changes (signed in, ended): a refresh of the one before is dropped. */
  generation: number
  /** A pending sign-in's second step (the server's two_factor cookie, which the app can't hold). */
  challenge: string | null
  tick: ReturnType<typeof setInterval>
}

let state: BearerState | null = null

const signedInListeners = new Set<() => void>()

/**
 * Runs `listener` each time the app gets a new session (a sign-in, a magic link opened in the
 * app), after it is stored: the native push token is registered for the new session then.
 */
export function onBearerSignIn(listener: () => void): () => void {
  signedInListeners.add(listener)
  return () => void signedInListeners.delete(listener)
}

/** Switches the api client to bearer mode for the native app: absolute URLs on apiOrigin, no cookies, Authorization: Bearer <access>. */
export function enableBearerSession(options: { apiOrigin: string; store: RefreshTokenStore }): void {
  disableBearerSession()
  const s: BearerState = {
    apiOrigin: options.apiOrigin.replace(/\/+$/, ''),
    store: options.store,
    refreshToken: undefined,
    access: null,
    refreshing: null,
    generation: 0,
    challenge: null,
    tick: setInterval(() => void autoRefresh(s), AUTO_REFRESH_TICK_MS),
  }
  state = s
  apiTransport.origin = s.apiOrigin
  apiTransport.send = (path, init) => send(s, path, init)
}

/** Back to the web's same-origin cookie calls (tests; an app that signs its pages out of bearer mode). */
export function disableBearerSession(): void {
  if (!state) return
  clearInterval(state.tick)
  state = null
  apiTransport.origin = ''
  apiTransport.send = (path, init) => fetch(path, init)
}

async function send(s: BearerState, path: string, init: RequestInit): Promise<Response> {
  try {
    const access = await accessToken(s)
    const res = await call(s, path, init, access)
    // Refused although fresh here (the server's clock, or the session ended): one refresh decides.
    if (res.status === 401 && access !== null && res.headers.get('www-authenticate')?.includes('invalid_token')) {
      if (s.access?.token === access) s.access = null
      const renewed = await accessToken(s)
      if (renewed !== null) return await call(s, path, init, renewed)
    }
    return res
  } finally {
    // Signed out, whatever the server said (spec: a sign-out's 401/403/404 is ignored, the local session cleared).
    if (path === SIGN_OUT_PATH) await endSession(s, false)
  }
}

async function call(s: BearerState, path: string, init: RequestInit, access: string | null): Promise<Response> {
  const headers = new Headers(init.headers)
  if (access !== null) headers.set('authorization', `Bearer ${access}`)
  if (s.challenge !== null && path.startsWith('/api/auth/')) headers.set(TWO_FACTOR_CHALLENGE_HEADER, s.challenge)
  const res = await fetch(`${s.apiOrigin}${path}`, { ...init, headers, credentials: 'omit' })
  const challenge = res.headers.get(SET_TWO_FACTOR_CHALLENGE_HEADER)
  if (challenge) s.challenge = challenge
  const token = res.headers.get(SET_AUTH_TOKEN_HEADER)
  if (token && token !== (await readRefreshToken(s))) {
    // A new session (a sign-in, a link opened in the app): the access token of the old one goes.
    s.generation++
    s.refreshToken = token
    s.access = null
    s.challenge = null
    await s.store.write(token)
    // After this answer is handled: listeners call the API with the new session.
    for (const listener of signedInListeners) setTimeout(listener, 0)
  }
  return res
}

async function readRefreshToken(s: BearerState): Promise<string | null> {
  if (s.refreshToken === undefined) {
    const stored = await s.store.read()
    s.refreshToken ??= stored
  }
  return s.refreshToken
}

/** The access token to send: the one held unless it is within the margin of expiry, else a fresh one; null when signed out. */
function accessToken(s: BearerState): Promise<string | null> {
  if (s.access && s.access.expiresAt - Date.now() > EXPIRY_MARGIN_MS) return Promise.resolve(s.access.token)
  return refresh(s)
}

function refresh(s: BearerState): Promise<string | null> {
  s.refreshing ??= runRefresh(s).finally(() => {
    s.refreshing = null
  })
  return s.refreshing
}

const retryable = (status: number) => status === 408 || status === 429 || status >= 500

async function runRefresh(s: BearerState): Promise<string | null> {
  const generation = s.generation
  const refreshToken = await readRefreshToken(s)
  if (refreshToken === null) return null
  for (let attempt = 0; ; attempt++) {
    let res: Response | null = null
    try {
      res = await fetch(`${s.apiOrigin}${TOKEN_PATH}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: refreshToken }),
        credentials: 'omit',
      })
    } catch {
      // Offline or unreachable: worth another try.
    }
    // The session changed meanwhile (a sign-in): this answer is about the old one.
    if (s.generation !== generation) return runRefresh(s)
    if (res?.ok) {
      const session = (await res.json()) as BearerSession
      // The device's clock, not the server's `expires_at`: a phone's clock may be off by minutes.
      s.access = { token: session.access_token, expiresAt: Date.now() + session.expires_in * 1000 }
      if (session.refresh_token !== refreshToken) {
        s.refreshToken = session.refresh_token
        await s.store.write(session.refresh_token)
      }
      return session.access_token
    }
    if (res && !retryable(res.status)) {
      // Refused for good (the session ended, the token is not one): removed, and the app told.
      await endSession(s, true)
      return null
    }
    if (attempt + 1 >= MAX_REFRESH_ATTEMPTS) throw new TypeError('The session could not be refreshed.')
    await new Promise((resolve) => setTimeout(resolve, REFRESH_RETRY_BASE_MS * 2 ** attempt))
  }
}

async function endSession(s: BearerState, tellTheApp: boolean): Promise<void> {
  s.generation++
  s.refreshToken = null
  s.access = null
  s.challenge = null
  await s.store.write(null)
  // The same listener a 401 reaches (app/session-watch.ts): the page signs itself out and says why.
  if (tellTheApp) unauthorized()
}

/** Refreshes an access token that would expire before the next tick, so calls rarely wait for one. */
async function autoRefresh(s: BearerState): Promise<void> {
  if (state !== s || !s.access || s.access.expiresAt - Date.now() > EXPIRY_MARGIN_MS + AUTO_REFRESH_TICK_MS) return
  // A failed tick is tried again at the next one, or by the next call.
  await refresh(s).catch(() => {})
}
