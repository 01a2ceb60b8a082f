import { useEffect, useState } from 'react'

/** The current time, re-read every `intervalMs` while `active` (for countdowns); frozen otherwise. */
export function useNow(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const tick = () => setNow(Date.now())
    // Re-read at once: a frozen `now` can date from long before the countdown began (a sign-in
    // form opened a minute earlier showed a wait 60 s too long until the first tick).
    const first = setTimeout(tick, 0)
    const timer = setInterval(tick, intervalMs)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [active, intervalMs])
  return now
}
