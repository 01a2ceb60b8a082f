import { createPublicKey, generateKeyPair, randomInt, randomUUID, verify, type KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { constants, createSecureServer, type Http2Session, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'

/**
 * Apple Push Notification service on https://127.0.0.1 (random port), HTTP/2 only as Apple is, so
 * the real @parse/node-apn runs unchanged without the internet. The certificate is
 * tests/fixtures/loopback-tls (its SAN names 127.0.0.1); clients trust it through `ca`. Each fake
 * makes its own token-signing key (a P-256 PKCS#8 key, like Apple's .p8), key id and team id. A
 * push is checked as APNs checks it (the ES256 provider token, the topic, the device token, the
 * headers, the payload) and refused with Apple's status and `reason` strings, the ones from
 * "Handling notification responses from APNs".
 */

const TLS_DIR = path.resolve(import.meta.dirname, '../fixtures/loopback-tls')

export interface ApnsRule {
  status: number
  /** Apple's reason, e.g. 'BadDeviceToken', 'Unregistered', 'TooManyRequests', 'InternalServerError', 'ServiceUnavailable'. */
  reason: string
  /** Only pushes to this device token; all when absent. */
  deviceToken?: string
  /** Answer this many pushes, then stand down; forever when absent. */
  times?: number
}

export interface ReceivedApns {
  deviceToken: string
  topic: string
  pushType: string | undefined
  priority: string | undefined
  expiration: string | undefined
  collapseId: string | undefined
  payload: Record<string, unknown>
}

export interface FakeApns {
  address: string
  port: number
  /** The PEM the client must trust (tests/fixtures/loopback-tls/cert.pem). */
  ca: string
  /** A P-256 private key, PKCS#8 PEM, like Apple's .p8 file. */
  signingKey: string
  /** 10 letters and digits, like Apple's. */
  keyId: string
  teamId: string
  /** The bundle id it takes pushes for. */
  topic: string
  /** Pushes it accepted (200), in order. */
  received: ReceivedApns[]
  /** Pushes refused by its own checks, with Apple's reason and what was wrong; rule answers are not here. */
  refused: { status: number; reason: string; detail: string }[]
  /** The first rule (in the order given) that matches and has answers left answers a push instead of APNs. */
  respondWith(rule: ApnsRule): void
  close(): Promise<void>
}

/** Apple's limit for every push type but VoIP, which gets 5 KB. */
const MAX_PAYLOAD_BYTES = 4096
const MAX_VOIP_PAYLOAD_BYTES = 5120
/** Apple refuses provider tokens older than an hour (and asks that they be renewed no more than every 20 minutes). */
const PROVIDER_TOKEN_LIFETIME_SECONDS = 3600
const PUSH_TYPES = new Set(['alert', 'background', 'location', 'voip', 'complication', 'fileprovider', 'mdm', 'liveactivity', 'pushtotalk', 'widgets', 'controls'])
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

const appleId = () => Array.from({ length: 10 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('')

/** Apple's check of `authorization: bearer <JWT>`: an Apple reason and what was wrong, or null when good. */
function checkProviderToken(authorization: string | undefined, keyId: string, teamId: string, publicKey: KeyObject): { reason: string; detail: string } | null {
  const jwt = /^bearer (\S+)$/i.exec(authorization ?? '')?.[1]
  if (!jwt) return { reason: 'MissingProviderToken', detail: 'no authorization: bearer header' }
  const invalid = (detail: string) => ({ reason: 'InvalidProviderToken', detail })
  const [head, claims, signature] = jwt.split('.')
  if (!head || !claims || !signature) return invalid('not a JWS')
  let header: { alg?: unknown; kid?: unknown }
  let body: { iss?: unknown; iat?: unknown }
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as typeof header
    body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as typeof body
  } catch {
    return invalid('cannot decode the header or claims')
  }
  if (header.alg !== 'ES256') return invalid(`alg ${String(header.alg)} is not ES256`)
  if (header.kid !== keyId) return invalid(`kid ${String(header.kid)} is not ${keyId}`)
  // JWS carries ES256 signatures as r || s (IEEE P1363), not DER.
  if (!verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) {
    return invalid('bad signature')
  }
  if (body.iss !== teamId) return invalid(`iss ${String(body.iss)} is not ${teamId}`)
  const now = Math.floor(Date.now() / 1000)
  if (typeof body.iat !== 'number' || body.iat > now + 60) return invalid(`iat ${String(body.iat)} is missing or in the future`)
  if (body.iat <= now - PROVIDER_TOKEN_LIFETIME_SECONDS) return { reason: 'ExpiredProviderToken', detail: `iat ${body.iat} is more than an hour old` }
  return null
}

export async function startFakeApns(options: { topic?: string } = {}): Promise<FakeApns> {
  const topic = options.topic ?? 'app.faredrop'
  const cert = readFileSync(path.join(TLS_DIR, 'cert.pem'), 'utf8')
  const { publicKey, privateKey } = await promisify(generateKeyPair)('ec', {
    namedCurve: 'prime256v1',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  const verifyKey = createPublicKey(publicKey)
  const keyId = appleId()
  const teamId = appleId()
  const received: ReceivedApns[] = []
  const refused: FakeApns['refused'] = []
  const rules: Array<ApnsRule & { used: number }> = []
  const sessions = new Set<Http2Session>()

  const server = createSecureServer({ cert, key: readFileSync(path.join(TLS_DIR, 'key.pem')), allowHTTP1: false })
  server.on('session', (session) => {
    sessions.add(session)
    session.on('close', () => sessions.delete(session))
  })
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => handle(stream, headers, Buffer.concat(chunks)))
    stream.on('error', () => {}) // a client that resets its stream is not the fake's failure
  })

  function handle(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, body: Buffer) {
    // Node hands a repeated header over joined with ", " (a few as an array): either way a bad value, so its check refuses it.
    const header = (name: string) => {
      const value = headers[name]
      return Array.isArray(value) ? value.join(', ') : value
    }
    // Apple echoes the request's apns-id, or makes one, on every answer.
    const requested = header('apns-id')
    const apnsId = requested !== undefined && UUID.test(requested) ? requested.toLowerCase() : randomUUID()
    const answer = (status: number, payload?: Record<string, unknown>) => {
      if (stream.destroyed) return
      stream.respond({
        [constants.HTTP2_HEADER_STATUS]: status,
        'apns-id': apnsId,
        // The sandbox adds an id for Apple's delivery log; node-apn passes it on.
        'apns-unique-id': randomUUID(),
        ...(payload ? { 'content-type': 'application/json; charset=utf-8' } : {}),
      })
      stream.end(payload ? JSON.stringify(payload) : undefined)
    }
    const refuse = (status: number, reason: string, detail: string) => {
      refused.push({ status, reason, detail })
      answer(status, { reason })
    }

    const method = header(constants.HTTP2_HEADER_METHOD)
    if (method !== 'POST') return refuse(405, 'MethodNotAllowed', `method ${method}`)
    const requestPath = header(constants.HTTP2_HEADER_PATH) ?? ''
    const match = /^\/3\/device\/([^/?]*)$/.exec(requestPath)
    if (!match) return refuse(404, 'BadPath', `path ${requestPath}`)
    const deviceToken = match[1] as string

    const auth = checkProviderToken(header('authorization'), keyId, teamId, verifyKey)
    if (auth) return refuse(403, auth.reason, auth.detail)

    const requestTopic = header('apns-topic')
    const pushType = header('apns-push-type')
    const priority = header('apns-priority')
    const expiration = header('apns-expiration')
    const collapseId = header('apns-collapse-id')
    if (!requestTopic) return refuse(400, 'MissingTopic', 'no apns-topic header (required with token authentication)')
    if (requestTopic !== topic) return refuse(400, 'DeviceTokenNotForTopic', `apns-topic ${requestTopic} is not ${topic}`)
    if (!deviceToken) return refuse(400, 'MissingDeviceToken', 'no device token in the path')
    if (deviceToken.length < 64 || deviceToken.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(deviceToken)) return refuse(400, 'BadDeviceToken', `device token ${deviceToken}`)
    if (requested !== undefined && !UUID.test(requested)) return refuse(400, 'BadMessageId', `apns-id ${requested}`)
    if (pushType !== undefined && !PUSH_TYPES.has(pushType)) return refuse(400, 'InvalidPushType', `apns-push-type ${pushType}`)
    if (priority !== undefined && !['1', '5', '10'].includes(priority)) return refuse(400, 'BadPriority', `apns-priority ${priority}`)
    if (expiration !== undefined && !/^\d+$/.test(expiration)) return refuse(400, 'BadExpirationDate', `apns-expiration ${expiration}`)
    if (collapseId !== undefined && Buffer.byteLength(collapseId) > 64) return refuse(400, 'BadCollapseId', 'apns-collapse-id is over 64 bytes')

    const limit = pushType === 'voip' ? MAX_VOIP_PAYLOAD_BYTES : MAX_PAYLOAD_BYTES
    if (body.length > limit) return refuse(413, 'PayloadTooLarge', `${body.length} bytes is over ${limit}`)
    // Apple's list has no reason for a payload that is not a JSON object with `aps`; PayloadEmpty is the nearest.
    if (body.length === 0) return refuse(400, 'PayloadEmpty', 'no body')
    let payload: unknown
    try {
      payload = JSON.parse(body.toString('utf8'))
    } catch {
      return refuse(400, 'PayloadEmpty', 'the body is not JSON')
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return refuse(400, 'PayloadEmpty', 'the body is not a JSON object')
    const aps = (payload as Record<string, unknown>).aps
    if (typeof aps !== 'object' || aps === null || Array.isArray(aps)) return refuse(400, 'PayloadEmpty', 'the payload has no aps dictionary')

    const rule = rules.find((r) => (r.times === undefined || r.used < r.times) && (r.deviceToken === undefined || r.deviceToken === deviceToken))
    if (rule) {
      rule.used++
      // 410 says since when the token has been dead (milliseconds since the epoch).
      return answer(rule.status, rule.status === 410 ? { reason: rule.reason, timestamp: Date.now() } : { reason: rule.reason })
    }

    received.push({
      deviceToken,
      topic: requestTopic,
      pushType,
      priority,
      expiration,
      collapseId,
      payload: payload as Record<string, unknown>,
    })
    answer(200)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // Loopback only: nothing outside this machine can reach the fake.
    server.listen(0, '127.0.0.1', resolve)
  })

  return {
    address: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    ca: cert,
    signingKey: privateKey,
    keyId,
    teamId,
    topic,
    received,
    refused,
    respondWith: (rule) => void rules.push({ ...rule, used: 0 }),
    close: () =>
      new Promise<void>((resolve) => {
        // HTTP/2 clients hold their session open (node-apn pings it); close waits for none of them.
        for (const session of sessions) session.destroy()
        server.close(() => resolve())
      }),
  }
}
