import { expect } from 'vitest'
import type { BearerSession } from '#shared/bearer-session.ts'
import { TEST_PASSWORD, type TestApp } from './test-app.ts'

/** The iOS app's web view origin; Android's is https://localhost. */
export const IOS_APP_ORIGIN = 'capacitor://localhost'
export const ANDROID_APP_ORIGIN = 'https://localhost'

export interface AppRequest {
  method?: string
  json?: unknown
  body?: string
  access?: string
  headers?: Record<string, string>
  origin?: string
}

/**
 * Calls the test app as the native app's web view does (decision 036): its own origin, no
 * cookies, a bearer access token when it has one. `app` is read at each call (tests create it in
 * beforeAll).
 */
export function nativeAppClient(app: () => TestApp) {
  function fromApp(path: string, init: AppRequest = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    headers.set('origin', init.origin ?? IOS_APP_ORIGIN)
    headers.set('sec-fetch-site', 'cross-site')
    headers.set('sec-fetch-mode', 'cors')
    if (init.access !== undefined) headers.set('authorization', `Bearer ${init.access}`)
    let body = init.body
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    }
    return Promise.resolve(app().app.request(path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body }))
  }

  /** Signs in from the app with the password; answers the refresh token `set-auth-token` carried. */
  async function appSignIn(email: string, origin = IOS_APP_ORIGIN): Promise<string> {
    const res = await fromApp('/api/auth/sign-in/email', { json: { email, password: TEST_PASSWORD }, origin })
    expect(res.status).toBe(200)
    const token = res.headers.get('set-auth-token')
    expect(token).toBeTruthy()
    return token!
  }

  function refresh(refreshToken: string, origin = IOS_APP_ORIGIN): Promise<Response> {
    return fromApp('/api/auth/token', { json: { grant_type: 'refresh_token', refresh_token: refreshToken }, origin })
  }

  async function grant(refreshToken: string): Promise<BearerSession> {
    const res = await refresh(refreshToken)
    expect(res.status).toBe(200)
    return (await res.json()) as BearerSession
  }

  return { fromApp, appSignIn, refresh, grant }
}
