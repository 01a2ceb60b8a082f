import type { PreferencesPlugin } from '@capacitor/preferences'
import type { RefreshTokenStore } from '../lib/bearer-session.ts'

/** Where the app keeps its session's refresh token between starts. */
export const REFRESH_TOKEN_KEY = 'faredrop-refresh-token'

/**
 * The app's refresh token in @capacitor/preferences (SharedPreferences on Android, UserDefaults on
 * iOS): private to the app and kept across restarts and updates, gone when the app is removed.
 * Not the Keychain or Keystore: decision 037 says what that means and what would replace it.
 */
export function preferencesTokenStore(preferences: Pick<PreferencesPlugin, 'get' | 'set' | 'remove'>): RefreshTokenStore {
  return {
    async read() {
      const { value } = await preferences.get({ key: REFRESH_TOKEN_KEY })
      return value || null
    },
    async write(token) {
      if (token) await preferences.set({ key: REFRESH_TOKEN_KEY, value: token })
      else await preferences.remove({ key: REFRESH_TOKEN_KEY })
    },
  }
}
