import type { Logger } from '../lib/logger.ts'

export interface CycleResult {
  /** Run the next cycle at once (a full batch: more is waiting) instead of after the poll. */
  again: boolean
}

export interface PollingLoop {
  /** Run a cycle now instead of at the next poll (or right after the cycle in flight). */
  wake(): void
  /** Stops polling, aborts the cycle's signal and waits for the cycle in flight to finish. */
  stop(): Promise<void>
}

/** After a failed cycle (the database away), wait this long before trying again. */
export const ERROR_PAUSE_MS = 5_000

/**
 * The worker's one loop (decision 022): a cycle every `pollMs`, at once again while cycles say so
 * or a wake-up came in during one, never two cycles at once in one process, a pause after a
 * failure. Each worker process runs one per job kind (price checks, notices); several processes
 * share the work through their claims and leases.
 */
export function startPollingLoop(options: {
  pollMs: number
  logger: Logger
  /** What the log says when a cycle fails (and what happens next). */
  failureMessage: string
  cycle: (signal: AbortSignal) => Promise<CycleResult>
  /** Wait before the first cycle; one poll by default, so starting a process costs nothing. */
  firstDelayMs?: number
  errorPauseMs?: number
  /** Something that says work arrived (the outbox signal): each ring wakes the loop; stopping unsubscribes. */
  wakeOn?: { subscribe(listener: () => void): () => void } | undefined
}): PollingLoop {
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null
  let wakeRequested = false

  const schedule = (ms: number) => {
    if (controller.signal.aborted) return
    clearTimeout(timer)
    timer = setTimeout(run, ms)
  }

  function run() {
    timer = undefined
    wakeRequested = false
    running = options
      .cycle(controller.signal)
      .then(
        (result) => schedule(result.again || wakeRequested ? 0 : options.pollMs),
        (err: unknown) => {
          options.logger.error({ err }, options.failureMessage)
          schedule(options.errorPauseMs ?? ERROR_PAUSE_MS)
        },
      )
      .finally(() => {
        running = null
      })
  }

  const wake = () => {
    if (controller.signal.aborted) return
    if (running) wakeRequested = true
    else schedule(0)
  }
  const unsubscribe = options.wakeOn?.subscribe(wake)

  schedule(options.firstDelayMs ?? options.pollMs)
  return {
    wake,
    async stop() {
      unsubscribe?.()
      controller.abort()
      clearTimeout(timer)
      await running
    },
  }
}
