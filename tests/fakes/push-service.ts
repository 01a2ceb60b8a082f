import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Agent, createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { readBodyBytes as readBody } from './read-body.ts'

/**
 * A Web Push service on https://127.0.0.1 (web-push only speaks HTTPS; the certificate is
 * tests/fixtures/loopback-tls, trusted through `agent`). It plays both sides a browser and its push
 * service would: `subscribe()` makes a subscription as the browser does (a P-256 key pair and a
 * 16-byte auth secret, bound to the server's VAPID key), and a push to its endpoint is checked
 * like a push service checks it (RFC 8292 VAPID: the ES256 JWT's signature, audience, expiry and
 * subject) and decrypted like the browser decrypts it (RFC 8291 / RFC 8188 aes128gcm).
 */

const TLS_DIR = path.resolve(import.meta.dirname, '../fixtures/loopback-tls')

export interface FakeSubscription {
  id: string
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface ReceivedPush {
  subscriptionId: string
  /** The decrypted payload. */
  payload: string
  ttl: string | undefined
  urgency: string | undefined
  topic: string | undefined
  vapid: { aud: string; sub: string; exp: number; publicKey: string }
}

export interface FakePushRule {
  status: number
  /** Only pushes to this subscription; all when absent. */
  subscriptionId?: string
  times?: number
}

export interface FakePushService {
  url: string
  /** Give it to the driver: trusts the fake's certificate and nothing else. */
  agent: Agent
  subscribe(options: { applicationServerKey: string }): FakeSubscription
  received: ReceivedPush[]
  /** Pushes refused before decryption, with why (bad VAPID signature, wrong key…). */
  refused: { subscriptionId: string; status: number; reason: string }[]
  respondWith(rule: FakePushRule): void
  close(): Promise<void>
}

interface SubscriptionState {
  ecdh: ReturnType<typeof createECDH>
  auth: Buffer
  applicationServerKey: string
}

const b64url = (value: string) => Buffer.from(value, 'base64url')

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256-signed by that key. Returns an error text or the claims. */
function checkVapid(header: string | undefined, origin: string, expectedKey: string): { error: string } | ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '')
  if (!match) return { error: 'no vapid Authorization header' }
  const [, jwt, k] = match as unknown as [string, string, string]
  if (k !== expectedKey) return { error: 'the VAPID key is not the one the subscription was made with' }
  const [head, claims, signature] = jwt.split('.')
  if (!head || !claims || !signature) return { error: 'malformed JWT' }
  const point = b64url(k)
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  })
  const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, b64url(signature))
  if (!signed) return { error: 'bad JWT signature' }
  const header_ = JSON.parse(b64url(head).toString('utf8')) as { alg?: string }
  const body = JSON.parse(b64url(claims).toString('utf8')) as { aud?: string; sub?: string; exp?: number }
  const now = Math.floor(Date.now() / 1000)
  if (header_.alg !== 'ES256') return { error: `alg ${header_.alg}` }
  if (body.aud !== origin) return { error: `aud ${body.aud} is not ${origin}` }
  if (!body.exp || body.exp <= now || body.exp > now + 24 * 3600) return { error: 'exp not within 24 hours' }
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) return { error: 'sub is not a mailto: or https: contact' }
  return { aud: body.aud, sub: body.sub, exp: body.exp, publicKey: k }
}

/** RFC 8188 header (salt 16 | rs 4 | idlen 1 | keyid) and one record, keys from RFC 8291 section 3.4. */
function decrypt(body: Buffer, subscription: SubscriptionState): string {
  const salt = body.subarray(0, 16)
  const idlen = body.readUInt8(20)
  const senderPublic = body.subarray(21, 21 + idlen)
  const record = body.subarray(21 + idlen)
  const receiverPublic = subscription.ecdh.getPublicKey()
  const ecdhSecret = subscription.ecdh.computeSecret(senderPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic])
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, subscription.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2)
  if (end < 0 || padded.subarray(end + 1).some((byte) => byte !== 0)) throw new Error('bad padding')
  return padded.subarray(0, end).toString('utf8')
}

export async function startFakePushService(): Promise<FakePushService> {
  const cert = readFileSync(path.join(TLS_DIR, 'cert.pem'))
  const subscriptions = new Map<string, SubscriptionState>()
  const received: ReceivedPush[] = []
  const refused: FakePushService['refused'] = []
  const rules: Array<FakePushRule & { used: number }> = []
  let origin = ''
  let delivered = 0

  const server: Server = createServer({ cert, key: readFileSync(path.join(TLS_DIR, 'key.pem')) }, async (req, res) => {
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? ''
    const body = await readBody(req)
    const reply = (status: number, reason?: string) => {
      if (reason) refused.push({ subscriptionId: id, status, reason })
      res.writeHead(status, status === 201 ? { location: `${origin}/messages/${++delivered}` } : {})
      res.end(reason ?? '')
    }
    const subscription = subscriptions.get(id)
    if (req.method !== 'POST' || !subscription) return reply(404, 'no such subscription')
    const vapid = checkVapid(req.headers.authorization, origin, subscription.applicationServerKey)
    if ('error' in vapid) return reply(403, vapid.error)
    if (req.headers['content-encoding'] !== 'aes128gcm') return reply(415, `content-encoding ${req.headers['content-encoding']}`)
    if (req.headers.ttl === undefined) return reply(400, 'TTL header missing')
    const rule = [...rules].reverse().find((r) => (r.times === undefined || r.used < r.times) && (!r.subscriptionId || r.subscriptionId === id))
    if (rule) {
      rule.used++
      if (rule.status === 404 || rule.status === 410) subscriptions.delete(id)
      return reply(rule.status)
    }
    let payload: string
    try {
      payload = decrypt(body, subscription)
    } catch (error) {
      return reply(400, `cannot decrypt: ${(error as Error).message}`)
    }
    received.push({
      subscriptionId: id,
      payload,
      ttl: req.headers.ttl as string | undefined,
      urgency: req.headers.urgency as string | undefined,
      topic: req.headers.topic as string | undefined,
      vapid,
    })
    reply(201)
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  const agent = new Agent({ ca: cert, keepAlive: false })

  return {
    url: origin,
    agent,
    received,
    refused,
    subscribe({ applicationServerKey }) {
      const id = randomBytes(8).toString('hex')
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      subscriptions.set(id, { ecdh, auth, applicationServerKey })
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } }
    },
    respondWith: (rule) => void rules.push({ ...rule, used: 0 }),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
