import { LRUCache } from 'lru-cache'

export interface Cached<T> {
  value: T
  /** When the provider answered. */
  fetchedAt: Date
  fromCache: boolean
}

/**
 * Provider answers kept for a while, with single-flight: identical requests that arrive while the
 * first is still in flight share its one provider call. Per process; several processes each keep
 * their own (a provider call per process at worst).
 */
export function createSearchCache<T extends object>(options: { ttlMs: number; maxEntries: number; now: () => Date }) {
  const entries = new LRUCache<string, { value: T; fetchedAt: Date }>({ max: options.maxEntries })
  const inFlight = new Map<string, Promise<{ value: T; fetchedAt: Date }>>()

  return {
    async get(key: string, load: () => Promise<T>): Promise<Cached<T>> {
      const hit = entries.get(key)
      if (hit && options.now().getTime() - hit.fetchedAt.getTime() < options.ttlMs) return { ...hit, fromCache: true }
      const pending = inFlight.get(key)
      if (pending) return { ...(await pending), fromCache: true }
      const call = (async () => {
        const value = await load()
        const entry = { value, fetchedAt: options.now() }
        entries.set(key, entry)
        return entry
      })()
      inFlight.set(key, call)
      try {
        return { ...(await call), fromCache: false }
      } finally {
        inFlight.delete(key)
      }
    },
    clear() {
      entries.clear()
    },
  }
}
