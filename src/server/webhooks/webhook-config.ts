import type { Env } from '../env.ts'

/** How webhooks run in this process (decision 044). */
export interface WebhookConfig {
  /**
   * WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: endpoints on private, loopback and link-local addresses may be
   * registered and called (tests, local development). Off (the default), the SSRF guard refuses
   * them at registration and, for every delivery, at connect time.
   */
  allowPrivateAddresses: boolean
  /** How often the dispatcher looks for due deliveries; it is also woken when events are queued here. */
  pollMs: number
}

export function webhookConfig(env: Env): WebhookConfig {
  // The notice dispatcher's poll: both are the worker's outbox loops and wake on the same signal.
  return { allowPrivateAddresses: env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES, pollMs: env.NOTIFICATION_POLL_MS }
}
