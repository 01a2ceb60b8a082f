import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { PRODUCT_SLUG } from '#shared/site.ts'
import { LOCKOUT_MS, MAX_FAILED_ATTEMPTS, emptyLockout, isExpired, recordFailure, type LockoutRecord } from '#shared/sign-in-lockout.ts'

interface LockoutState extends LockoutRecord {
  /** Until when the server asked for a pause that is not the account lock (its rate limit); not stored. */
  pausedUntil: number | null
  fail: () => void
  /** The server asked to wait this many seconds before the next try (a rate limit, not a lock). */
  pauseFor: (seconds: number) => void
  /** The server said the account is locked for this many more seconds. */
  lockFor: (seconds: number) => void
  reset: () => void
  /** Drops a lock or failures that have run out. */
  expire: () => void
}

/** The browser's sign-in lockout record (count, firstAttemptTime, lastAttemptTime, lockedUntil). */
export const useLockoutStore = create<LockoutState>()(
  persist(
    (set, get) => ({
      ...emptyLockout(),
      pausedUntil: null,
      pauseFor: (seconds) => set({ pausedUntil: Date.now() + seconds * 1000 }),
      fail: () => set(recordFailure(get(), Date.now())),
      lockFor: (seconds) => {
        const now = Date.now()
        set({
          count: Math.max(get().count, MAX_FAILED_ATTEMPTS),
          firstAttemptTime: get().firstAttemptTime || now,
          lastAttemptTime: now,
          lockedUntil: now + Math.min(seconds * 1000, LOCKOUT_MS),
        })
      },
      reset: () => set({ ...emptyLockout(), pausedUntil: null }),
      expire: () => {
        const now = Date.now()
        if (isExpired(get(), now)) set(emptyLockout())
        if ((get().pausedUntil ?? Infinity) <= now) set({ pausedUntil: null })
      },
    }),
    {
      name: `${PRODUCT_SLUG}-sign-in-lockout`,
      partialize: ({ count, firstAttemptTime, lastAttemptTime, lockedUntil }) => ({ count, firstAttemptTime, lastAttemptTime, lockedUntil }),
    },
  ),
)
