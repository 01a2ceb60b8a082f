import type { Preset } from '@vite-pwa/assets-generator/config'
import { VitePWA } from 'vite-plugin-pwa'
import { PATHS } from '../src/shared/routes.ts'
import { PRODUCT_NAME, TAGLINE } from '../src/shared/site.ts'
import { LOGO_BLUE, THEME_COLOR } from '../src/web/features/pwa/app-colors.ts'

/**
 * The icons, drawn from public/logo.svg at every build (never committed): the transparent ones
 * for browsers and the install dialog (192 and 512 are what Chromium requires), maskable ones on
 * the logo's blue with the mark inside the safe zone (Android crops them to its shapes), Apple's
 * touch icon, and a 48 px favicon.ico for what can't read the SVG.
 */
const ICONS: Preset = {
  transparent: { sizes: [64, 192, 512], favicons: [[48, 'favicon.ico']] },
  maskable: { sizes: [192, 512], padding: 0.2, resizeOptions: { background: LOGO_BLUE } },
  apple: { sizes: [180], padding: 0.2, resizeOptions: { background: LOGO_BLUE } },
}

/**
 * The installable app (decision 035): the web manifest, the icons, and the one service worker,
 * src/web/sw.ts built to /sw.js with this build's file list injected (injectManifest). The page
 * registers it itself after the first paint (features/pwa), so nothing is added to index.html but
 * the manifest and icon links.
 */
export function progressiveWebApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/web',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      // The app's identity, kept if the start page ever changes.
      id: '/',
      name: `${PRODUCT_NAME} · Flight price alerts`,
      short_name: PRODUCT_NAME,
      description: TAGLINE,
      lang: 'en',
      dir: 'ltr',
      // Installed from the alerts page, opened to them; a signed-out visitor is asked to sign in.
      start_url: PATHS.alerts,
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR.light,
      background_color: THEME_COLOR.light,
      categories: ['travel'],
      shortcuts: [
        { name: 'Search flights', short_name: 'Search', url: PATHS.search, description: 'Find fares and track a route' },
        { name: 'Your alerts', short_name: 'Alerts', url: PATHS.alerts, description: 'The routes and flights you are watching' },
      ],
    },
    pwaAssets: {
      config: false,
      image: 'public/logo.svg',
      preset: ICONS,
      // The manifest's icons are the generated ones; index.html gets their favicon and Apple links.
      overrideManifestIcons: true,
      includeHtmlHeadLinks: true,
      // index.html has a theme colour per colour scheme (one manifest colour can't say both).
      injectThemeColor: false,
    },
    injectManifest: {
      // The shell, every chunk and stylesheet of this build, and the SVGs the pages and notices use.
      // Not the prerendered pages (the server's, per request) nor build metadata; the icons only
      // matter when installing, which needs the network anyway.
      globPatterns: ['**/*.{js,css,html}', '*.svg'],
      globIgnores: ['.prerendered/**', '.vite/**'],
      // Their names change with their content: no revision query needed.
      dontCacheBustURLsMatching: /^assets\//,
      // Registered as a classic script at /sw.js, as the push-only worker was.
      rollupFormat: 'iife',
    },
    devOptions: { enabled: false },
  })
}
