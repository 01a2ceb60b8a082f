/**
 * The app-link files through the whole app (every middleware, the web app's fallback behind them):
 * what Android's verifier and Apple's CDN fetch must come back 200 with JSON at once, never a
 * redirect or the web app's HTML, and 404 while no app is set up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAppDeps } from '#tests/support/app-deps.ts'
import { createApp, type AppDeps } from '../app.ts'
import type { Database } from '../db/client.ts'
import { parseEnv } from '../env.ts'
import { APPLE_APP_SITE_ASSOCIATION_PATH, appLinksConfig, ASSET_LINKS_PATH } from './app-links.ts'

const PLAY_SIGNING = '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5'
/** Lower case, as some tools print it: the file has it in upper case, as Android compares it. */
const UPLOAD_KEY = 'fa:c6:17:45:dc:09:03:78:6f:b9:ed:e6:2a:96:2b:39:9f:73:48:f0:bb:6f:89:9b:83:32:66:75:91:03:3b:9c'

let database: Database
let deps: AppDeps
beforeAll(async () => {
  ;({ database, deps } = await openAppDeps())
})
afterAll(async () => {
  await database.close()
})

function appWith(vars: Record<string, string>) {
  return createApp({ ...deps, appLinks: appLinksConfig(parseEnv({ NODE_ENV: 'test', ...vars })) })
}

describe('/.well-known app-link files', () => {
  const configured = () => appWith({ ANDROID_APP_CERT_SHA256: `${PLAY_SIGNING}, ${UPLOAD_KEY}`, IOS_APP_TEAM_ID: 'ABCDE12345' })

  it('assetlinks.json names the app package and both signing certificates, as JSON, with no redirect', async () => {
    const res = await configured().request(ASSET_LINKS_PATH)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('location')).toBeNull()
    expect(await res.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls', 'delegate_permission/common.get_login_creds'],
        target: { namespace: 'android_app', package_name: 'app.faredrop', sha256_cert_fingerprints: [PLAY_SIGNING, UPLOAD_KEY.toUpperCase()] },
      },
    ])
  })

  it('apple-app-site-association names the team’s app and only the addresses links may open in it', async () => {
    const res = await configured().request(APPLE_APP_SITE_ASSOCIATION_PATH)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    const body = (await res.json()) as { applinks: { details: { appIDs: string[]; components: { '/': string }[] }[] }; webcredentials: { apps: string[] } }
    expect(body.applinks.details).toEqual([
      {
        appIDs: ['ABCDE12345.app.faredrop'],
        components: [{ '/': '/auth' }, { '/': '/verify-email' }, { '/': '/search' }, { '/': '/alerts' }, { '/': '/api/auth/magic-link/verify' }],
      },
    ])
    expect(body.webcredentials.apps).toEqual(['ABCDE12345.app.faredrop'])
  })

  it('answers HEAD as verifiers may send it, and keeps the security headers every answer has', async () => {
    const res = await configured().request(ASSET_LINKS_PATH, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('answers 404 (JSON, not the web app) for each file until its app is set up', async () => {
    const app = appWith({})
    for (const path of [ASSET_LINKS_PATH, APPLE_APP_SITE_ASSOCIATION_PATH]) {
      const res = await app.request(path)
      expect(res.status).toBe(404)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found')
    }
    const onlyIos = appWith({ IOS_APP_TEAM_ID: 'ABCDE12345' })
    expect((await onlyIos.request(ASSET_LINKS_PATH)).status).toBe(404)
    expect((await onlyIos.request(APPLE_APP_SITE_ASSOCIATION_PATH)).status).toBe(200)
  })

  it('uses the package and bundle ids the server is told', async () => {
    const app = appWith({ ANDROID_APP_CERT_SHA256: PLAY_SIGNING, ANDROID_APP_PACKAGE: 'app.faredrop.staging', IOS_APP_TEAM_ID: 'ABCDE12345', IOS_APP_BUNDLE_ID: 'app.faredrop.staging' })
    const android = (await (await app.request(ASSET_LINKS_PATH)).json()) as { target: { package_name: string } }[]
    expect(android[0]!.target.package_name).toBe('app.faredrop.staging')
    const ios = (await (await app.request(APPLE_APP_SITE_ASSOCIATION_PATH)).json()) as { webcredentials: { apps: string[] } }
    expect(ios.webcredentials.apps).toEqual(['ABCDE12345.app.faredrop.staging'])
  })
})
