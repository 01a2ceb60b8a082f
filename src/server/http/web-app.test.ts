import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createWebApp, PRERENDERED_DIR, WEB_MANIFEST } from './web-app.ts'

const SHELL = '<html><head><script nonce="__CSP_NONCE__"></script></head><body><div id="root"></div></body></html>'
const LANDING = '<html><head><script nonce="__CSP_NONCE__"></script></head><body><div id="root"><h1>Landing</h1></div></body></html>'

/** A web build as the build writes it: the shell, and the landing page prerendered for / and /home. */
function fakeBuild(): string {
  const distDir = mkdtempSync(path.join(tmpdir(), 'faredrop-web-app-'))
  writeFileSync(path.join(distDir, 'index.html'), SHELL)
  mkdirSync(path.join(distDir, PRERENDERED_DIR))
  writeFileSync(path.join(distDir, PRERENDERED_DIR, 'index.html'), LANDING)
  const page = { html: 'index.html', preload: ['assets/landing-abc.js'] }
  writeFileSync(path.join(distDir, PRERENDERED_DIR, 'pages.json'), JSON.stringify({ '/': page, '/home': page }))
  writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(path.join(distDir, WEB_MANIFEST), JSON.stringify({ name: 'FareDrop', start_url: '/alerts' }))
  writeFileSync(path.join(distDir, 'pwa-192x192.png'), 'png')
  return distDir
}

describe('web app HTML', () => {
  const distDir = fakeBuild()
  const app = createWebApp({ distDir })
  afterAll(() => rmSync(distDir, { recursive: true, force: true }))

  it('sends a visitor without a session cookie the prerendered page', async () => {
    for (const pagePath of ['/', '/home', '/home/']) {
      const res = await app.request(pagePath)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('<h1>Landing</h1>')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(res.headers.get('vary')).toBe('Cookie')
    }
  })

  it('sends a visitor with a session cookie the app shell, preloading the page code', async () => {
    for (const cookie of ['faredrop.session_token=abc', 'other=1; __Secure-faredrop.session_token=abc']) {
      const html = await (await app.request('/', { headers: { cookie } })).text()
      expect(html).not.toContain('<h1>Landing</h1>')
      expect(html).toContain('<div id="root"></div>')
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-abc.js" nonce="">')
    }
  })

  it('ignores cookies that are not a session', async () => {
    const html = await (await app.request('/', { headers: { cookie: 'faredrop-theme=dark; faredrop.two_factor=x' } })).text()
    expect(html).toContain('<h1>Landing</h1>')
  })

  it('sends the shell for pages that are not prerendered, and 404 with it for unknown paths', async () => {
    const search = await app.request('/search')
    expect(search.status).toBe(200)
    expect(await search.text()).toBe(SHELL.replace('__CSP_NONCE__', ''))
    expect((await app.request('/no/such/page')).status).toBe(404)
  })

  it('does not serve the prerendered files themselves', async () => {
    expect((await app.request(`/${PRERENDERED_DIR}/index.html`)).status).toBe(404)
    expect((await app.request(`/${PRERENDERED_DIR}/pages.json`)).status).toBe(404)
  })

  it('answers /index.html with the app shell, nonce filled in, for the service worker to precache', async () => {
    const res = await app.request('/index.html?__WB_REVISION__=abc')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.text()).toBe(SHELL.replace('__CSP_NONCE__', ''))
  })
})

describe('installable app files', () => {
  const distDir = fakeBuild()
  const app = createWebApp({ distDir })
  afterAll(() => rmSync(distDir, { recursive: true, force: true }))

  it('serves the web manifest as application/manifest+json, revalidated on every use', async () => {
    const res = await app.request(`/${WEB_MANIFEST}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.json()).toMatchObject({ start_url: '/alerts' })
  })

  it('serves the service worker revalidated on every use, and the icons with a short cache', async () => {
    const worker = await app.request('/sw.js')
    expect(worker.headers.get('content-type')).toMatch(/javascript/)
    expect(worker.headers.get('cache-control')).toBe('no-cache')
    const icon = await app.request('/pwa-192x192.png')
    expect(icon.headers.get('content-type')).toBe('image/png')
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600')
  })
})
