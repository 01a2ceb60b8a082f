import { PATHS } from './routes.ts'

/**
 * Links into the Android and iOS apps (decision 037): which addresses of the site a link may open
 * in the app, shared by the server's app-link files (/.well-known/*) and the app's link handling.
 */

/** The apps' own URL scheme: faredrop://alerts, faredrop:///verify-email?token=… */
export const APP_URL_SCHEME = 'faredrop'

/**
 * The sign-in link our emails carry (better-auth's endpoint, `?token=…&callbackURL=…`). A browser
 * opens it and is redirected; the app calls it itself and gets JSON and its session (decision 036).
 */
export const MAGIC_LINK_PATH = '/api/auth/magic-link/verify'

/** Pages a link may open once in the app: the links our emails, texts and notices carry, and the sign-in return. */
export const DEEP_LINK_PATHS: readonly string[] = [PATHS.auth, PATHS.verifyEmail, PATHS.search, PATHS.alerts, PATHS.authCallback]

/**
 * What the apps claim on the site when installed (Android App Links, iOS Universal Links): password
 * reset (`/auth?type=recovery`), email verification, an alert's search, the alerts list and the
 * magic link. Not `/auth/callback`: a browser sign-in on the phone ends there and must stay in the
 * browser that holds its cookie (the app's own sign-in returns through faredrop://). The Android
 * manifest lists the same paths (a test compares them).
 */
export const APP_LINK_PATHS: readonly string[] = [PATHS.auth, PATHS.verifyEmail, PATHS.search, PATHS.alerts, MAGIC_LINK_PATH]
