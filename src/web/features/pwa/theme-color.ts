import { THEME_COLOR } from './app-colors.ts'

/**
 * Keeps the theme-color meta tags (the browser's bars, an installed app's title bar) on the
 * app's theme. index.html's pre-paint script sets them for the theme the page opens with; after
 * that the theme toggle, and the system's setting while the theme is "system", only flip
 * <html class="dark"> (stores/theme-store.ts), so this follows that class. Returns the way to stop.
 */
export function followThemeColor(root: HTMLElement = document.documentElement): () => void {
  const apply = () => {
    const color = root.classList.contains('dark') ? THEME_COLOR.dark : THEME_COLOR.light
    for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) meta.content = color
  }
  apply()
  const observer = new MutationObserver(apply)
  observer.observe(root, { attributes: true, attributeFilter: ['class'] })
  return () => observer.disconnect()
}
