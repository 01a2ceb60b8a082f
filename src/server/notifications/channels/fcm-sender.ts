import type { JWT } from 'google-auth-library'
import type { Env } from '../../env.ts'
import type { Logger } from '../../lib/logger.ts'
import { errorText, isRetryableStatus } from '../channel-errors.ts'
import type { PushOutcome, PushSender } from './push-channel.ts'
import { PUSH_TTL_SECONDS, pushTopic } from './web-push-channel.ts'

/** The OAuth token endpoint google-auth-library signs for and calls; a key file may name its own. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token'
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'

export interface FcmSenderConfig {
  serviceAccount: NonNullable<Env['FCM_SERVICE_ACCOUNT_JSON']>
  /** https://fcm.googleapis.com, or a local fake's origin in tests. */
  apiBaseUrl: string
  timeoutMs: number
  /** FCM says the token will never work again (UNREGISTERED, or not a token of this project): forget it. */
  removeToken(token: string): Promise<void>
  logger: Logger
}

/** What FCM v1 answers on failure: Google's error with an FcmError detail naming the reason. */
interface FcmErrorBody {
  error?: { status?: string; message?: string; details?: { '@type'?: string; errorCode?: string }[] }
}

/**
 * FCM error codes meaning the token itself is dead, as Firebase's guide on stale tokens lists them:
 * the app was uninstalled or its token rotated (UNREGISTERED), the token is malformed
 * (INVALID_ARGUMENT: our message is fixed-form, so only the token varies), or it belongs to another
 * Firebase project (SENDER_ID_MISMATCH).
 */
const DEAD_TOKEN_CODES = new Set(['UNREGISTERED', 'INVALID_ARGUMENT', 'SENDER_ID_MISMATCH'])

/**
 * Android app push through Firebase Cloud Messaging HTTP v1 (decision 039). google-auth-library
 * signs the service account's assertion, exchanges it for an access token and keeps it until
 * shortly before expiry; when FCM refuses it anyway (revoked, clocks apart), one new token is
 * fetched and the send tried once more.
 * A notification message (title and body, shown by Android even while the app is closed) with the
 * link in `data.url`, which the app opens when the notice is tapped: the Web Push payload's shape.
 */
export function createFcmSender(config: FcmSenderConfig): PushSender {
  const { serviceAccount, apiBaseUrl, timeoutMs, removeToken, logger } = config
  const sendUrl = `${apiBaseUrl.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(serviceAccount.project_id)}/messages:send`
  let client: Promise<JWT> | null = null

  // Loaded on first use: most processes never send an app notice, and the library is large.
  const authClient = () =>
    (client ??= import('google-auth-library').then(({ JWT }) => {
      const jwt = new JWT({
        email: serviceAccount.client_email,
        key: serviceAccount.private_key,
        ...(serviceAccount.private_key_id ? { keyId: serviceAccount.private_key_id } : {}),
        scopes: [FCM_SCOPE],
      })
      // The library always calls Google's token endpoint; a key file names the one it was issued
      // for (`token_uri`), as Google's other client libraries honour. Tests' key files name a fake.
      const tokenUri = serviceAccount.token_uri
      if (tokenUri && tokenUri !== GOOGLE_TOKEN_URL) {
        jwt.transporter.interceptors.request.add({
          resolved: async (options) => (String(options.url) === GOOGLE_TOKEN_URL ? { ...options, url: new URL(tokenUri) } : options),
        })
      }
      return jwt
    }))

  /** One send; `retried`: this is the second try, after a refused access token. */
  async function deliver(token: string, message: { title: string; body: string; url: string }, tag: string, retried = false): Promise<PushOutcome> {
    const jwt = await authClient()
    try {
      const res = await jwt.request<{ name?: string }>({
        url: sendUrl,
        method: 'POST',
        timeout: timeoutMs,
        // The dispatcher owns retries (its policy, its lease); the library makes one attempt.
        retry: false,
        data: {
          message: {
            token,
            notification: { title: message.title, body: message.body },
            data: { url: message.url },
            android: {
              // A price drop is worth waking the phone for; FCM delays normal priority in Doze.
              priority: 'high',
              ttl: `${PUSH_TTL_SECONDS}s`,
              // A retried notice replaces its earlier copy, in FCM's queue and on the screen.
              collapse_key: tag,
              notification: { tag },
            },
          },
        },
      })
      return { ok: true, id: res.data.name ?? null }
    } catch (error) {
      const response = (error as { response?: { status?: number; data?: unknown } }).response
      const status = response?.status
      if (typeof status !== 'number') return { ok: false, gone: false, retryable: true, error: errorText(error) }
      const body = (response?.data ?? {}) as FcmErrorBody
      const code = body.error?.details?.find((detail) => detail['@type']?.endsWith('FcmError'))?.errorCode ?? body.error?.status ?? `HTTP ${status}`
      if (status === 401 && code === 'UNAUTHENTICATED' && !retried) {
        // The library renews a token only when its own clock says it is expiring (its
        // forceRefreshOnFailure retries with the same cached token): mark it expired, then retry.
        jwt.credentials = { ...jwt.credentials, expiry_date: 1 }
        return deliver(token, message, tag, true)
      }
      if (DEAD_TOKEN_CODES.has(code)) {
        await removeToken(token)
        return { ok: false, gone: true, retryable: false, error: `FCM token gone (${code})` }
      }
      // THIRD_PARTY_AUTH_ERROR, PERMISSION_DENIED, UNAUTHENTICATED after a fresh token: our setup, not the device.
      if (status === 401 || status === 403) logger.warn({ status, code }, 'FCM refused our service account: check FCM_SERVICE_ACCOUNT_JSON and the Firebase project')
      return { ok: false, gone: false, retryable: isRetryableStatus(status), error: `FCM ${code} (HTTP ${status})` }
    }
  }

  return {
    name: 'fcm',
    async deliverAll(message, to, dedupeKey) {
      const devices = to.nativePushDevices.filter((device) => device.platform === 'android')
      const tag = pushTopic(dedupeKey)
      return Promise.all(devices.map((device) => deliver(device.token, message, tag)))
    },
  }
}
