import { Moon, Sun } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { resolveTheme, useThemeStore } from '../../stores/theme-store.ts'
import { Button } from '../../components/ui/button.tsx'

const DARK_QUERY = '(prefers-color-scheme: dark)'

function subscribeToSystemTheme(onChange: () => void) {
  const media = window.matchMedia(DARK_QUERY)
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}

const systemPrefersDark = () => window.matchMedia(DARK_QUERY).matches
// Prerendered HTML cannot know the visitor's theme: it (and hydration) says "light", then the label
// catches up. The icon never waits: both are rendered and CSS shows the one that matches the
// <html class="dark"> the pre-paint script set.
const noSystemPreference = () => false

/** Flips between light and dark as the user sees it now (from "system" it goes to the opposite look). */
export function ThemeToggle() {
  const theme = useThemeStore((s) => s.theme)
  const toggleTheme = useThemeStore((s) => s.toggleTheme)
  const prefersDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, noSystemPreference)
  const label = resolveTheme(theme, prefersDark) === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label} title={label}>
      <Sun aria-hidden="true" className="hidden dark:block" />
      <Moon aria-hidden="true" className="dark:hidden" />
    </Button>
  )
}
