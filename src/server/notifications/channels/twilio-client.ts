import type TwilioSDK from 'twilio'
import type RequestClient from 'twilio/lib/base/RequestClient'

export interface TwilioClientConfig {
  accountSid: string
  authToken: string
  /** Origin that stands in for https://api.twilio.com (tests: a local fake). */
  baseUrl: string
  timeoutMs: number
}

export const TWILIO_API_ORIGIN = 'https://api.twilio.com'

/** An SMS sender is a number or a Messaging Service SID (MG…), which Twilio takes in another field. */
export const smsSenderFields = (from: string): { from: string } | { messagingServiceSid: string } =>
  from.startsWith('MG') ? { messagingServiceSid: from } : { from }

/** Same path and query on another origin: where the client's request really goes. */
export function rebaseUrl(uri: string, baseUrl: string): string {
  const url = new URL(uri)
  return new URL(`${url.pathname}${url.search}`, baseUrl).href
}

/**
 * The official client, loaded on first use so starting the app doesn't pay for it (~150 ms).
 *
 * The SDK has no base-URL option (edge and region only rewrite the twilio.com host name), but it
 * takes a custom `httpClient`: a RequestClient subclass that moves each request to `baseUrl`
 * keeps everything else the SDK does (form encoding, basic auth, error parsing) on the real path.
 * Retries are ours (the dispatcher's backoff), so the SDK's own 429 retry stays off.
 */
export async function loadTwilioClient(config: TwilioClientConfig): Promise<TwilioSDK.Twilio> {
  const { default: twilio } = await import('twilio')
  const requestOptions = { timeout: config.timeoutMs, autoRetry: false }
  if (new URL(config.baseUrl).origin === TWILIO_API_ORIGIN) {
    return twilio(config.accountSid, config.authToken, { httpClient: new twilio.RequestClient(requestOptions), autoRetry: false })
  }
  class RebasingRequestClient extends twilio.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      return super.request<TData>({ ...opts, uri: rebaseUrl(opts.uri, config.baseUrl) })
    }
  }
  return twilio(config.accountSid, config.authToken, { httpClient: new RebasingRequestClient(requestOptions), autoRetry: false })
}
