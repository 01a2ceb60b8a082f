import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'))

test.describe('theme', () => {
  test('follows the system setting live while on "system"', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/')
    expect(await isDark(page)).toBe(false)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => isDark(page)).toBe(true)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(() => isDark(page)).toBe(false)
  })

  test('the toggle flips from the current system look and the choice survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/')
    expect(await isDark(page)).toBe(true)
    await page.getByRole('button', { name: 'Switch to light theme' }).click()
    expect(await isDark(page)).toBe(false)
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('faredrop-theme') ?? 'null'))
    expect(saved.state.theme).toBe('light')

    await page.reload()
    expect(await isDark(page)).toBe(false)
    // An explicit choice no longer follows the system.
    await page.emulateMedia({ colorScheme: 'light' })
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await isDark(page)).toBe(false)
  })

  test('a saved dark theme is applied before the first paint', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/about')
    await page.evaluate(() => localStorage.setItem('faredrop-theme', JSON.stringify({ state: { theme: 'dark' }, version: 0 })))
    // Record the class as soon as <body> exists, before any module script has run.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.body) {
          ;(window as unknown as { darkAtFirstBody: boolean }).darkAtFirstBody = document.documentElement.classList.contains('dark')
          observer.disconnect()
        }
      }).observe(document, { childList: true, subtree: true })
    })
    await page.reload()
    expect(await page.evaluate(() => (window as unknown as { darkAtFirstBody: boolean }).darkAtFirstBody)).toBe(true)
    await expect(page.locator('body')).toHaveCSS('background-color', /oklch\(0\.17|rgb\(1[0-9], 1[0-9], 2[0-9]\)/)
  })
})
