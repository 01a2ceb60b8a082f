import { useSyncExternalStore } from 'react'

/** Chromium's offer to install the app (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let held: BeforeInstallPromptEvent | null = null
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())

/**
 * Chromium offers to install the app (`beforeinstallprompt`) once the manifest and the service
 * worker qualify, usually on the first page. Its own banner is held back, and the offer kept: the
 * alerts page shows "Install app" (install-app-button.tsx), and the browser's dialog opens only when
 * that is clicked. Started after the first paint (start-pwa.ts); returns the way to stop.
 */
export function holdInstallPrompt(): () => void {
  const onOffer = (event: Event) => {
    event.preventDefault()
    held = event as BeforeInstallPromptEvent
    changed()
  }
  const onInstalled = () => {
    held = null
    changed()
  }
  window.addEventListener('beforeinstallprompt', onOffer)
  window.addEventListener('appinstalled', onInstalled)
  return () => {
    window.removeEventListener('beforeinstallprompt', onOffer)
    window.removeEventListener('appinstalled', onInstalled)
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Opens the browser's install dialog, or null while the browser offers nothing (installed, unsupported). */
export function useInstallPrompt(): (() => Promise<void>) | null {
  const offer = useSyncExternalStore(subscribe, () => held, () => null)
  if (!offer) return null
  return async () => {
    // An offer opens one dialog; whatever the answer, the browser makes a new offer if it still can.
    held = null
    changed()
    await offer.prompt()
  }
}
