/** A deadline that passed. (Shared: the server's provider calls, sends and probes, and the browser's calls use the same helper.) */
export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`)
    this.name = 'TimeoutError'
  }
}

/**
 * The one timeout helper: runs `work` with a signal that aborts after `ms` and rejects with
 * `onTimeout()` (a TimeoutError by default) if the deadline comes first. Work that honours the
 * signal stops; work that doesn't is left to finish unobserved.
 */
export async function withTimeout<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms: number,
  onTimeout: () => Error = () => new TimeoutError(ms),
): Promise<T> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(onTimeout())
    }, ms)
  })
  try {
    return await Promise.race([work(controller.signal), deadline])
  } finally {
    clearTimeout(timer)
  }
}
