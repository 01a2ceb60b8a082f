import type { PluginListenerHandle } from '@capacitor/core'
import type { PermissionStatus } from '@capacitor/push-notifications'
import { vi } from 'vitest'
import type { NativePlatformDeps } from './native-platform.ts'

/**
 * Stand-ins for Capacitor's plugins, for the platform module's tests: each keeps its listeners so a
 * test can play what the operating system would send (`emit('backButton', { canGoBack: true })`).
 */

type Listener = (event: never) => void

function listeners() {
  const byEvent = new Map<string, Set<Listener>>()
  return {
    addListener: vi.fn(async (eventName: string, listener: Listener): Promise<PluginListenerHandle> => {
      const set = byEvent.get(eventName) ?? new Set()
      byEvent.set(eventName, set)
      set.add(listener)
      return { remove: async () => void set.delete(listener) }
    }),
    /** What the system sends: every listener of the event gets it. */
    emit(eventName: string, event: unknown) {
      for (const listener of byEvent.get(eventName) ?? []) (listener as (event: unknown) => void)(event)
    },
    listening: (eventName: string) => byEvent.get(eventName)?.size ?? 0,
  }
}

export function fakeApp(launchUrl?: string) {
  return {
    ...listeners(),
    exitApp: vi.fn(async () => {}),
    getLaunchUrl: vi.fn(async () => (launchUrl ? { url: launchUrl } : undefined)),
  }
}

export function fakeStatusBar() {
  return { setStyle: vi.fn(async () => {}), setBackgroundColor: vi.fn(async () => {}) }
}

/** Push with the permission the user gives (or already gave); registering makes the system send a token. */
export function fakePush(options: { permission: PermissionStatus['receive']; answer?: PermissionStatus['receive']; token?: string }) {
  const plugin = listeners()
  return {
    ...plugin,
    checkPermissions: vi.fn(async (): Promise<PermissionStatus> => ({ receive: options.permission })),
    requestPermissions: vi.fn(async (): Promise<PermissionStatus> => ({ receive: options.answer ?? options.permission })),
    register: vi.fn(async () => {
      if (options.token) queueMicrotask(() => plugin.emit('registration', { value: options.token }))
    }),
  }
}

/** Preferences in memory. */
export function fakePreferences() {
  const values = new Map<string, string>()
  return {
    values,
    get: vi.fn(async ({ key }: { key: string }) => ({ value: values.get(key) ?? null })),
    set: vi.fn(async ({ key, value }: { key: string; value: string }) => void values.set(key, value)),
    remove: vi.fn(async ({ key }: { key: string }) => void values.delete(key)),
  }
}

/** Every dependency faked, the site at https://faredrop.app; `overrides` replaces any of them. */
export function fakeDeps<Overrides extends Partial<NativePlatformDeps> = Record<never, never>>(overrides: Overrides = {} as Overrides) {
  const fakes = {
    platform: 'android' as 'android' | 'ios',
    apiOrigin: 'https://faredrop.app',
    app: fakeApp(),
    statusBar: fakeStatusBar(),
    push: null,
    preferences: fakePreferences(),
    enableBearerSession: vi.fn<NativePlatformDeps['enableBearerSession']>(),
    navigate: vi.fn<NativePlatformDeps['navigate']>(),
    verifyMagicLink: vi.fn<NativePlatformDeps['verifyMagicLink']>(async () => ({ status: true, url: '/' })),
    registerPushDevice: vi.fn<NativePlatformDeps['registerPushDevice']>(async () => ({ success: true })),
    onSignIn: vi.fn<NativePlatformDeps['onSignIn']>(() => () => {}),
    window,
    warn: vi.fn(),
  } satisfies NativePlatformDeps
  // The overrides' own types, so a test can reach into the fakes it passed (push.emit…).
  return { ...fakes, ...overrides } as Omit<typeof fakes, keyof Overrides> & Overrides
}
