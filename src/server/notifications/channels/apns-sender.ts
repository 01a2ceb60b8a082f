import type { Provider } from '@parse/node-apn'
import type { Logger } from '../../lib/logger.ts'
import { errorText, isRetryableStatus } from '../channel-errors.ts'
import type { PushOutcome, PushSender } from './push-channel.ts'
import { PUSH_TTL_SECONDS, pushTopic } from './web-push-channel.ts'

export interface ApnsSenderConfig {
  /** The .p8 key's text, its key id and its team (IOS_APP_TEAM_ID). */
  key: string
  keyId: string
  teamId: string
  /** The app's bundle id: APNs delivers only to tokens of that app. */
  topic: string
  production: boolean
  /** Tests: a local APNs (`https://127.0.0.1:port`) and the certificate it presents. */
  apiUrl?: string
  ca?: string
  timeoutMs: number
  /** APNs says the token will never work here again: forget it. */
  removeToken(token: string): Promise<void>
  logger: Logger
}

/**
 * APNs reasons meaning the token itself is dead for this server: the app was uninstalled or push
 * turned off (410 Unregistered, or ExpiredToken), the token is malformed or from the other APNs
 * environment (BadDeviceToken: a build run from Xcode against a production server), or it belongs
 * to another app (DeviceTokenNotForTopic).
 */
const DEAD_TOKEN_REASONS = new Set(['Unregistered', 'BadDeviceToken', 'DeviceTokenNotForTopic', 'ExpiredToken'])

/** What @parse/node-apn reports for a device it could not deliver to. */
interface ApnsFailure {
  device: string
  status?: number | string
  response?: { reason?: string }
  error?: unknown
}

/**
 * iOS app push through APNs with token authentication (decision 039), by @parse/node-apn over one
 * HTTP/2 connection it keeps open and re-signs its provider token for. An alert notice (title and
 * body, shown while the app is closed) with the link as the custom key `url`, which the app opens
 * when the notice is tapped: the Web Push payload's shape.
 */
export function createApnsSender(config: ApnsSenderConfig): PushSender & { close(): Promise<void> } {
  const { logger, removeToken } = config
  let provider: Promise<Provider> | null = null
  const apiUrl = config.apiUrl ? new URL(config.apiUrl) : null

  // Loaded and connected on first use: most processes never send an iOS notice.
  const connection = () =>
    (provider ??= import('@parse/node-apn').then(
      ({ Provider }) =>
        new Provider({
          token: { key: config.key, keyId: config.keyId, teamId: config.teamId },
          production: config.production,
          ...(apiUrl ? { address: apiUrl.hostname, port: Number(apiUrl.port || 443) } : {}),
          ...(config.ca ? { ca: [config.ca] } : {}),
          requestTimeout: config.timeoutMs,
          // One quick second try (a new provider token after ExpiredProviderToken, a 5xx); the
          // dispatcher's retry policy covers anything longer.
          connectionRetryLimit: 1,
        }),
    ))

  async function deliverTo(tokens: string[], message: { title: string; body: string; url: string }, collapseId: string): Promise<PushOutcome[]> {
    const { Notification } = await import('@parse/node-apn')
    const note = new Notification()
    note.topic = config.topic
    note.pushType = 'alert'
    note.priority = 10
    note.expiry = Math.floor(Date.now() / 1000) + PUSH_TTL_SECONDS
    // A retried notice replaces its earlier copy on the device.
    note.collapseId = collapseId
    note.alert = { title: message.title, body: message.body }
    note.sound = 'default'
    note.payload = { url: message.url }

    const result = await (await connection()).send(note, tokens)
    const failedBy = new Map((result.failed as ApnsFailure[]).map((failure) => [failure.device, failure]))
    const sentIds = new Map((result.sent as { device: string; 'apns-id'?: string }[]).map((sent) => [sent.device, sent['apns-id'] ?? null]))
    return Promise.all(
      tokens.map(async (token): Promise<PushOutcome> => {
        const failure = failedBy.get(token)
        if (!failure) return { ok: true, id: sentIds.get(token) ?? null }
        const reason = failure.response?.reason
        const status = Number(failure.status)
        if (reason && DEAD_TOKEN_REASONS.has(reason)) {
          await removeToken(token)
          return { ok: false, gone: true, retryable: false, error: `APNs token gone (${reason})` }
        }
        // No reason: a 5xx whose stream ended (node-apn reports an error, not Apple's body), or no connection at all.
        if (!reason) {
          if (Number.isFinite(status)) return { ok: false, gone: false, retryable: isRetryableStatus(status), error: `APNs HTTP ${status}` }
          return { ok: false, gone: false, retryable: true, error: `APNs unreachable: ${errorText(failure.error ?? 'no answer')}` }
        }
        if (status === 403) logger.warn({ reason }, 'APNs refused our key: check APNS_KEY_ID, APNS_PRIVATE_KEY and IOS_APP_TEAM_ID')
        return { ok: false, gone: false, retryable: Number.isFinite(status) && isRetryableStatus(status), error: `APNs ${reason} (HTTP ${status})` }
      }),
    )
  }

  return {
    name: 'apns',
    async deliverAll(message, to, dedupeKey) {
      const tokens = to.nativePushDevices.filter((device) => device.platform === 'ios').map((device) => device.token)
      if (tokens.length === 0) return []
      return deliverTo(tokens, message, pushTopic(dedupeKey))
    },
    async close() {
      if (!provider) return
      const connected = await provider
      // shutdown() answers through its callback (it returns nothing, whatever its typings say).
      await new Promise<void>((resolve) => void connected.shutdown(resolve))
    },
  }
}
