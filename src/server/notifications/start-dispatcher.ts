import type { Db } from '../db/client.ts'
import type { Logger } from '../lib/logger.ts'
import type { NotificationServices } from './create-notification-services.ts'
import { DISPATCH_DEFAULTS, dispatchDueNotifications, type DispatchDeps, type DispatchOptions } from './dispatch-notifications.ts'

export interface DispatcherHandle {
  /** Look for due notices now instead of at the next poll (the engine calls it after queueing some). */
  wake(): void
  /** Stops polling and waits for the round in flight, so shutdown doesn't cut a send in half. */
  stop(): Promise<void>
}

export const DISPATCH_POLL_MS = 5_000
/** After a failed round (database unreachable), wait longer before asking again. */
const ERROR_BACKOFF_MS = 5_000

/**
 * The dispatcher loop: a round every few seconds, straight away again while rounds come back full
 * (a backlog), and never two rounds at once in one process. Several processes may each run one.
 */
export function startNotificationDispatcher(
  deps: DispatchDeps,
  options: DispatchOptions & { pollMs?: number } = {},
): DispatcherHandle {
  const pollMs = options.pollMs ?? DISPATCH_POLL_MS
  const batchSize = options.batchSize ?? DISPATCH_DEFAULTS.batchSize
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null
  let wakeRequested = false

  const schedule = (ms: number) => {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(run, ms)
  }

  function run() {
    timer = undefined
    wakeRequested = false
    running = dispatchDueNotifications(deps, options)
      .then(
        (summary) => {
          if (summary.claimed > 0) deps.logger.debug({ summary }, 'notification round')
          schedule(summary.claimed >= batchSize || wakeRequested ? 0 : pollMs)
        },
        (err: unknown) => {
          deps.logger.warn({ err }, 'notification round failed; retrying later')
          schedule(ERROR_BACKOFF_MS)
        },
      )
      .finally(() => {
        running = null
      })
  }

  // The first round waits one poll, so starting the app or worker costs nothing extra.
  schedule(pollMs)
  return {
    wake() {
      if (stopped) return
      if (running) wakeRequested = true
      else schedule(0)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}

/** The loop as main.ts and worker.ts run it: real clock, the configured channels, NOTIFICATION_POLL_MS, woken by the outbox signal. */
export function startDispatcherWith(notifications: NotificationServices, deps: { db: Db; logger: Logger; pollMs?: number; leaseMs?: number }): DispatcherHandle {
  const handle = startNotificationDispatcher(
    {
      db: deps.db,
      logger: deps.logger,
      channels: notifications.channels,
      unsubscribeUrl: notifications.unsubscribeLinks.url,
      now: () => new Date(),
    },
    { pollMs: deps.pollMs ?? DISPATCH_POLL_MS, ...(deps.leaseMs ? { leaseMs: deps.leaseMs } : {}) },
  )
  const unsubscribe = notifications.outboxSignal.subscribe(() => handle.wake())
  return {
    wake: handle.wake,
    async stop() {
      unsubscribe()
      await handle.stop()
    },
  }
}
