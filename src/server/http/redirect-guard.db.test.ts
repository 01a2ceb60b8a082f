import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOSTILE_REDIRECTS, NORMALISED_OFF_SITE } from '#tests/support/hostile-redirects.ts'
import { createTestApp, TEST_ORIGIN, TEST_PASSWORD, uniqueEmail, type TestApp } from '#tests/support/test-app.ts'
import { OFF_SITE_REDIRECT_MESSAGE } from './redirect-guard.ts'

/**
 * Security target A10 over HTTP: every redirect target the server honours, named in a query or a
 * body, with every hostile shape of the table. 0 answers may send the browser off our origin.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const q = encodeURIComponent

/** Where each request names a redirect target: a GET with the target in its query, or a JSON POST. */
const ENTRY_POINTS: { name: string; send: (target: string) => Promise<Response> }[] = [
  { name: 'verify-email callbackURL', send: (s) => t.client().request(`/api/auth/verify-email?token=x&callbackURL=${q(s)}`) },
  { name: 'magic-link/verify callbackURL', send: (s) => t.client().request(`/api/auth/magic-link/verify?token=x&callbackURL=${q(s)}`) },
  { name: 'magic-link/verify errorCallbackURL', send: (s) => t.client().request(`/api/auth/magic-link/verify?token=x&callbackURL=%2F&errorCallbackURL=${q(s)}`) },
  { name: 'reset-password callbackURL', send: (s) => t.client().request(`/api/auth/reset-password/x?callbackURL=${q(s)}`) },
  { name: 'delete-user/callback callbackURL', send: (s) => t.client().request(`/api/auth/delete-user/callback?token=x&callbackURL=${q(s)}`) },
  {
    name: 'sign-up callbackURL',
    send: (s) => t.client().request('/api/auth/sign-up/email', { method: 'POST', json: { email: uniqueEmail('a10'), password: TEST_PASSWORD, name: 'A Ten', callbackURL: s } }),
  },
  { name: 'magic link callbackURL', send: (s) => t.client().request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email: uniqueEmail('a10'), callbackURL: s } }) },
  {
    name: 'magic link newUserCallbackURL',
    send: (s) => t.client().request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email: uniqueEmail('a10'), callbackURL: '/', newUserCallbackURL: s } }),
  },
  { name: 'password reset redirectTo', send: (s) => t.client().request('/api/auth/request-password-reset', { method: 'POST', json: { email: uniqueEmail('a10'), redirectTo: s } }) },
  { name: 'social sign-in callbackURL', send: (s) => t.client().request('/api/auth/sign-in/social', { method: 'POST', json: { provider: 'google', callbackURL: s } }) },
  {
    name: 'social sign-in errorCallbackURL',
    send: (s) => t.client().request('/api/auth/sign-in/social', { method: 'POST', json: { provider: 'google', callbackURL: '/', errorCallbackURL: s } }),
  },
  { name: 'resend verification callbackURL', send: (s) => t.client().request('/api/auth/send-verification-email', { method: 'POST', json: { email: uniqueEmail('a10'), callbackURL: s } }) },
]

/** Where a response would send the browser, if anywhere: its Location, resolved as a browser does. */
function destination(res: Response): URL | null {
  const location = res.headers.get('location')
  return location === null ? null : new URL(location, TEST_ORIGIN)
}

describe('A10: no redirect leaves the site', () => {
  it(`refuses ${HOSTILE_REDIRECTS.length} hostile shapes at ${ENTRY_POINTS.length} entry points with a 400 before anything runs`, async () => {
    expect(HOSTILE_REDIRECTS.length).toBeGreaterThanOrEqual(50)
    const offSite: string[] = []
    const notRefused: string[] = []
    for (const entry of ENTRY_POINTS) {
      for (const shape of HOSTILE_REDIRECTS) {
        const res = await entry.send(shape)
        const to = destination(res)
        if (to && to.origin !== TEST_ORIGIN) offSite.push(`${entry.name} ${JSON.stringify(shape)} → ${to.href}`)
        if (res.status !== 400) notRefused.push(`${entry.name} ${JSON.stringify(shape)} → ${res.status}`)
        // A shape with a NUL in a body is refused one step earlier, by the edge's input check.
        else expect((await res.json()) as unknown).toMatchObject({ error: { code: 'validation_failed', message: shape.includes('\u0000') ? expect.stringMatching(/redirect|NUL/i) : OFF_SITE_REDIRECT_MESSAGE } })
      }
    }
    expect(offSite).toEqual([])
    expect(notRefused).toEqual([])
  })

  it('sends paths that a library would normalise into another host (/.//evil.example) to our own pages', async () => {
    const offSite: string[] = []
    for (const entry of ENTRY_POINTS) {
      for (const shape of NORMALISED_OFF_SITE) {
        const res = await entry.send(shape)
        expect(res.status, `${entry.name} ${shape}`).toBeLessThan(500)
        const to = destination(res)
        if (to && (to.origin !== TEST_ORIGIN || to.pathname.startsWith('//'))) offSite.push(`${entry.name} ${shape} → ${to.href}`)
        // The raw header too: a relative `//host` would be another site to the browser.
        if (res.headers.get('location')?.startsWith('//')) offSite.push(`${entry.name} ${shape} → ${res.headers.get('location')}`)
      }
    }
    expect(offSite).toEqual([])
  })

  it('the report’s case: verify-email with /.//evil.example answers a redirect to our origin, not //evil.example', async () => {
    const res = await t.client().request('/api/auth/verify-email?token=x&callbackURL=%2F.%2F%2Fevil.example')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toMatch(new RegExp(`^${TEST_ORIGIN}/`))
  })

  it('a magic link emailed with a normalised-away callback still brings its reader back to our site, signed in', async () => {
    const client = t.client()
    const email = uniqueEmail('a10')
    await t.signUp(client, email)
    await t.verifyFromEmail(client, email)
    const asked = await t.client().request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email, callbackURL: '/.//evil.example' } })
    expect(asked.status).toBe(200)
    const link = (await t.lastEmail(email))!.links.find((l) => l.includes('magic-link'))!
    const reader = t.client()
    const opened = await reader.request(link.replace(TEST_ORIGIN, ''))
    expect(destination(opened)?.origin).toBe(TEST_ORIGIN)
    expect(destination(opened)?.pathname.startsWith('//')).toBe(false)
    expect((await reader.request('/api/me')).status).toBe(200)
  })

  it('keeps ordinary targets working: a same-origin callback is followed', async () => {
    const res = await t.client().request('/api/auth/verify-email?token=x&callbackURL=%2Fauth')
    expect(res.status).toBe(302)
    expect(destination(res)?.href).toBe(`${TEST_ORIGIN}/auth?error=INVALID_TOKEN`)
  })
})
