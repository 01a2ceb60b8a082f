import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { localPath, sameOriginUrl } from './safe-redirect.ts'

const ORIGIN = 'http://localhost:3000'

/** Shapes attackers use to leave a site through a redirect parameter (security target A10). */
const HOSTILE = [
  '//evil.example',
  '///evil.example',
  '////evil.example/path',
  ' //evil.example',
  '\t//evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  'http:/\\evil.example',
  'https://evil.example',
  'http://evil.example/profile',
  'HTTPS://EVIL.EXAMPLE',
  'https:evil.example',
  'https:/evil.example',
  'ftp://evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'http://localhost:3000@evil.example',
  '//localhost:3000@evil.example',
  'http://user:pass@localhost:3000/profile',
  'http://localhost:3000\\@evil.example',
  'http://evil.example#@localhost:3000',
  'http://evil.example?@localhost:3000',
  'http://localhost:3000.evil.example',
  'http://localhost:3001/profile',
  'https://localhost:3000/profile',
  'http://127.0.0.1:3000/profile',
  'http://[::1]:3000/',
  'http://xn--lcalhost-3wf:3000/',
  'http://lоcalhost:3000/',
  'http://evil。example/',
  '//%65vil.example',
  '//evil%2Eexample',
  '%5C%5Cevil.example',
  '/%5Cevil.example',
  '/%5C%5Cevil.example',
  '/%09/evil.example',
  '/%0d%0aSet-Cookie:%20x=1',
  '/profile\r\nLocation: https://evil.example',
  '/profile\nSet-Cookie: session=1',
  '/\u0000//evil.example',
  '\u0000//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  'https://evil.example/?next=http://localhost:3000',
  'http://localhost:3000:80/',
  'x'.repeat(5_000),
  '',
]

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
