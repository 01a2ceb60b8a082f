import type { AppPlugin } from '@capacitor/app'
import type { PluginListenerHandle } from '@capacitor/core'
import { backButtonAction } from './back-button-rule.ts'

/**
 * Closes whatever is open on top of the page, the way a keyboard user would: Escape, sent to the
 * focused element. Every layer of the app closes on it (Radix dialogs, sheets, menus, selects and
 * popovers listen on the document; the airport picker on its input), and each one that does calls
 * preventDefault, so that is how we know the press was used. Nothing open, nothing prevented.
 */
export function closeTopOverlay(document: Document): boolean {
  const target = document.activeElement instanceof HTMLElement ? document.activeElement : document.body
  const escape = new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true })
  target.dispatchEvent(escape)
  return escape.defaultPrevented
}

/**
 * The Android back button (with a listener, Capacitor leaves it to us: without one it would quit
 * the app from any screen). iOS has no back button; the listener never fires there.
 */
export function handleBackButton(app: Pick<AppPlugin, 'addListener' | 'exitApp'>, window: Window): Promise<PluginListenerHandle> {
  return app.addListener('backButton', ({ canGoBack }) => {
    const action = backButtonAction({
      pathname: window.location.pathname,
      canGoBack,
      closedOverlay: closeTopOverlay(window.document),
    })
    if (action === 'back') window.history.back()
    else if (action === 'exit') void app.exitApp()
  })
}
