import { startPollingLoop, type PollingLoop } from '../jobs/polling-loop.ts'
import { dispatchDueDigests, type DigestDispatchDeps } from './dispatch-digests.ts'
import { DISPATCH_DEFAULTS, dispatchDueNotifications, type DispatchOptions } from './dispatch-notifications.ts'
import type { OutboxSignal } from './outbox-signal.ts'

export const DISPATCH_POLL_MS = 5_000

/**
 * The notice dispatcher of a worker: a round every few seconds, at once again while rounds come
 * back full (a backlog) or when the engine queued notices during one (`wake`). Several processes
 * may each run one. Stopping waits for the round in flight, so shutdown doesn't cut a send in half.
 */
export function startNotificationDispatcher(
  deps: DigestDispatchDeps,
  options: DispatchOptions & { pollMs?: number; signal?: OutboxSignal } = {},
): PollingLoop {
  const batchSize = options.batchSize ?? DISPATCH_DEFAULTS.batchSize
  // The engine signals after queueing notices: look for them now rather than at the next poll.
  return startPollingLoop({
    pollMs: options.pollMs ?? DISPATCH_POLL_MS,
    wakeOn: options.signal,
    logger: deps.logger,
    failureMessage: 'notification round failed; retrying later',
    cycle: async () => {
      const summary = await dispatchDueNotifications(deps, options)
      // Daily digests (decision 054) in the same round: claimed, sent and retried the same way.
      const digests = await dispatchDueDigests(deps, options)
      if (summary.claimed > 0 || digests.claimed > 0) deps.logger.debug({ summary, digests }, 'notification round')
      return { again: summary.claimed >= batchSize || digests.claimed >= batchSize }
    },
  })
}
