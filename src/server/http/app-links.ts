import { Hono } from 'hono'
import { APP_LINK_PATHS } from '#shared/app-links.ts'
import type { Env } from '../env.ts'
import { AppError } from '../lib/app-error.ts'

/**
 * The site's side of the app links (decision 037): the files Android and iOS fetch from
 * https://<our host>/.well-known/ before they let our links open the apps. Both must answer 200
 * with JSON, directly (Apple's CDN and Android's verifier follow no redirect), so they are
 * ordinary routes mounted before the web app's fallback.
 */

export interface AppLinksConfig {
  /** Null: no signing certificate named, so no Android app may claim our links. */
  android: { packageName: string; certFingerprints: readonly string[] } | null
  /** Null: no Apple team named. */
  ios: { appId: string } | null
}

export function appLinksConfig(
  env: Pick<Env, 'ANDROID_APP_PACKAGE' | 'ANDROID_APP_CERT_SHA256' | 'IOS_APP_TEAM_ID' | 'IOS_APP_BUNDLE_ID'>,
): AppLinksConfig {
  return {
    android: env.ANDROID_APP_CERT_SHA256.length > 0 ? { packageName: env.ANDROID_APP_PACKAGE, certFingerprints: env.ANDROID_APP_CERT_SHA256 } : null,
    ios: env.IOS_APP_TEAM_ID ? { appId: `${env.IOS_APP_TEAM_ID}.${env.IOS_APP_BUNDLE_ID}` } : null,
  }
}

/**
 * Digital Asset Links: the app signed with these certificates handles our links (App Links, with
 * the paths of its manifest's intent filter) and may use the passwords saved for this site.
 */
export function assetLinks(android: NonNullable<AppLinksConfig['android']>) {
  const target = { namespace: 'android_app', package_name: android.packageName, sha256_cert_fingerprints: android.certFingerprints }
  return [{ relation: ['delegate_permission/common.handle_all_urls', 'delegate_permission/common.get_login_creds'], target }]
}

/**
 * Apple's association file: Universal Links for the pages of APP_LINK_PATHS only (any query), and
 * the site's saved passwords offered in the app (webcredentials).
 */
export function appleAppSiteAssociation(ios: NonNullable<AppLinksConfig['ios']>) {
  return {
    applinks: { details: [{ appIDs: [ios.appId], components: APP_LINK_PATHS.map((path) => ({ '/': path })) }] },
    webcredentials: { apps: [ios.appId] },
  }
}

export const ASSET_LINKS_PATH = '/.well-known/assetlinks.json'
export const APPLE_APP_SITE_ASSOCIATION_PATH = '/.well-known/apple-app-site-association'

/** Verifiers fetch these again from time to time; an hour keeps a change of certificate quick. */
const CACHE_CONTROL = 'public, max-age=3600'

export function appLinkRoutes(config: AppLinksConfig) {
  const file = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', 'cache-control': CACHE_CONTROL } })
  const notConfigured = (platform: string) => new AppError('not_found', `No ${platform} app is set up for this site.`)
  return new Hono()
    .get(ASSET_LINKS_PATH, () => {
      if (!config.android) throw notConfigured('Android')
      return file(assetLinks(config.android))
    })
    .get(APPLE_APP_SITE_ASSOCIATION_PATH, () => {
      if (!config.ios) throw notConfigured('iOS')
      return file(appleAppSiteAssociation(config.ios))
    })
}
