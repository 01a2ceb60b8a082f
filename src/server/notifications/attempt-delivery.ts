import type { Logger } from '../lib/logger.ts'
import { backoffMs } from '../lib/backoff.ts'
import { withTimeout } from '#shared/timeout.ts'
import { ChannelError, type ChannelSendResult } from './channel-driver.ts'
import { errorText, MissingAddressError } from './channel-errors.ts'
import type { RetryPolicy } from './retry-policy.ts'

/** `released`: the round's lease was too near its end to start a send; the row goes back, attempt not counted. */
export type DeliveryOutcome = 'sent' | 'retrying' | 'dead' | 'skipped' | 'released' | 'lost-lease' | 'error'
export type DispatchSummary = { claimed: number } & Record<DeliveryOutcome, number>

export const emptySummary = (): DispatchSummary => ({ claimed: 0, sent: 0, retrying: 0, dead: 0, skipped: 0, released: 0, 'lost-lease': 0, error: 0 })

export interface OutcomeFields {
  status?: 'sent' | 'dead' | 'skipped'
  nextAttemptAt?: Date
  lastError?: string | null
  providerMessageId?: string | null
  sentAt?: Date
}

/**
 * What the dispatcher sends as one message and records one outcome for: a notice, or a daily
 * digest of notices (decision 054). Its row was claimed with a lease; `startAttempt` and `record`
 * land only while that lease is still ours.
 */
export interface DeliveryUnit {
  attempts: number
  lastError: string | null
  log: Record<string, unknown>
  /** Counts an attempt (committed before the send); the attempt's number, or null when the lease was lost. */
  startAttempt(): Promise<number | null>
  /** Writes the outcome; false when the lease was lost. */
  record(fields: OutcomeFields): Promise<boolean>
}

export interface AttemptOptions {
  retry: RetryPolicy
  sendTimeoutMs: number
  canStartSend: () => boolean
}

/**
 * One delivery attempt with its outcome recorded: give up on a unit whose every attempt died with
 * its dispatcher, skip one that must not go any more (`skipReason`), release one the round has no
 * time left to send, else count the attempt, send within the timeout and record sent / retry later
 * with backoff / dead / skipped (no address).
 */
export async function attemptDelivery(
  deps: { logger: Logger; now: () => Date; random?: (() => number) | undefined },
  unit: DeliveryUnit,
  { driverName, skipReason, send }: { driverName: string; skipReason: () => string | null; send: () => Promise<ChannelSendResult> },
  { retry, sendTimeoutMs, canStartSend }: AttemptOptions,
): Promise<DeliveryOutcome> {
  const log = { ...unit.log, attempt: unit.attempts }
  const lostLease = (): DeliveryOutcome => {
    deps.logger.warn(log, 'notification lease ran out before its outcome was recorded; another dispatcher has it')
    return 'lost-lease'
  }
  const record = async (outcome: DeliveryOutcome, fields: OutcomeFields): Promise<DeliveryOutcome> => ((await unit.record(fields)) ? outcome : lostLease())

  // Every allowed attempt was started and none ended with an outcome (a failure would have been
  // recorded): the dispatcher died during each send, so this row may be what kills it. Give up
  // rather than loop.
  if (unit.attempts >= retry.maxAttempts) {
    deps.logger.warn(log, 'notification is dead: its dispatcher stopped during every attempt')
    return record('dead', { status: 'dead', lastError: unit.lastError ?? `gave up after ${retry.maxAttempts} attempts without an outcome` })
  }

  const reason = skipReason()
  if (reason) {
    deps.logger.info({ ...log, reason }, 'notification skipped')
    return record('skipped', { status: 'skipped', lastError: `skipped: ${reason}` })
  }

  if (!canStartSend()) {
    deps.logger.info(log, 'notification released unsent: the round ran too long to start a send within its lease')
    return record('released', {})
  }
  // Counted (and committed) before the provider is called; a crash from here on costs this attempt.
  const attempt = await unit.startAttempt()
  if (attempt === null) return lostLease()
  log.attempt = attempt
  try {
    const result = await withTimeout(send, sendTimeoutMs, () => new ChannelError(`no answer within ${sendTimeoutMs / 1000} s`, true))
    deps.logger.info({ ...log, driver: driverName }, 'notification sent')
    return record('sent', { status: 'sent', sentAt: deps.now(), providerMessageId: result.providerMessageId, lastError: null })
  } catch (error) {
    if (error instanceof MissingAddressError) {
      deps.logger.info({ ...log, reason: error.message }, 'notification skipped')
      return record('skipped', { status: 'skipped', lastError: `skipped: ${error.message}` })
    }
    // Anything but a ChannelError is a bug of ours; retrying is bounded by the attempt limit.
    if (!(error instanceof ChannelError)) deps.logger.error({ ...log, err: error }, 'notification driver failed unexpectedly')
    const retryable = error instanceof ChannelError ? error.retryable : true
    const lastError = errorText(error)
    if (!retryable || attempt >= retry.maxAttempts) {
      deps.logger.warn({ ...log, driver: driverName, error: lastError }, 'notification is dead')
      return record('dead', { status: 'dead', lastError })
    }
    const nextAttemptAt = new Date(deps.now().getTime() + backoffMs(attempt, retry, deps.random))
    deps.logger.info({ ...log, driver: driverName, error: lastError, nextAttemptAt }, 'notification will be retried')
    return record('retrying', { nextAttemptAt, lastError })
  }
}
