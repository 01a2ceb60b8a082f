import { createHmac, timingSafeEqual } from 'node:crypto'
import type { NotificationChannel } from '#shared/plans.ts'

/**
 * One-click unsubscribe links (RFC 8058) work without signing in, so the link itself is the
 * credential: an HMAC-SHA256 of the alert id and the channel under a key derived from the app's
 * auth secret. Nobody can forge one for another alert, which is also what makes the unsigned POST
 * safe from cross-site forgery. Links don't expire: an unsubscribe link in an old email must work.
 */
export interface UnsubscribeLinks {
  token(alertId: string, channel?: NotificationChannel): string
  verify(alertId: string, token: string, channel?: NotificationChannel): boolean
  /** The full link for an alert's emails, used in the body and the List-Unsubscribe header. */
  url(alertId: string): string
  /** A daily digest's link (decision 054): stops email for every alert in that digest. */
  digestUrl(digestId: string): string
  verifyDigest(digestId: string, token: string): boolean
}

export function createUnsubscribeLinks({ secret, publicUrl }: { secret: string; publicUrl: string }): UnsubscribeLinks {
  // A key of its own, so an unsubscribe token can never pass for anything else the secret signs.
  const key = createHmac('sha256', secret).update('faredrop:unsubscribe-link:v1').digest()
  const token = (alertId: string, channel: NotificationChannel = 'email') =>
    createHmac('sha256', key).update(`${alertId}:${channel}`).digest('base64url')
  // A digest's token signs another label, so it can never pass for an alert's (or the reverse).
  const digestToken = (digestId: string) => createHmac('sha256', key).update(`digest:${digestId}`).digest('base64url')
  const same = (expected: string, given: string) => {
    const a = Buffer.from(given)
    const b = Buffer.from(expected)
    return a.length === b.length && timingSafeEqual(a, b)
  }
  return {
    token,
    verify: (alertId, given, channel = 'email') => same(token(alertId, channel), given),
    url: (alertId) => `${publicUrl}/api/alerts/${alertId}/unsubscribe?token=${token(alertId)}`,
    digestUrl: (digestId) => `${publicUrl}/api/alerts/digests/${digestId}/unsubscribe?token=${digestToken(digestId)}`,
    verifyDigest: (digestId, given) => same(digestToken(digestId), given),
  }
}
