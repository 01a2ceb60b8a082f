/**
 * A value kept across a sign-in (a plan chosen, a page to come back to, an alert draft): local
 * storage, because a magic link or verification email opens a new tab and an outside provider's
 * sign-in reloads the page; stamped, because what was chosen yesterday must not hijack today's
 * sign-in. Storage can be full or blocked (private modes): then nothing is remembered and the
 * visitor lands where they would anyway. (features/pricing/pending-plan.ts keeps its own copy of
 * these few lines: the landing page's first load carries it, and its budget has no room for a
 * module shared with the lazily loaded pages.)
 */
interface Stamped {
  value: unknown
  savedAt: number
}

export function remember(key: string, value: unknown, now = Date.now()): void {
  try {
    localStorage.setItem(key, JSON.stringify({ value, savedAt: now } satisfies Stamped))
  } catch {
    // Not remembered; see above.
  }
}

/** The value if it is younger than `maxAgeMs` and `parse` accepts it (null otherwise); a stale or broken one is forgotten. */
export function recall<T>(key: string, maxAgeMs: number, parse: (value: unknown) => T | null, now = Date.now()): T | null {
  let stored: Partial<Stamped> | null
  try {
    stored = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<Stamped> | null
  } catch {
    forget(key)
    return null
  }
  if (!stored || typeof stored.savedAt !== 'number') return null
  const age = now - stored.savedAt
  const value = age >= 0 && age <= maxAgeMs ? parse(stored.value) : null
  if (value === null) forget(key)
  return value
}

export function forget(key: string): void {
  try {
    localStorage.removeItem(key)
  } catch {
    // Nothing to forget where storage is blocked.
  }
}
