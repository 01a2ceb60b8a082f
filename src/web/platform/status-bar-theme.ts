import { Style, type StatusBarPlugin } from '@capacitor/status-bar'

/** The app's page background in each theme (index.css --background, as hex for Android's bar). */
const BACKGROUND = { light: '#fafcfe', dark: '#0a1018' } as const

/**
 * Keeps the status bar readable on the app's theme: light text on the dark theme, dark text on the
 * light one. It follows `<html class="dark">`, which the theme store sets from the user's choice and,
 * for "system", from the operating system's setting as it changes (stores/theme-store.ts), so one
 * observer sees every change. Android also gets the page's background colour behind the bar (iOS
 * draws the page there itself). Returns the way to stop following.
 */
export function followThemeWithStatusBar(
  statusBar: Pick<StatusBarPlugin, 'setStyle' | 'setBackgroundColor'>,
  platform: 'android' | 'ios',
  root: HTMLElement,
): () => void {
  let shown: boolean | null = null
  const apply = () => {
    const dark = root.classList.contains('dark')
    if (dark === shown) return
    shown = dark
    // A bar that can't be styled (an older system) is no reason to stop the app.
    void statusBar.setStyle({ style: dark ? Style.Dark : Style.Light }).catch(() => {})
    if (platform === 'android') void statusBar.setBackgroundColor({ color: dark ? BACKGROUND.dark : BACKGROUND.light }).catch(() => {})
  }
  apply()
  const observer = new MutationObserver(apply)
  observer.observe(root, { attributes: true, attributeFilter: ['class'] })
  return () => observer.disconnect()
}
