/**
 * The colours the browser paints around the app (title bar, status bar, splash screen): the page
 * background of each theme (src/web/index.css: --background, light oklch(0.99 0.003 240), dark
 * oklch(0.17 0.02 260)), so an installed app's title bar reads as part of the page. Read by the
 * Vite config (the web manifest) too: no imports. index.html's theme-color meta tags repeat them
 * (a test keeps the two in step).
 */
export const THEME_COLOR = { light: '#fafcfe', dark: '#0a1018' } as const

/** The brand blue of the logo (public/logo.svg): the background of the maskable and Apple icons. */
export const LOGO_BLUE = '#1d4ed8'
