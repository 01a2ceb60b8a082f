import { useEffect, useState } from 'react'

/**
 * Whole seconds until `deadline` (epoch ms), re-rendering once a second until it has passed.
 * `since` is a moment known to be past when the deadline was set (when the server's answer
 * arrived): it stands for "now" until the first tick, so a new deadline never reads long.
 */
export function useSecondsLeft(deadline: number, since: number): number {
  const [now, setNow] = useState(since)
  useEffect(() => {
    const timer = setInterval(() => {
      const time = Date.now()
      setNow(time)
      if (time >= deadline) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [deadline])
  return Math.max(0, Math.ceil((deadline - Math.max(now, since)) / 1000))
}
