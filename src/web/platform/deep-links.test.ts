import { describe, expect, it } from 'vitest'
import { deepLinkPath, magicLinkQuery } from './deep-links.ts'

const SITE = 'https://faredrop.app'
const open = (link: unknown) => deepLinkPath(link, SITE)

describe('links that open a page of the app', () => {
  it('opens our site’s links to the pages emails, texts and notices point at, query and all', () => {
    expect(open('https://faredrop.app/verify-email?token=abc.def')).toBe('/verify-email?token=abc.def')
    expect(open('https://faredrop.app/auth?type=recovery&token=t1')).toBe('/auth?type=recovery&token=t1')
    expect(open('https://faredrop.app/search?from=JFK&to=LHR&pick=BA117.2026-12-10')).toBe('/search?from=JFK&to=LHR&pick=BA117.2026-12-10')
    expect(open('https://faredrop.app/alerts')).toBe('/alerts')
    expect(open('https://faredrop.app/auth/callback?provider=google')).toBe('/auth/callback?provider=google')
    expect(open('https://faredrop.app/alerts/')).toBe('/alerts')
    expect(open('https://FAREDROP.app:443/alerts#top')).toBe('/alerts#top')
  })

  it('opens the app’s own scheme with the page as host or as path', () => {
    expect(open('faredrop://auth/callback?provider=apple&code=x')).toBe('/auth/callback?provider=apple&code=x')
    expect(open('faredrop://verify-email?token=abc')).toBe('/verify-email?token=abc')
    expect(open('faredrop:///alerts')).toBe('/alerts')
    expect(open('faredrop://search?from=JFK')).toBe('/search?from=JFK')
  })

  it('ignores other pages of our site', () => {
    for (const link of [
      'https://faredrop.app/',
      'https://faredrop.app/admin',
      'https://faredrop.app/profile',
      'https://faredrop.app/api/auth/magic-link/verify?token=x&callbackURL=/',
      'https://faredrop.app/billing/portal?session=x',
      'https://faredrop.app/ALERTS',
      'faredrop://admin',
    ]) {
      expect(open(link), link).toBeNull()
    }
  })

  it('never opens another site, a script or a look-alike host', () => {
    for (const link of [
      'https://evil.example/alerts',
      'https://faredrop.app.evil.example/alerts',
      'https://evil.example/https://faredrop.app/alerts',
      'http://faredrop.app/alerts',
      'https://faredrop.app:8443/alerts',
      'https://user:pass@faredrop.app/alerts',
      'javascript:alert(1)//https://faredrop.app/alerts',
      'JavaScript:fetch("//evil.example")',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'intent://alerts#Intent;scheme=faredrop;end',
      'faredrop://evil.example/alerts',
      'faredrop:alerts',
      'faredrop://alerts:8080',
    ]) {
      expect(open(link), link).toBeNull()
    }
  })

  it('does not let encoded slashes, backslashes or dot segments reach another page or host', () => {
    for (const link of [
      'https://faredrop.app//evil.example/alerts',
      'https://faredrop.app/%2F%2Fevil.example',
      'https://faredrop.app/%2f%2fevil.example/alerts',
      'https://faredrop.app/alerts/../admin',
      'https://faredrop.app/alerts/%2e%2e/admin',
      'https://faredrop.app/search/..%2Fadmin',
      'https://faredrop.app/alerts%2F..%2Fadmin',
      'https://faredrop.app/alerts\\..\\admin',
      'https://faredrop.app/alerts?next=%5C%5Cevil.example',
      'faredrop:////evil.example',
      'faredrop:///%2F%2Fevil.example',
      'faredrop://alerts/../../admin',
      'faredrop://%2Fevil.example/alerts',
      'https://faredrop.app/alerts\r\nLocation: https://evil.example',
    ]) {
      expect(open(link), link).toBeNull()
    }
  })

  it('keeps a page’s own query even when it names another site: the page is still ours', () => {
    expect(open('https://faredrop.app/search?from=https://evil.example')).toBe('/search?from=https://evil.example')
  })

  it('ignores what is not a link at all', () => {
    for (const link of [undefined, null, 42, '', 'alerts', '/alerts', `https://faredrop.app/search?q=${'x'.repeat(2100)}`]) {
      expect(open(link)).toBeNull()
    }
  })
})

describe('magic links opened in the app', () => {
  const magic = (link: unknown) => magicLinkQuery(link, SITE)?.toString() ?? null

  it('takes an emailed sign-in link of our site, to be sent to the server as it came', () => {
    expect(magic('https://faredrop.app/api/auth/magic-link/verify?token=abc&callbackURL=%2F')).toBe('token=abc&callbackURL=%2F')
    expect(magic('faredrop:///api/auth/magic-link/verify?token=abc')).toBe('token=abc')
  })

  it('ignores one without a token, on another site, or on another path', () => {
    for (const link of [
      'https://faredrop.app/api/auth/magic-link/verify',
      'https://faredrop.app/api/auth/magic-link/verify?token=',
      'https://evil.example/api/auth/magic-link/verify?token=abc',
      'https://faredrop.app/api/auth/magic-link/verify/../../admin?token=abc',
      'https://faredrop.app/api/auth/sign-out?token=abc',
      'https://faredrop.app/verify-email?token=abc',
    ]) {
      expect(magic(link), link).toBeNull()
    }
  })

  it('is not a page: the app never navigates to the API', () => {
    expect(open('https://faredrop.app/api/auth/magic-link/verify?token=abc')).toBeNull()
  })
})
