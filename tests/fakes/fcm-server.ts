import { createPublicKey, generateKeyPair, randomBytes, verify, type KeyObject } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { readBody } from './read-body.ts'

/**
 * Firebase Cloud Messaging HTTP v1 and Google's OAuth token endpoint on http://127.0.0.1 (random
 * port), so the real google-auth-library and our fetch-based sender run unchanged without the
 * internet. Each fake makes its own service account (a fresh RSA key pair) whose `token_uri` names
 * the fake. The token endpoint checks the signed assertion as Google does (RS256 signature by the
 * account's key, issuer, audience, a lifetime of at most an hour); the send endpoint checks the
 * access token, the project and the message's shape as FCM does, then answers in Google's error
 * shape with an FcmError detail, the one senders read.
 */

export interface FcmServiceAccount {
  type: 'service_account'
  project_id: string
  private_key_id: string
  private_key: string
  client_email: string
  client_id: string
  token_uri: string
}

export type FcmErrorCode =
  | 'UNREGISTERED'
  | 'INVALID_ARGUMENT'
  | 'SENDER_ID_MISMATCH'
  | 'QUOTA_EXCEEDED'
  | 'UNAVAILABLE'
  | 'INTERNAL'
  | 'THIRD_PARTY_AUTH_ERROR'

export interface FcmRule {
  status: number
  /** The FcmError detail; when absent, the one FCM gives with that status (404 UNREGISTERED, 503 UNAVAILABLE…). */
  errorCode?: FcmErrorCode
  /** Only sends to this device token; all when absent. */
  token?: string
  /** Answer this many sends, then stand down; forever when absent. */
  times?: number
  /** Sent as a Retry-After header (FCM sends one with 429 and some 503s). */
  retryAfterSeconds?: number
}

export interface ReceivedFcm {
  /** The device token sent to; '' for a send to a topic or condition. */
  token: string
  /** The whole `message` object as sent. */
  message: Record<string, unknown>
  /** The bearer token it came with. */
  accessToken: string
}

export interface FakeFcm {
  /** The API's origin: sends go to `${url}/v1/projects/${project_id}/messages:send`. */
  url: string
  /** A key file for this fake: a fresh RSA-2048 key, `token_uri` = `${url}/token`. */
  serviceAccount: FcmServiceAccount
  /** Messages it accepted (200), in order; `validate_only` sends are not among them. */
  received: ReceivedFcm[]
  /** Requests refused for auth or shape (bad assertion, unknown access token, malformed message); rule answers are not here. */
  refused: { status: number; reason: string }[]
  /** Access tokens the token endpoint has handed out. */
  tokensIssued: number
  /** The first rule (in the order given) that matches and has answers left answers a send instead of FCM. */
  respondWith(rule: FcmRule): void
  /** Makes every access token issued so far invalid (as if expired): the next send with one gets 401 UNAUTHENTICATED. */
  expireAccessTokens(): void
  close(): Promise<void>
}

/** The audience google-auth-library signs for, whatever `token_uri` says, and the one Google checks. */
const GOOGLE_TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token'
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer'
/** Either scope lets an access token send through FCM. */
const SENDING_SCOPES = ['https://www.googleapis.com/auth/firebase.messaging', 'https://www.googleapis.com/auth/cloud-platform']

/** google.rpc.Code names for the HTTP statuses Google's APIs answer with. */
const GOOGLE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
}

/** What FCM says with each error code, and the code it gives a bare status. */
const FCM_ERRORS: Record<FcmErrorCode, { status: number; message: string }> = {
  UNREGISTERED: { status: 404, message: 'Requested entity was not found.' },
  INVALID_ARGUMENT: { status: 400, message: 'The registration token is not a valid FCM registration token' },
  SENDER_ID_MISMATCH: { status: 403, message: 'SenderId mismatch' },
  QUOTA_EXCEEDED: { status: 429, message: 'Quota exceeded for quota metric of service firebasecloudmessaging.googleapis.com.' },
  UNAVAILABLE: { status: 503, message: 'The service is currently unavailable.' },
  INTERNAL: { status: 500, message: 'Internal error encountered.' },
  THIRD_PARTY_AUTH_ERROR: { status: 401, message: 'Auth error from APNS or Web Push Service' },
}

