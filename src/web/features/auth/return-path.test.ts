import { describe, expect, it } from 'vitest'
import { postSignInPath } from './post-sign-in-path.ts'
import { rememberPendingPlan } from '../pricing/pending-plan.ts'
import { forgetReturnPath, rememberReturnPath, RETURN_PATH_MAX_AGE_MS, returnPath, safeReturnPath } from './return-path.ts'

/** `/auth?redirect=` (issue 16): back to the page that asked for the sign-in, and only to pages of this site. */
describe('the page to come back to after signing in', () => {
  const origin = window.location.origin

  it('keeps a page of this site as a local path', () => {
    expect(safeReturnPath('/search?trip=one-way&from=JFK&track=1')).toBe('/search?trip=one-way&from=JFK&track=1')
    expect(safeReturnPath(`${origin}/alerts#list`)).toBe('/alerts#list')
  })

  it('refuses other sites however they are written, and the sign-in pages themselves', () => {
    for (const hostile of [
      'https://evil.example/search',
      '//evil.example/search',
      '/\\evil.example',
      '/%5Cevil.example',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/search\u0000?x=1',
      `https://user:pass@${new URL(origin).host}/search`,
      'x'.repeat(3000),
      '/auth?redirect=/auth',
      '/auth/callback',
      '/verify-email?token=x',
      '',
      null,
      42,
    ]) {
      expect(safeReturnPath(hostile), String(hostile).slice(0, 60)).toBeNull()
    }
    // Resolved by the browser's own rules onto our origin, with the double slash collapsed.
    expect(safeReturnPath('/.//evil.example')).toBe('/evil.example')
  })

  it('is where every sign-in leads for 30 minutes, after a plan chosen while signed out', () => {
    const at = Date.parse('2026-11-28T10:00:00Z')
    expect(rememberReturnPath('/search?from=JFK&to=LHR&track=1', at)).toBe(true)
    expect(postSignInPath(at + 60_000)).toBe('/search?from=JFK&to=LHR&track=1')
    // Read, not consumed: the auth page and the sign-in form both ask.
    expect(postSignInPath(at + 120_000)).toBe('/search?from=JFK&to=LHR&track=1')
    expect(returnPath(at + RETURN_PATH_MAX_AGE_MS + 1)).toBeNull()
    expect(postSignInPath(at + RETURN_PATH_MAX_AGE_MS + 2)).toBe('/alerts')

    rememberReturnPath('/search?from=JFK', at)
    rememberPendingPlan('elite_monthly', at)
    expect(postSignInPath(at + 1)).toBe('/profile?plan=elite_monthly#subscription')
  })

  it('remembers nothing for a hostile target, and is forgotten once reached', () => {
    expect(rememberReturnPath('https://evil.example/')).toBe(false)
    expect(postSignInPath()).toBe('/alerts')
    rememberReturnPath('/search?from=JFK')
    forgetReturnPath()
    expect(postSignInPath()).toBe('/alerts')
  })
})
