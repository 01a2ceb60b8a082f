import { createHmac, randomBytes } from 'node:crypto'
import { WEBHOOK_SECRET_PREFIX } from '#shared/webhooks.ts'

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`

/**
 * The FareDrop-Signature header, in Stripe's format: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" keyed with the whole secret>`. Every attempt is signed anew with its own time, so a
 * receiver's tolerance window (Stripe's verifiers: 5 minutes) also accepts retries.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000)
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return `t=${timestamp},v1=${signature}`
}