const FCM_ERROR_TYPE = 'type.googleapis.com/google.firebase.fcm.v1.FcmError'

/** Proto3 JSON takes a field by its lowerCamel or its snake_case name. */
const MESSAGE_FIELDS = new Set(['name', 'data', 'notification', 'android', 'webpush', 'apns', 'fcm_options', 'fcmOptions', 'token', 'topic', 'condition'])
const NOTIFICATION_FIELDS = new Set(['title', 'body', 'image'])
/** google.protobuf.Duration in JSON: seconds with up to nine decimals, then `s`. */
const DURATION = /^\d+(\.\d{1,9})?s$/

const googleError = (status: number, message: string, details?: unknown[]) => ({
  error: { code: status, message, status: GOOGLE_STATUS[status] ?? 'UNKNOWN', ...(details ? { details } : {}) },
})

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

interface Grant {
  expiresAt: number
  scopes: string[]
}

/** Google's token endpoint: checks the RS256 assertion; returns its scopes or why it is refused. */
function checkAssertion(assertion: string, account: FcmServiceAccount, publicKey: KeyObject): { scopes: string[] } | { error: string; description: string } {
  const invalid = (description: string) => ({ error: 'invalid_grant', description })
  const [head, claims, signature] = assertion.split('.')
  if (!head || !claims || !signature) return invalid('Invalid JWT: not a JWS.')
  let header: { alg?: unknown; kid?: unknown }
  let body: { iss?: unknown; aud?: unknown; scope?: unknown; iat?: unknown; exp?: unknown }
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as typeof header
    body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as typeof body
  } catch {
    return invalid('Invalid JWT: cannot decode the header or claims.')
  }
  if (header.alg !== 'RS256') return invalid(`Invalid JWT: alg ${String(header.alg)} is not RS256.`)
  // google-auth-library leaves `kid` out; Google then tries the account's keys. When it is there it must be this key.
  if (header.kid !== undefined && header.kid !== account.private_key_id) return invalid('Invalid JWT Signature.')
  if (!verify('sha256', Buffer.from(`${head}.${claims}`), publicKey, Buffer.from(signature, 'base64url'))) return invalid('Invalid JWT Signature.')
  if (body.iss !== account.client_email) return invalid('Invalid grant: account not found')
  if (body.aud !== GOOGLE_TOKEN_AUDIENCE) return invalid(`Invalid JWT: Failed audience check. The expected value was ${GOOGLE_TOKEN_AUDIENCE}`)
  const now = Math.floor(Date.now() / 1000)
  const { iat, exp } = body
  if (typeof iat !== 'number' || typeof exp !== 'number' || iat > now + 60 || exp <= now || exp > iat + 3600 || exp <= iat) {
    return invalid('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.')
  }
  const scopes = typeof body.scope === 'string' ? body.scope.split(' ').filter(Boolean) : []
  // Google answers a missing scope with invalid_scope, not invalid_grant.
  if (scopes.length === 0) return { error: 'invalid_scope', description: 'Invalid OAuth scope or ID token audience provided.' }
  return { scopes }
}

