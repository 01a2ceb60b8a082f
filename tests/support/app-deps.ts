import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { AppDeps } from '../../src/server/app.ts'
import type { Database } from '../../src/server/db/client.ts'
import { parseEnv } from '../../src/server/env.ts'
import { createServices } from '../../src/server/services.ts'
import { silentLogger } from './silent-logger.ts'
import { openTestDatabase } from './test-db.ts'

/**
 * A built web app in a temporary directory: index.html with the nonce placeholder the server fills
 * in, a hashed asset and its gzip twin, robots.txt, the push service worker and Vite's manifest.
 */
export function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'faredrop-web-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"><script nonce="__CSP_NONCE__">1</script></head><body></body></html>',
  )
  const js = 'console.log("app");'.repeat(100)
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), js)
  writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), gzipSync(js))
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *')
  writeFileSync(path.join(dir, 'sw.js'), "self.addEventListener('push', () => {})")
  mkdirSync(path.join(dir, '.vite'))
  writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index-abc123.js' } }),
  )
  return dir
}

/**
 * What `createApp` takes, on a fresh test database with the embedded drivers, serving a fake web
 * build: for tests that build the app themselves to vary one dependency (a failing one, a database
 * that can't be reached, HTTPS). Version 1.2.3, a 1 KiB body limit, no trusted proxy, plain HTTP.
 */
export async function openAppDeps(): Promise<{ database: Database; deps: AppDeps }> {
  const database = await openTestDatabase()
  const env = parseEnv({ NODE_ENV: 'test', CAPTCHA_PROVIDER: 'none' })
  const deps: AppDeps = {
    ...(await createServices(env, database, silentLogger)),
    db: database.db,
    logger: silentLogger,
    version: '1.2.3',
    trustProxy: 0,
    bodyLimitBytes: 1024,
    flightRequestsPerMinute: 1_000_000,
    httpsOnly: false,
    webDistDir: fakeWebBuild(),
    now: () => new Date(),
  }
  return { database, deps }
}
