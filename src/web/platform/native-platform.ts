import type { AppPlugin } from '@capacitor/app'
import type { PluginListenerHandle } from '@capacitor/core'
import type { PreferencesPlugin } from '@capacitor/preferences'
import type { StatusBarPlugin } from '@capacitor/status-bar'
import { PATHS } from '#shared/routes.ts'
import { ApiError } from '../lib/api-client.ts'
import type { RefreshTokenStore } from '../lib/bearer-session.ts'
import { handleBackButton } from './back-button.ts'
import { deepLinkPath, magicLinkQuery } from './deep-links.ts'
import { completeMagicLink, type VerifyMagicLink } from './magic-link.ts'
import { startNativePush, type PushPlugin } from './native-push.ts'
import { preferencesTokenStore } from './refresh-token-store.ts'
import { followThemeWithStatusBar } from './status-bar-theme.ts'

/** Everything the native side of the app uses, injected: index.ts passes Capacitor's plugins, tests fakes. */
export interface NativePlatformDeps {
  platform: 'android' | 'ios'
  /** The FareDrop server (api-origin.ts): the API's origin, and the site whose links open the app. */
  apiOrigin: string
  app: Pick<AppPlugin, 'addListener' | 'exitApp' | 'getLaunchUrl'>
  statusBar: Pick<StatusBarPlugin, 'setStyle' | 'setBackgroundColor'>
  /** Null when this build has no push set up (VITE_NATIVE_PUSH, decision 037). */
  push: PushPlugin | null
  preferences: Pick<PreferencesPlugin, 'get' | 'set' | 'remove'>
  /** lib/bearer-session.ts: API calls to `apiOrigin` with a bearer session instead of cookies. */
  enableBearerSession: (options: { apiOrigin: string; store: RefreshTokenStore }) => void
  /** Opens a page of the app (in-app-navigation.ts). */
  navigate: (path: string) => void
  /** Sends an emailed magic link to the server (magic-link.ts: through the api client). */
  verifyMagicLink: VerifyMagicLink
  /**
   * Registers the device's push token for the signed-in session (POST /api/push/devices, decision
   * 039); rejects with the API's error, a 401 when nobody is signed in.
   */
  registerPushDevice: (device: { platform: 'android' | 'ios'; token: string }) => Promise<unknown>
  /** bearer-session.ts: runs the listener after each new sign-in; answers the unsubscribe. */
  onSignIn: (listener: () => void) => () => void
  /** The device's push token, each time the system hands one out. */
  onPushToken?: (token: string) => void
  window: Window
  warn?: (message: string, detail?: unknown) => void
}

export interface NativePlatform {
  /** The FCM or APNs token this device got at this start, if any yet. */
  pushToken(): string | null
  /** Removes every listener (tests; the app itself runs until it is closed). */
  stop(): Promise<void>
}

/** The launch link already opened by this run of the app (sessionStorage lasts as long as the web view). */
const LAUNCH_LINK_KEY = 'faredrop-launch-link'

/**
 * The native shell's side of the app (decision 037). The session comes first and synchronously,
 * before this promise settles, so that the app's first API call already goes to the server with
 * the bearer session; then the links and notices that open pages, the back button, the status bar
 * and push, none of which the first render waits for.
 */
export async function startNativePlatform(deps: NativePlatformDeps): Promise<NativePlatform> {
  const warn = deps.warn ?? ((message: string, detail?: unknown) => console.warn(`[native] ${message}`, detail ?? ''))
  deps.enableBearerSession({ apiOrigin: deps.apiOrigin, store: preferencesTokenStore(deps.preferences) })

  // A magic link works once: the same link delivered twice (as the launch URL and as an open event)
  // is sent once, or the second answer would say "already used" over the first one's sign-in.
  const magicLinksSent = new Set<string>()
  /** A link from outside: its page, or the sign-in of a magic link; anything else is ignored (never another site). */
  const openLink = (url: string) => {
    const path = deepLinkPath(url, deps.apiOrigin)
    if (path) return deps.navigate(path)
    const magicLink = magicLinkQuery(url, deps.apiOrigin)
    if (!magicLink) return warn('ignored a link the app does not open', url)
    const token = magicLink.get('token')!
    if (magicLinksSent.has(token)) return
    magicLinksSent.add(token)
    void completeMagicLink(magicLink, { verify: deps.verifyMagicLink, navigate: deps.navigate })
  }
  // A tapped notice always opens something: its search, or the alerts list it came from.
  const openNotice = (url: unknown) => deps.navigate(deepLinkPath(url, deps.apiOrigin) ?? PATHS.alerts)

  let pushToken: string | null = null
  // The server sends a session's notices to the tokens registered with it (decision 039): at every
  // start (a token can change) and after each sign-in. Signed out, the server answers 401 and the
  // next sign-in registers; signing out ends the session, and the server forgets its tokens then.
  const registerPushToken = () => {
    if (pushToken === null) return
    deps.registerPushDevice({ platform: deps.platform, token: pushToken }).catch((error: unknown) => {
      if (!(error instanceof ApiError && error.status === 401)) warn('could not register for push notices', error)
    })
  }
  const stopSignInWatch = deps.push ? deps.onSignIn(registerPushToken) : () => {}
  const stopTheme = followThemeWithStatusBar(deps.statusBar, deps.platform, deps.window.document.documentElement)
  const listeners: Promise<PluginListenerHandle | PluginListenerHandle[]>[] = [
    deps.app.addListener('appUrlOpen', ({ url }) => openLink(url)),
    handleBackButton(deps.app, deps.window),
  ]
  // Android delivers the link that started the app only here (iOS also as an open event; opening
  // the same page twice does nothing: in-app-navigation.ts). It stays the launch link for as long as
  // the app runs, so a reload of the page (the web view's renderer restarted) must not open it again.
  void deps.app
    .getLaunchUrl()
    .then((launch) => {
      if (!launch?.url || deps.window.sessionStorage.getItem(LAUNCH_LINK_KEY) === launch.url) return
      deps.window.sessionStorage.setItem(LAUNCH_LINK_KEY, launch.url)
      openLink(launch.url)
    })
    .catch((error: unknown) => warn('could not read the launch link', error))
  if (deps.push) {
    const started = startNativePush({
      push: deps.push,
      onToken: (token) => {
        pushToken = token
        deps.onPushToken?.(token)
        registerPushToken()
      },
      openNotice,
      warn,
    })
    // The permission prompt may wait on the user for as long as they like: nothing waits for it.
    listeners.push(started.catch((error: unknown) => (warn('push could not start', error), [])))
  }

  return {
    pushToken: () => pushToken,
    async stop() {
      stopTheme()
      stopSignInWatch()
      const handles = (await Promise.all(listeners)).flat()
      await Promise.all(handles.map((handle) => handle.remove()))
    },
  }
}