/** FCM's own checks of `message`, in the words of its 400 answers; null when it would be sent. */
function checkMessage(message: unknown): string | null {
  if (!isObject(message)) return "Invalid value at 'message': the message is missing or not an object."
  for (const name of Object.keys(message)) {
    if (!MESSAGE_FIELDS.has(name)) return `Invalid JSON payload received. Unknown name "${name}" at 'message': Cannot find field.`
  }
  const targets = ['token', 'topic', 'condition'].filter((name) => message[name] !== undefined)
  if (targets.length === 0) return 'Recipient of the message is not set.'
  if (targets.length > 1) return `Invalid value at 'message' (oneof), oneof field 'target' is already set. Cannot set '${targets[1]}'`
  const target = targets[0] as string
  if (typeof message[target] !== 'string' || message[target] === '') return `Invalid value at 'message.${target}' (TYPE_STRING)`
  const data = checkData(message.data, 'message.data')
  if (data) return data
  if (message.notification !== undefined) {
    if (!isObject(message.notification)) return "Invalid value at 'message.notification' (type.googleapis.com/google.firebase.fcm.v1.Notification)"
    for (const [name, value] of Object.entries(message.notification)) {
      if (!NOTIFICATION_FIELDS.has(name)) return `Invalid JSON payload received. Unknown name "${name}" at 'message.notification': Cannot find field.`
      if (typeof value !== 'string') return `Invalid value at 'message.notification.${name}' (TYPE_STRING), ${JSON.stringify(value)}`
    }
  }
  if (message.android !== undefined) {
    const android = message.android
    if (!isObject(android)) return "Invalid value at 'message.android' (type.googleapis.com/google.firebase.fcm.v1.AndroidConfig)"
    // Google's JSON parser takes enum names in either case (Firebase's own examples send "high").
    if (android.priority !== undefined && !(typeof android.priority === 'string' && /^(normal|high)$/i.test(android.priority))) {
      return `Invalid value at 'message.android.priority' (type.googleapis.com/google.firebase.fcm.v1.AndroidMessagePriority), ${JSON.stringify(android.priority)}`
    }
    if (android.ttl !== undefined && !(typeof android.ttl === 'string' && DURATION.test(android.ttl))) {
      return `Invalid value at 'message.android.ttl' (type.googleapis.com/google.protobuf.Duration), ${JSON.stringify(android.ttl)}`
    }
    for (const name of ['collapse_key', 'collapseKey', 'restricted_package_name', 'restrictedPackageName']) {
      if (android[name] !== undefined && typeof android[name] !== 'string') return `Invalid value at 'message.android.${name}' (TYPE_STRING), ${JSON.stringify(android[name])}`
    }
    if (android.notification !== undefined && !isObject(android.notification)) {
      return "Invalid value at 'message.android.notification' (type.googleapis.com/google.firebase.fcm.v1.AndroidNotification)"
    }
    const androidData = checkData(android.data, 'message.android.data')
    if (androidData) return androidData
  }
  return null
}

/** A `map<string, string>`: every value a string, and no key FCM keeps for itself. */
function checkData(data: unknown, at: string): string | null {
  if (data === undefined) return null
  if (!isObject(data)) return `Invalid value at '${at}' (type.googleapis.com/google.firebase.fcm.v1.Message.DataEntry)`
  for (const [index, [key, value]] of Object.entries(data).entries()) {
    if (typeof value !== 'string') return `Invalid value at '${at}[${index}].value' (TYPE_STRING), ${JSON.stringify(value)}`
    if (key === 'from' || key === 'message_type' || /^(google|gcm)/.test(key)) return `Invalid data payload key: ${key}`
  }
  return null
}

