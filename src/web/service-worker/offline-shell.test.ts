import { describe, expect, it } from 'vitest'
import { NOT_PAGES, withFreshNonce } from './offline-shell.ts'

const POLICY = (nonce: string) => `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'`

function cachedShell(nonce: string) {
  const html = `<html><head><meta property="csp-nonce" nonce="${nonce}"><script nonce="${nonce}">theme()</script></head><body></body></html>`
  return new Response(html, {
    headers: { 'content-type': 'text/html; charset=UTF-8', 'content-security-policy': POLICY(nonce), 'content-encoding': 'gzip', 'content-length': '99' },
  })
}

describe('the offline app shell', () => {
  it('gets a nonce of its own on every use, in its policy and on its scripts alike', async () => {
    const first = await withFreshNonce(cachedShell('cached+nonce/1=='))
    const second = await withFreshNonce(cachedShell('cached+nonce/1=='))
    const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy')!)![1]!
    const [a, b] = [nonceOf(first), nonceOf(second)]
    expect(a).not.toBe('cached+nonce/1==')
    expect(a).not.toBe(b)
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(first.headers.get('content-security-policy')).toBe(POLICY(a))
    const html = await first.text()
    expect(html).toContain(`<script nonce="${a}">theme()</script>`)
    expect(html).toContain(`<meta property="csp-nonce" nonce="${a}">`)
    expect(html).not.toContain('cached+nonce')
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('text/html; charset=UTF-8')
    // The body is plain text now: no stale encoding or length.
    expect(first.headers.get('content-encoding')).toBeNull()
    expect(first.headers.get('content-length')).toBeNull()
  })

  it('passes a shell without a nonce through as it is', async () => {
    const plain = new Response('<html></html>')
    expect(await withFreshNonce(plain)).toBe(plain)
  })

  it('is never used for the API, metrics or files, only for pages', () => {
    const notPage = (path: string) => NOT_PAGES.some((pattern) => pattern.test(path))
    for (const path of ['/api/auth/verify-email', '/api/alerts', '/metrics', '/sw.js', '/assets/app-1.js', '/manifest.webmanifest']) expect(notPage(path), path).toBe(true)
    for (const path of ['/', '/alerts', '/search', '/billing/checkout/cs_test_local_1', '/admin/debug']) expect(notPage(path), path).toBe(false)
  })
})
