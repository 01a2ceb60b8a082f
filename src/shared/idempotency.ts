import { z } from 'zod'

/**
 * A create the client may have to retry without knowing whether the first attempt landed (its
 * answer lost to the network or a database restart) names itself with this header; the server
 * answers a repeat with what the first attempt made. The web app keeps one key per draft.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
/** Set on the answer when it repeats an earlier create's result. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed'

export const IDEMPOTENCY_KEY_MESSAGE = "Idempotency-Key must be 8 to 100 letters, digits, '-', '_' or ':'."

export const idempotencyKeySchema = z.string({ message: IDEMPOTENCY_KEY_MESSAGE }).regex(/^[A-Za-z0-9_:-]{8,100}$/, { message: IDEMPOTENCY_KEY_MESSAGE })