export async function startFakeFcm(options: { projectId?: string; accessTokenTtlSeconds?: number } = {}): Promise<FakeFcm> {
  const projectId = options.projectId ?? 'faredrop-test'
  // Google's tokens live an hour; it says 3599 as the clock has already moved.
  const ttlSeconds = options.accessTokenTtlSeconds ?? 3599
  const { publicKey, privateKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  const verifyKey = createPublicKey(publicKey)
  const grants = new Map<string, Grant>()
  const rules: Array<FcmRule & { used: number }> = []
  let sent = 0

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    const text = await readBody(req)
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers })
      res.end(JSON.stringify(payload))
    }
    if (req.method === 'POST' && path === '/token') return token(text, req.headers['content-type'], answer)
    const match = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path)
    if (req.method !== 'POST' || !match) {
      fake.refused.push({ status: 404, reason: `no such endpoint: ${req.method} ${path}` })
      return answer(404, googleError(404, `The requested URL ${path} was not found on this server.`))
    }
    send(decodeURIComponent(match[1] as string), req.headers.authorization, text, answer)
  })

  type Answer = (status: number, payload: unknown, headers?: Record<string, string>) => void

  function token(text: string, contentType: string | undefined, answer: Answer) {
    const refuse = (error: string, description: string) => {
      fake.refused.push({ status: 400, reason: `${error}: ${description}` })
      answer(400, { error, error_description: description })
    }
    if (!contentType?.startsWith('application/x-www-form-urlencoded')) return refuse('invalid_request', 'Content-Type must be application/x-www-form-urlencoded')
    const form = new URLSearchParams(text)
    if (form.get('grant_type') !== JWT_BEARER) return refuse('unsupported_grant_type', `Invalid grant_type: ${form.get('grant_type') ?? ''}`)
    const checked = checkAssertion(form.get('assertion') ?? '', fake.serviceAccount, verifyKey)
    if ('error' in checked) return refuse(checked.error, checked.description)
    const accessToken = `ya29.fake-${randomBytes(24).toString('base64url')}`
    grants.set(accessToken, { expiresAt: Date.now() + ttlSeconds * 1000, scopes: checked.scopes })
    fake.tokensIssued++
    answer(200, { access_token: accessToken, expires_in: ttlSeconds, token_type: 'Bearer' })
  }

  function send(project: string, authorization: string | undefined, text: string, answer: Answer) {
    const refuse = (status: number, message: string, reason = message, details?: unknown[]) => {
      fake.refused.push({ status, reason })
      // Google names its realm on every 401, as RFC 6750 asks.
      const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' } : {}
      answer(status, googleError(status, message, details), headers)
    }
    const accessToken = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1]
    if (!accessToken) {
      return refuse(401, 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.', 'no bearer token')
    }
    const grant = grants.get(accessToken)
    if (!grant || grant.expiresAt <= Date.now()) {
      return refuse(401, 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.', grant ? 'access token expired' : 'unknown access token')
    }
    if (!grant.scopes.some((scope) => SENDING_SCOPES.includes(scope))) {
      return refuse(403, 'Request had insufficient authentication scopes.', `access token scopes ${grant.scopes.join(' ')} do not allow sending`)
    }
    if (project !== projectId) return refuse(404, 'Requested entity was not found.', `project ${project} is not ${projectId}`)

    let request: unknown
    try {
      request = JSON.parse(text)
    } catch {
      return refuse(400, `Invalid JSON payload received. Unexpected token.\n${text.slice(0, 40)}`)
    }
    if (!isObject(request)) return refuse(400, 'Invalid JSON payload received. Expected an object.')
    for (const name of Object.keys(request)) {
      if (name !== 'message' && name !== 'validate_only' && name !== 'validateOnly') {
        return refuse(400, `Invalid JSON payload received. Unknown name "${name}": Cannot find field.`)
      }
    }
    const problem = checkMessage(request.message)
    if (problem) {
      return refuse(400, problem, problem, [
        { '@type': FCM_ERROR_TYPE, errorCode: 'INVALID_ARGUMENT' },
        { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'message', description: problem }] },
      ])
    }
    const message = request.message as Record<string, unknown>
    const target = typeof message.token === 'string' ? message.token : undefined

    // A dry run is checked like a send, the token included: that is what senders use it for.
    const rule = rules.find((r) => (r.times === undefined || r.used < r.times) && (r.token === undefined || r.token === target))
    if (rule) {
      rule.used++
      const errorCode = rule.errorCode ?? (Object.entries(FCM_ERRORS).find(([, e]) => e.status === rule.status)?.[0] as FcmErrorCode | undefined) ?? 'INTERNAL'
      const headers: Record<string, string> = rule.retryAfterSeconds === undefined ? {} : { 'retry-after': String(rule.retryAfterSeconds) }
      return answer(rule.status, googleError(rule.status, FCM_ERRORS[errorCode].message, [{ '@type': FCM_ERROR_TYPE, errorCode }]), headers)
    }
    if (request.validate_only === true || request.validateOnly === true) return answer(200, { name: `projects/${projectId}/messages/fake_message_id` })

    fake.received.push({ token: target ?? '', message, accessToken })
    sent++
    // FCM's ids look like 0:<microseconds>%<16 hex>.
    answer(200, { name: `projects/${projectId}/messages/0:${Date.now() * 1000 + sent}%${randomBytes(8).toString('hex')}` })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // Loopback only: nothing outside this machine can reach the fake.
    server.listen(0, '127.0.0.1', resolve)
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const fake: FakeFcm = {
    url,
    serviceAccount: {
      type: 'service_account',
      project_id: projectId,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey,
      client_email: `faredrop-push@${projectId}.iam.gserviceaccount.com`,
      client_id: String(100_000_000_000_000_000_000n + BigInt(`0x${randomBytes(8).toString('hex')}`)),
      token_uri: `${url}/token`,
    },
    received: [],
    refused: [],
    tokensIssued: 0,
    respondWith: (rule) => void rules.push({ ...rule, used: 0 }),
    expireAccessTokens() {
      for (const grant of grants.values()) grant.expiresAt = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        // fetch keeps connections alive; without this, close would wait for them to idle out.
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return fake
}
