import type { NotificationChannel } from '#shared/plans.ts'
import { ChannelError } from './channel-driver.ts'

/**
 * The recipient has no address on this channel (no phone, no push subscription left). Not a
 * delivery failure: the dispatcher records the row as skipped, not dead.
 */
export class MissingAddressError extends ChannelError {
  constructor(readonly channel: NotificationChannel, message: string) {
    super(message, false)
    this.name = 'MissingAddressError'
  }
}

const MAX_ERROR_LENGTH = 500

/** What goes into last_error: the message only (no stack, no request with credentials), bounded. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message
}

/** 429 and 5xx are worth another try; other 4xx will fail the same way again. */
export const isRetryableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500
