import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { PRODUCT_SLUG } from '#shared/site.ts'

export type Theme = 'light' | 'dark' | 'system'
export const THEME_STORAGE_KEY = `${PRODUCT_SLUG}-theme`

const DARK_QUERY = '(prefers-color-scheme: dark)'

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(DARK_QUERY).matches
}

export function resolveTheme(theme: Theme, prefersDark = systemPrefersDark()): 'light' | 'dark' {
  return theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme
}

/** The toggle flips what the user sees now: from system it goes to the opposite of the system look. */
export function nextTheme(theme: Theme, prefersDark = systemPrefersDark()): Theme {
  return resolveTheme(theme, prefersDark) === 'dark' ? 'light' : 'dark'
}

interface ThemeState {
  theme: Theme
  setTheme: (theme: Theme) => void
  toggleTheme: () => void
}

export const useThemeStore = create<ThemeState>()(
  persist(
    (set, get) => ({
      theme: 'system',
      setTheme: (theme) => set({ theme }),
      toggleTheme: () => set({ theme: nextTheme(get().theme) }),
    }),
    { name: THEME_STORAGE_KEY, partialize: (state) => ({ theme: state.theme }) },
  ),
)

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', resolveTheme(theme) === 'dark')
}

/**
 * Keeps <html class="dark"> in step with the store and, while the theme is "system", with the
 * operating system's setting as it changes. Returns an unsubscribe function.
 */
export function syncThemeWithDocument(): () => void {
  const media = window.matchMedia(DARK_QUERY)
  const onSystemChange = () => {
    if (useThemeStore.getState().theme === 'system') applyTheme('system')
  }
  applyTheme(useThemeStore.getState().theme)
  const unsubscribe = useThemeStore.subscribe((state) => applyTheme(state.theme))
  media.addEventListener('change', onSystemChange)
  return () => {
    unsubscribe()
    media.removeEventListener('change', onSystemChange)
  }
}
