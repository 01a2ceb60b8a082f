import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readBody } from './read-body.ts'

/**
 * A stand-in for api.twilio.com's Messages API on 127.0.0.1 (random port), so the real `twilio`
 * SDK is tested over HTTP without the internet. It checks what Twilio checks first (basic auth
 * with the account SID and auth token, the account in the path, form-encoded To/From/Body) and
 * answers in Twilio's shapes: 201 with the message resource, or an error body with Twilio's code.
 */

export interface FakeTwilioMessage {
  sid: string
  accountSid: string
  to: string
  from: string | null
  messagingServiceSid: string | null
  body: string
  /** Every form field as sent. */
  fields: Record<string, string>
  userAgent: string | undefined
}

export interface FakeTwilioRule {
  status: number
  /** Twilio error code in the body (e.g. 21211 invalid number, 20429 too many requests). */
  code?: number
  message?: string
  /** Answer this many requests, then stand down; forever when absent. */
  times?: number
}

export interface FakeTwilio {
  url: string
  accountSid: string
  authToken: string
  /** Messages it accepted (201). */
  messages: FakeTwilioMessage[]
  /** Every request, accepted or not. */
  requests: { method: string; path: string; status: number }[]
  /**
   * Milliseconds between accepting a message (it is in `messages`) and answering: the network's
   * return trip, during which a sender that dies has had its message sent without knowing it.
   */
  answerDelayMs: number
  /** The next matching requests fail this way (the most recent rule first). */
  respondWith(rule: FakeTwilioRule): void
  reset(): void
  close(): Promise<void>
}

const E164 = /^\+[1-9]\d{6,14}$/

const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
})

export async function startFakeTwilio(
  credentials: { accountSid: string; authToken: string } = { accountSid: `AC${randomBytes(16).toString('hex')}`, authToken: randomBytes(16).toString('hex') },
): Promise<FakeTwilio> {
  const messages: FakeTwilioMessage[] = []
  const requests: FakeTwilio['requests'] = []
  let rules: Array<FakeTwilioRule & { used: number }> = []

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    const body = await readBody(req)
    const answer = (status: number, payload: unknown) => {
      requests.push({ method: req.method ?? '', path, status })
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify(payload))
    }

    const [scheme, encoded] = (req.headers.authorization ?? '').split(' ')
    const [user, password] = Buffer.from(encoded ?? '', 'base64').toString('utf8').split(':')
    if (scheme !== 'Basic' || user !== credentials.accountSid || password !== credentials.authToken) {
      return answer(401, twilioError(401, 20003, 'Authenticate'))
    }
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path)
    if (req.method !== 'POST' || !match) return answer(404, twilioError(404, 20404, `The requested resource ${path} was not found`))
    if (match[1] !== credentials.accountSid) return answer(403, twilioError(403, 20003, 'Authenticate'))
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return answer(400, twilioError(400, 20001, 'Content-Type must be application/x-www-form-urlencoded'))
    }

    const rule = [...rules].reverse().find((r) => r.times === undefined || r.used < r.times)
    if (rule) {
      rule.used++
      return answer(rule.status, twilioError(rule.status, rule.code ?? 20500, rule.message ?? 'Fake Twilio was told to fail'))
    }

    const fields = Object.fromEntries(new URLSearchParams(body))
    const { To: to, From: from, MessagingServiceSid: service, Body: text } = fields
    if (!to) return answer(400, twilioError(400, 21604, "A 'To' phone number is required."))
    if (!from && !service) return answer(400, twilioError(400, 21603, "A 'From' phone number is required."))
    if (!text) return answer(400, twilioError(400, 21602, 'Message body is required.'))
    const whatsapp = to.startsWith('whatsapp:')
    if (from && from.startsWith('whatsapp:') !== whatsapp) return answer(400, twilioError(400, 21910, "Invalid 'From' and 'To' pair."))
    if (!E164.test(to.replace(/^whatsapp:/, ''))) return answer(400, twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`))
    if (text.length > 1600) return answer(400, twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.'))

    const sid = `SM${randomBytes(16).toString('hex')}`
    messages.push({
      sid,
      accountSid: match[1],
      to,
      from: from ?? null,
      messagingServiceSid: service ?? null,
      body: text,
      fields,
      userAgent: req.headers['user-agent'],
    })
    if (fake.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.answerDelayMs))
    answer(201, {
      sid,
      account_sid: match[1],
      to,
      from: from ?? null,
      messaging_service_sid: service ?? null,
      body: text,
      status: 'queued',
      num_segments: String(Math.ceil(text.length / 153)),
      direction: 'outbound-api',
      date_created: new Date().toUTCString(),
      uri: `/2010-04-01/Accounts/${match[1]}/Messages/${sid}.json`,
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // Loopback only: nothing outside this machine can reach the fake.
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo

  const fake: FakeTwilio = {
    url: `http://127.0.0.1:${port}`,
    ...credentials,
    messages,
    requests,
    answerDelayMs: 0,
    respondWith: (rule) => void rules.push({ ...rule, used: 0 }),
    reset() {
      messages.length = 0
      requests.length = 0
      rules = []
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return fake
}
