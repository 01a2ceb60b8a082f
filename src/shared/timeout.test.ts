import { describe, expect, it } from 'vitest'
import { TimeoutError, withTimeout } from './timeout.ts'

describe('withTimeout', () => {
  it('answers with the work when it is in time, and aborts and rejects when it is not', async () => {
    expect(await withTimeout(async () => 'done', 1_000)).toBe('done')
    let aborted = false
    const late = withTimeout(
      (signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => (aborted = true))
          setTimeout(resolve, 1_000)
        }),
      10,
    )
    await expect(late).rejects.toBeInstanceOf(TimeoutError)
    expect(aborted).toBe(true)
  })

  it("rejects with the caller's error, and passes the work's own failure through", async () => {
    const never = () => new Promise<never>(() => {})
    await expect(withTimeout(never, 5, () => new RangeError('too slow'))).rejects.toThrow(RangeError)
    await expect(withTimeout(async () => Promise.reject(new Error('refused')), 1_000)).rejects.toThrow('refused')
  })
})
