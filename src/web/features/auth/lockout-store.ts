import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { PRODUCT_SLUG } from '#shared/site.ts'
import { LOCKOUT_MS, MAX_FAILED_ATTEMPTS, emptyLockout, isExpired, recordFailure, type LockoutRecord } from '#shared/sign-in-lockout.ts'

interface LockoutState extends LockoutRecord {
  fail: () => void
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
      reset: () => set(emptyLockout()),
      expire: () => {
        if (isExpired(get(), Date.now())) set(emptyLockout())
      },
    }),
    {
      name: `${PRODUCT_SLUG}-sign-in-lockout`,
      partialize: ({ count, firstAttemptTime, lastAttemptTime, lockedUntil }) => ({ count, firstAttemptTime, lastAttemptTime, lockedUntil }),
    },
  ),
)
