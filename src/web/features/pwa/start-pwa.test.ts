import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../lib/query-client.ts'
import { startPwa } from './start-pwa.ts'

function fakeServiceWorkers() {
  const register = vi.fn(async () => undefined)
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true })
  return register
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker')
  Reflect.deleteProperty(globalThis, 'Capacitor')
  vi.unstubAllEnvs()
})

describe('startPwa', () => {
  it('registers the service worker in a built web app', async () => {
    vi.stubEnv('DEV', false)
    const register = fakeServiceWorkers()
    startPwa(createQueryClient())
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' }))
  })

  it('registers none in the Android and iOS apps: their files are on the device, their push is native', async () => {
    vi.stubEnv('DEV', false)
    const register = fakeServiceWorkers()
    Object.assign(globalThis, { Capacitor: { isNativePlatform: () => true } })
    startPwa(createQueryClient())
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(register).not.toHaveBeenCalled()
  })
})
