import { startPollingLoop, type PollingLoop } from '../jobs/polling-loop.ts'
import { dispatchDueWebhooks, WEBHOOK_DISPATCH_DEFAULTS, type WebhookDispatchDeps, type WebhookDispatchOptions } from './dispatch-webhooks.ts'

/** What wakes the dispatcher: the worker's outbox signal (notifications/outbox-signal.ts), typed here by its shape. */
export interface WakeSignal {
  subscribe(listener: () => void): () => void
}

/**
 * The webhook dispatcher of a worker, beside the notice dispatcher and on the same polling loop: a
 * round every poll, at once again while rounds come back full or when events were queued in this
 * process (`signal`). Several processes may each run one; their claims never overlap. Stopping
 * waits for the round in flight.
 */
export function startWebhookDispatcher(
  deps: WebhookDispatchDeps,
  options: WebhookDispatchOptions & { pollMs: number; signal?: WakeSignal },
): PollingLoop {
  const batchSize = options.batchSize ?? WEBHOOK_DISPATCH_DEFAULTS.batchSize
  return startPollingLoop({
    pollMs: options.pollMs,
    wakeOn: options.signal,
    logger: deps.logger,
    failureMessage: 'webhook round failed; retrying later',
    cycle: async () => {
      const summary = await dispatchDueWebhooks(deps, options)
      if (summary.claimed > 0) deps.logger.debug({ summary }, 'webhook round')
      return { again: summary.claimed >= batchSize }
    },
  })
}
