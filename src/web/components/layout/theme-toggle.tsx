import { Moon, Sun } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { resolveTheme, useThemeStore } from '../../stores/theme-store.ts'
import { Button } from '../ui/button.tsx'

function subscribeToSystemTheme(onChange: () => void) {
  const media = window.matchMedia('(prefers-color-scheme: dark)')
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}

/** Flips between light and dark as the user sees it now (from "system" it goes to the opposite look). */
export function ThemeToggle() {
  const theme = useThemeStore((s) => s.theme)
  const toggleTheme = useThemeStore((s) => s.toggleTheme)
  const prefersDark = useSyncExternalStore(subscribeToSystemTheme, () => window.matchMedia('(prefers-color-scheme: dark)').matches)
  const shown = resolveTheme(theme, prefersDark)
  const label = shown === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label} title={label}>
      {shown === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  )
}
