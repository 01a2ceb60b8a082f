import { request } from 'node:https'
import webpush from 'web-push'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startFakePushService, type FakePushService } from '#tests/fakes/push-service.ts'
import { samplePayload } from '#tests/support/notification-fixtures.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { ChannelError, type NotificationRecipient } from '../channel-driver.ts'
import { MissingAddressError } from '../channel-errors.ts'
import { generateVapidKeys } from '../vapid-keys.ts'
import { createPushChannel } from './push-channel.ts'
import { createWebPushSender, pushTopic } from './web-push-channel.ts'

/**
 * Web Push through the web-push package to a push service on https://127.0.0.1 that checks the
 * VAPID signature and decrypts the aes128gcm payload with the subscription's private key.
 */

let push: FakePushService
const vapid = { ...generateVapidKeys(), subject: 'mailto:ops@faredrop.test' }
const removed: string[] = []

const channel = () =>
  createPushChannel([
    createWebPushSender({
      vapid,
      logger: silentLogger,
      timeoutMs: 5_000,
      agent: push.agent,
      removeSubscription: async (endpoint) => void removed.push(endpoint),
    }),
  ])

const recipientWith = (...subscriptions: ReturnType<FakePushService['subscribe']>[]): NotificationRecipient => ({
  userId: 'u1',
  email: 'ana@example.com',
  phone: null,
  pushSubscriptions: subscriptions.map(({ endpoint, keys }) => ({ endpoint, keys })),
  nativePushDevices: [],
  unsubscribeUrl: 'http://localhost:3000/u',
})

beforeAll(async () => {
  push = await startFakePushService()
})

afterAll(async () => {
  await push.close()
})

beforeEach(() => {
  removed.length = 0
  push.received.length = 0
  push.refused.length = 0
})

describe('Web Push channel', () => {
  it('delivers an encrypted {title, body, url} the subscription can decrypt, signed with our VAPID key', async () => {
    const device = push.subscribe({ applicationServerKey: vapid.publicKey })
    const result = await channel().send(samplePayload(), recipientWith(device), 'alert-1:event-1:push')

    expect(push.refused).toEqual([])
    expect(push.received).toHaveLength(1)
    const delivery = push.received[0]!
    expect(JSON.parse(delivery.payload)).toEqual({
      title: 'Price drop: JFK → LHR now $412',
      body: '$38 (8%) below your $450 target · Mar 5, one way · BA 117 · nonstop · 7h 10m',
      url: 'http://localhost:3000/alerts?alert=sample-alert',
    })
    expect(delivery.vapid).toMatchObject({ aud: push.url, sub: 'mailto:ops@faredrop.test', publicKey: vapid.publicKey })
    expect(delivery.ttl).toBe('86400')
    expect(delivery.topic).toBe(pushTopic('alert-1:event-1:push'))
    expect(delivery.topic).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(result.providerMessageId).toMatch(new RegExp(`^${push.url}/messages/\\d+$`))
  })

  it('is sent when one device accepts, and forgets a device whose subscription is gone (410)', async () => {
    const gone = push.subscribe({ applicationServerKey: vapid.publicKey })
    const live = push.subscribe({ applicationServerKey: vapid.publicKey })
    push.respondWith({ status: 410, subscriptionId: gone.id, times: 1 })

    await channel().send(samplePayload(), recipientWith(gone, live), 'k')
    expect(removed).toEqual([gone.endpoint])
    expect(push.received.map((r) => r.subscriptionId)).toEqual([live.id])
  })

  it('has no address left when every subscription is gone (404/410)', async () => {
    const device = push.subscribe({ applicationServerKey: vapid.publicKey })
    push.respondWith({ status: 404, subscriptionId: device.id, times: 1 })
    const error = await channel().send(samplePayload(), recipientWith(device), 'k').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MissingAddressError)
    expect(removed).toEqual([device.endpoint])

    expect(await channel().send(samplePayload(), recipientWith(), 'k').catch((e: unknown) => e)).toBeInstanceOf(MissingAddressError)
  })

  it('retries when the push service is overloaded, not when it refuses our key', async () => {
    const device = push.subscribe({ applicationServerKey: vapid.publicKey })
    push.respondWith({ status: 503, subscriptionId: device.id, times: 1 })
    const busy = (await channel().send(samplePayload(), recipientWith(device), 'k').catch((e: unknown) => e)) as ChannelError
    expect(busy).toBeInstanceOf(ChannelError)
    expect(busy.retryable).toBe(true)

    const warn = vi.spyOn(silentLogger, 'warn')
    const otherKey = push.subscribe({ applicationServerKey: generateVapidKeys().publicKey })
    const refused = (await channel().send(samplePayload(), recipientWith(otherKey), 'k').catch((e: unknown) => e)) as ChannelError
    expect(refused.retryable).toBe(false)
    expect(push.refused.at(-1)).toMatchObject({ status: 403, reason: 'the VAPID key is not the one the subscription was made with' })
    expect(warn).toHaveBeenCalled()
  })

  it('generates VAPID keys the browser format expects (65-byte point, 32-byte scalar)', () => {
    const keys = generateVapidKeys()
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65)
    expect(Buffer.from(keys.publicKey, 'base64url')[0]).toBe(4)
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32)
    expect(keys.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/)
  })
})

describe('the fake push service itself', () => {
  /** Sends prepared request details as web-push would, returning the status. */
  function post(details: webpush.RequestDetails): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request(details.endpoint, { method: 'POST', headers: details.headers, agent: push.agent }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.end(details.body)
    })
  }

  it('refuses a JWT not signed by the key it names', async () => {
    const device = push.subscribe({ applicationServerKey: vapid.publicKey })
    const forged = webpush.generateRequestDetails(device, 'hi', {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: generateVapidKeys().privateKey },
    })
    expect(await post(forged)).toBe(403)
    expect(push.refused.at(-1)?.reason).toBe('bad JWT signature')
  })

  it('cannot decrypt a payload encrypted for another subscription', async () => {
    const device = push.subscribe({ applicationServerKey: vapid.publicKey })
    const other = push.subscribe({ applicationServerKey: vapid.publicKey })
    const details = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: other.keys }, 'hi', { vapidDetails: vapid })
    expect(await post(details)).toBe(400)
    expect(push.refused.at(-1)?.reason).toMatch(/^cannot decrypt/)
  })
})
