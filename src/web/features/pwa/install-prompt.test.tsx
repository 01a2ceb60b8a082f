import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InstallAppButton } from './install-app-button.tsx'
import { holdInstallPrompt } from './install-prompt.ts'

const stops: Array<() => void> = []
afterEach(() => stops.splice(0).forEach((stop) => stop()))

/** Chromium's offer, as it fires on a page whose manifest and service worker qualify. */
function offerToInstall() {
  const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  })
  act(() => void window.dispatchEvent(offer))
  return offer
}

describe('Install app', () => {
  it('is offered only while the browser offers to install, and opens its dialog on click', async () => {
    stops.push(holdInstallPrompt())
    render(<InstallAppButton />)
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()

    const offer = offerToInstall()
    // The browser's own banner is held back: the app asks when the user clicks.
    expect(offer.defaultPrevented).toBe(true)
    expect(offer.prompt).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('button', { name: 'Install app' }))
    expect(offer.prompt).toHaveBeenCalledOnce()
    // One offer opens one dialog.
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()
  })

  it('goes away once the app is installed', () => {
    stops.push(holdInstallPrompt())
    render(<InstallAppButton />)
    offerToInstall()
    expect(screen.getByRole('button', { name: 'Install app' })).toBeInTheDocument()
    act(() => void window.dispatchEvent(new Event('appinstalled')))
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()
  })
})
