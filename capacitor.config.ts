/// <reference types="@capacitor/status-bar" />
/// <reference types="@capacitor/push-notifications" />
import type { CapacitorConfig } from '@capacitor/cli'

/**
 * The Android and iOS apps (decision 037). Each ships the web build (`dist/web`, the same build the
 * server serves) inside the app and loads its SPA shell from there: the prerendered public pages
 * and the server's CSP nonce play no part in the app. The app reaches the API at the origin
 * `VITE_API_ORIGIN` names at build time (`npm run cap:sync`), with a bearer session instead of
 * cookies, which a page on capacitor://localhost or https://localhost can't send to another origin.
 */
/**
 * A development build against `npm start` on plain http:// (the Android emulator's 10.0.2.2, or a
 * private address: platform/api-origin.ts takes nothing else): Android must then allow cleartext
 * traffic and, from the https://localhost page, mixed content. Store builds use https:// and get neither.
 */
const developmentServer = process.env.VITE_API_ORIGIN?.startsWith('http://') ?? false

const config: CapacitorConfig = {
  appId: 'app.faredrop',
  appName: 'FareDrop',
  webDir: 'dist/web',
  // Capacitor 7's defaults, said out loud because the API's CORS allow-list names these origins:
  // the app's pages are https://localhost on Android and capacitor://localhost on iOS.
  server: {
    androidScheme: 'https',
    iosScheme: 'capacitor',
    hostname: 'localhost',
    cleartext: developmentServer,
  },
  android: {
    allowMixedContent: developmentServer,
  },
  ios: {
    // The web app lays itself out under the status bar (its header is sticky), as in a browser.
    contentInset: 'never',
  },
  plugins: {
    // Not over the web view: the app's header starts below the bar. The style follows the app's
    // theme at run time (src/web/platform/status-bar-theme.ts); DEFAULT follows the system until then.
    StatusBar: { overlaysWebView: false, style: 'DEFAULT' },
    // A notice that arrives while the app is open is still shown, as when it is closed.
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
}

export default config
