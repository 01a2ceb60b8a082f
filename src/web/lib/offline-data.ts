import { PRODUCT_SLUG } from '#shared/site.ts'

/**
 * What the app keeps on this device for when the network is gone (decision 035): the last viewer
 * the session query named, and their last loaded alert list. In localStorage, each entry with the
 * time it was saved, since what is shown offline must say how old it is. Shown only offline, and
 * all of it is forgotten when the session ends here (sign-out, or ended elsewhere): on a shared
 * device, the next person finds nothing of the last one's.
 */
const PREFIX = `${PRODUCT_SLUG}-offline:`

export interface SavedForOffline<T> {
  /** When the value was loaded from the server (ms since the epoch). */
  savedAt: number
  value: T
}

export function saveForOffline(name: string, value: unknown, savedAt: number): void {
  try {
    localStorage.setItem(PREFIX + name, JSON.stringify({ savedAt, value }))
  } catch {
    // Storage full or refused: offline, the app just has less to show.
  }
}

/** The saved value, or null when there is none or it is not what `isValue` expects (storage is outside input). */
export function readSavedForOffline<T>(name: string, isValue: (value: unknown) => value is T): SavedForOffline<T> | null {
  try {
    const saved = JSON.parse(localStorage.getItem(PREFIX + name) ?? 'null') as Partial<SavedForOffline<unknown>> | null
    return saved && typeof saved.savedAt === 'number' && isValue(saved.value) ? { savedAt: saved.savedAt, value: saved.value } : null
  } catch {
    return null
  }
}

/** Removes everything saved for offline use, for every user. */
export function forgetOfflineData(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((key) => key?.startsWith(PREFIX))
    for (const key of keys) localStorage.removeItem(key!)
  } catch {
    // Storage refused: there is nothing readable to forget.
  }
}
