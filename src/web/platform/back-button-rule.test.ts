import { describe, expect, it } from 'vitest'
import { backButtonAction } from './back-button-rule.ts'

const press = (pathname: string, canGoBack = true, closedOverlay = false) => backButtonAction({ pathname, canGoBack, closedOverlay })

describe('the Android back button', () => {
  it('leaves the app from the landing page, /home and /search, even with pages behind them', () => {
    for (const pathname of ['/', '/home', '/search', '/search/', '/home/']) expect(press(pathname), pathname).toBe('exit')
  })

  it('goes back one step from every other page', () => {
    for (const pathname of ['/alerts', '/profile', '/auth', '/verify-email', '/admin/debug', '/faq', '/no-such-page']) {
      expect(press(pathname), pathname).toBe('back')
    }
  })

  it('leaves the app from a page it was opened on directly, with nothing to go back to', () => {
    expect(press('/alerts', false)).toBe('exit')
  })

  it('does nothing else when the press closed a dialog, sheet or picker, on any page', () => {
    for (const pathname of ['/', '/search', '/alerts']) expect(press(pathname, true, true), pathname).toBe('stay')
    expect(press('/alerts', false, true)).toBe('stay')
  })
})
