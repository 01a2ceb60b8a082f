import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { startPollingLoop, type CycleResult } from './polling-loop.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A loop whose cycles answer from `results` in turn (then "not full"), recording when each started. */
function loop(results: (CycleResult | Error)[] = [], options: { pollMs?: number; firstDelayMs?: number } = {}) {
  const started: number[] = []
  const handle = startPollingLoop({
    pollMs: options.pollMs ?? 1_000,
    ...(options.firstDelayMs !== undefined ? { firstDelayMs: options.firstDelayMs } : {}),
    logger: silentLogger,
    failureMessage: 'cycle failed',
    errorPauseMs: 5_000,
    cycle: async () => {
      started.push(Date.now())
      const next = results.shift() ?? { again: false }
      if (next instanceof Error) throw next
      return next
    },
  })
  return { handle, started }
}

describe('the worker loop', () => {
  it('runs a cycle every poll, at once again after a full one, and pauses longer after a failure', async () => {
    const t0 = Date.now()
    const { handle, started } = loop([{ again: true }, { again: false }, new Error('database away'), { again: false }])
    await vi.advanceTimersByTimeAsync(7_500)
    // Waits between cycle starts: one poll before the first (full), at once (a timer's 1 ms) for
    // the next, a poll before the third (which fails), the error pause before the fourth.
    const gaps = started.map((t, i) => t - (i === 0 ? t0 : started[i - 1]!))
    expect(gaps).toEqual([1_000, 1, 1_000, 5_000])
    await handle.stop()
  })

  it('runs at once when woken, and right after the cycle in flight when woken during it', async () => {
    const t0 = Date.now()
    let finish!: () => void
    const started: number[] = []
    const handle = startPollingLoop({
      pollMs: 10_000,
      logger: silentLogger,
      failureMessage: 'cycle failed',
      cycle: async () => {
        started.push(Date.now() - t0)
        if (started.length === 1) await new Promise<void>((resolve) => (finish = resolve))
        return { again: false }
      },
    })
    handle.wake()
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual([0])
    handle.wake() // during the first cycle
    await vi.advanceTimersByTimeAsync(300)
    finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual([0, 300])
    await handle.stop()
  })

  it('stops: stop waits for the cycle in flight, which sees it through its signal, and no cycle follows', async () => {
    let cycles = 0
    let sawStop = false
    let finish!: () => void
    const handle = startPollingLoop({
      pollMs: 1_000,
      logger: silentLogger,
      failureMessage: 'cycle failed',
      cycle: async (signal) => {
        cycles++
        await new Promise<void>((resolve) => (finish = resolve))
        sawStop = signal.aborted
        return { again: true }
      },
    })
    await vi.advanceTimersByTimeAsync(1_000)
    let stopped = false
    const stopping = handle.stop().then(() => (stopped = true))
    await vi.advanceTimersByTimeAsync(10)
    expect(stopped).toBe(false)
    finish()
    await stopping
    expect(sawStop).toBe(true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(cycles).toBe(1)
  })
})
