import { request as httpRequest, type Agent as HttpAgent, type IncomingMessage } from 'node:http'
import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https'
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent'
import { WEBHOOK_RESPONSE_BODY_LIMIT } from '#shared/webhooks.ts'

/** What a receiver answered (any status: the caller decides what counts as delivered). */
export interface WebhookResponse {
  status: number
  /** The first WEBHOOK_RESPONSE_BODY_LIMIT bytes as text; the rest is never read. */
  body: string
  durationMs: number
}

/** A delivery that got no answer. `refused`: the SSRF guard stopped it (never retried). */
export class WebhookSendError extends Error {
  constructor(
    message: string,
    readonly refused = false,
    readonly durationMs: number | null = null,
  ) {
    super(message)
    this.name = 'WebhookSendError'
  }
}

export interface WebhookAgents {
  http: HttpAgent
  https: HttpsAgent
}

/**
 * The agents every delivery connects through: request-filtering-agent checks the address each
 * connection is actually made to, after DNS, so a host that resolves to a private or loopback
 * address (or starts to: DNS rebinding) is refused however the URL looked when it was registered.
 * `allowPrivateAddresses` (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES) lifts that for tests. No keep-alive:
 * receivers are many and called seldom.
 */
export function createWebhookAgents(allowPrivateAddresses: boolean): WebhookAgents {
  const options = { allowPrivateIPAddress: allowPrivateAddresses, keepAlive: false }
  return { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) }
}

/** The agent's refusal ("DNS lookup 127.0.0.1(…) is not allowed. Because, It is private IP address."). */
const REFUSED = /is not allowed\. Because,? It is (private|meta) IP address/i

function describe(error: NodeJS.ErrnoException, timeoutMs: number): string {
  if (error.name === 'TimeoutError') return `No answer within ${timeoutMs / 1000} s.`
  const known: Record<string, string> = {
    ECONNREFUSED: 'Connection refused.',
    ECONNRESET: 'The connection was reset.',
    ENOTFOUND: "The host name couldn't be found.",
    EAI_AGAIN: "The host name couldn't be looked up (DNS failure).",
    EHOSTUNREACH: 'The host is unreachable.',
    CERT_HAS_EXPIRED: "The endpoint's TLS certificate has expired.",
    DEPTH_ZERO_SELF_SIGNED_CERT: "The endpoint's TLS certificate is self-signed.",
    ERR_TLS_CERT_ALTNAME_INVALID: "The endpoint's TLS certificate is for another host.",
  }
  return (error.code && known[error.code]) ?? `Request failed: ${error.message}`.slice(0, 300)
}

/**
 * POSTs one signed delivery: JSON body, the given headers, `timeoutMs` for the whole exchange
 * (connect, answer and the kept part of its body), no redirect followed (node:http never follows
 * one: a 3xx is just an answer that isn't 2xx). The body is read up to the limit and the connection
 * dropped there, so a receiver can't make us download a large answer. NUL characters are removed
 * (the database's text can't hold them); invalid UTF-8 reads as U+FFFD.
 */
export function postWebhook(input: { url: string; body: string; headers: Record<string, string>; agents: WebhookAgents; timeoutMs: number }): Promise<WebhookResponse> {
  const url = new URL(input.url)
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  return new Promise((resolve, reject) => {
    let settled = false
    const fail = (error: WebhookSendError) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      reject(error)
    }
    const options = {
      method: 'POST',
      headers: { ...input.headers, 'content-length': String(Buffer.byteLength(input.body)) },
    }
    const onResponse = (res: IncomingMessage) => {
      const chunks: Buffer[] = []
      let kept = 0
      const finish = () => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        // `stream`: a character cut in half at the limit is left out rather than turned into U+FFFD.
        const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_BODY_LIMIT), { stream: true }).replaceAll('\u0000', '')
        resolve({ status: res.statusCode ?? 0, body: text, durationMs: elapsed() })
        res.destroy()
      }
      res.on('data', (chunk: Buffer) => {
        if (kept < WEBHOOK_RESPONSE_BODY_LIMIT) {
          chunks.push(chunk)
          kept += chunk.length
        }
        if (kept >= WEBHOOK_RESPONSE_BODY_LIMIT) finish()
      })
      res.on('end', finish)
      // Cut off after the status came: the status counts, with what arrived of the body.
      res.on('error', finish)
      res.on('close', finish)
    }
    const req =
      url.protocol === 'https:'
        ? httpsRequest(url, { ...options, agent: input.agents.https }, onResponse)
        : httpRequest(url, { ...options, agent: input.agents.http }, onResponse)
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })), input.timeoutMs)
    req.on('error', (error: NodeJS.ErrnoException) => {
      const refused = REFUSED.test(error.message)
      fail(new WebhookSendError(refused ? 'refused' : describe(error, input.timeoutMs), refused, elapsed()))
    })
    req.end(input.body)
  })
}
