import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HOSTILE_REDIRECTS as HOSTILE } from '#tests/support/hostile-redirects.ts'
import { localPath, sameOriginUrl } from './safe-redirect.ts'

const ORIGIN = 'http://localhost:3000'

/** Odd but harmless: each resolves to a page on our own origin. */
const SAME_ORIGIN = [
  '/profile?success=true',
  '/profile#subscription',
  'http://localhost:3000/profile',
  'HTTP://LOCALHOST:3000/profile',
  'profile',
  '/./profile',
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/%2F%2Fevil.example',
  '%2F%2Fevil.example',
  '/ /evil.example',
  'http:evil.example',
]

describe('the one redirect guard', () => {
  it(`refuses ${HOSTILE.length} hostile shapes: 0 leave the site`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(50)
    const leaks = HOSTILE.filter((target) => sameOriginUrl(target, ORIGIN) !== null)
    expect(leaks).toEqual([])
  })

  it('keeps same-origin targets on our origin, with no path a browser could read as another host', () => {
    for (const target of SAME_ORIGIN) {
      const url = sameOriginUrl(target, ORIGIN)
      expect(url?.origin, target).toBe(ORIGIN)
      expect(url!.pathname.startsWith('//'), target).toBe(false)
      // What the web app navigates to, read back by a browser, stays here too.
      expect(new URL(localPath(url!), ORIGIN).origin, target).toBe(ORIGIN)
    }
    expect(sameOriginUrl('/profile?success=true', ORIGIN)?.href).toBe('http://localhost:3000/profile?success=true')
    expect(sameOriginUrl('/.//evil.example', ORIGIN)?.href).toBe('http://localhost:3000/evil.example')
  })

  it('never answers a URL off our origin, for any input (property, seeded)', () => {
    const pieces = fc.constantFrom('/', '//', '\\', '.', '..', '%2e', '%2f', '%5c', '@', ':', '?', '#', 'evil.example', 'localhost:3000', 'http:', 'https:', 'javascript:', '\t', ' ', '%00', 'ﬀ', 'о')
    const target = fc.oneof(fc.string(), fc.webUrl(), fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join('')))
    fc.assert(
      fc.property(target, (input) => {
        const url = sameOriginUrl(input, ORIGIN)
        if (url === null) return true
        return url.origin === ORIGIN && !url.pathname.startsWith('//') && new URL(localPath(url), ORIGIN).origin === ORIGIN
      }),
      { numRuns: 2_000, seed: 42 },
    )
  })
})
