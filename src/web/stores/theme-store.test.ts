import { describe, expect, it } from 'vitest'
import { THEME_STORAGE_KEY, nextTheme, resolveTheme, useThemeStore } from './theme-store.ts'

describe('theme', () => {
  it('resolves system to the system appearance', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })

  it('toggles relative to what is shown, so from system it goes to the opposite of the system look', () => {
    expect(nextTheme('system', true)).toBe('light')
    expect(nextTheme('system', false)).toBe('dark')
    expect(nextTheme('light', true)).toBe('dark')
    expect(nextTheme('dark', false)).toBe('light')
  })

  it('saves the choice under faredrop-theme', () => {
    expect(THEME_STORAGE_KEY).toBe('faredrop-theme')
    useThemeStore.getState().setTheme('dark')
    expect(JSON.parse(localStorage.getItem('faredrop-theme')!).state).toEqual({ theme: 'dark' })
  })
})
