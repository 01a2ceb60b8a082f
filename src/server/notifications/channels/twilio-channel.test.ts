import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio-server.ts'
import { samplePayload } from '#tests/support/notification-fixtures.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { ChannelError, type NotificationRecipient } from '../channel-driver.ts'
import { MissingAddressError } from '../channel-errors.ts'
import { createTwilioChannel, type TwilioChannelConfig } from './twilio-channel.ts'
import { rebaseUrl } from './twilio-client.ts'

/** SMS and WhatsApp through the official twilio SDK, over HTTP to a fake of the Messages API on 127.0.0.1. */

let twilio: FakeTwilio

const recipient: NotificationRecipient = {
  userId: 'u1',
  email: 'ana@example.com',
  phone: '+14155550100',
  pushSubscriptions: [],
  nativePushDevices: [],
  unsubscribeUrl: 'http://localhost:3000/u',
}

function channel(overrides: Partial<TwilioChannelConfig> = {}) {
  return createTwilioChannel({
    channel: 'sms',
    from: '+15005550006',
    shortUrl: 'http://localhost:3000/alerts',
    logger: silentLogger,
    accountSid: twilio.accountSid,
    authToken: twilio.authToken,
    baseUrl: twilio.url,
    timeoutMs: 5_000,
    ...overrides,
  })
}

const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have failed'), (error: unknown) => error as ChannelError)

beforeAll(async () => {
  twilio = await startFakeTwilio()
})

afterAll(async () => {
  await twilio.close()
})

beforeEach(() => twilio.reset())

describe('Twilio SMS', () => {
  it('sends the short text from our number, authenticated as the account, and returns the message SID', async () => {
    const result = await channel().send(samplePayload(), recipient, 'a:e:sms')

    expect(twilio.messages).toHaveLength(1)
    const message = twilio.messages[0]!
    expect(result.providerMessageId).toBe(message.sid)
    expect(message).toMatchObject({ accountSid: twilio.accountSid, to: '+14155550100', from: '+15005550006' })
    expect(message.body).toBe(
      'FareDrop: JFK to LHR now $412, $38 (8%) below your $450 target. Mar 5, one way. http://localhost:3000/search?from=JFK&to=LHR&date=2027-03-05&sort=price',
    )
    expect(message.body.length).toBeLessThanOrEqual(320)
    // The real SDK made the request (its user agent), not a hand-rolled fetch.
    expect(message.userAgent).toMatch(/^twilio-node\/6\./)
  })

  it('sends from a Messaging Service when the sender is an MG… SID', async () => {
    const service = `MG${'a'.repeat(32)}`
    await channel({ from: service }).send(samplePayload(), recipient, 'k')
    expect(twilio.messages[0]).toMatchObject({ from: null, messagingServiceSid: service })
  })

  it('retries rate limits and server errors, not a number Twilio refuses', async () => {
    twilio.respondWith({ status: 429, code: 20429, message: 'Too Many Requests', times: 1 })
    const limited = await failure(channel().send(samplePayload(), recipient, 'k'))
    expect(limited).toBeInstanceOf(ChannelError)
    expect(limited.retryable).toBe(true)
    expect(limited.message).toContain('HTTP 429')

    twilio.respondWith({ status: 500, times: 1 })
    expect((await failure(channel().send(samplePayload(), recipient, 'k'))).retryable).toBe(true)

    const invalid = await failure(channel().send(samplePayload(), { ...recipient, phone: '+1' }, 'k'))
    expect(invalid.retryable).toBe(false)
    expect(invalid.message).toContain('Twilio error 21211')
    expect(twilio.messages).toHaveLength(0)
  })

  it('keeps retrying while the credentials are wrong (an operator can fix them), and fails fast with no server', async () => {
    const wrong = await failure(channel({ authToken: 'not-the-token' }).send(samplePayload(), recipient, 'k'))
    expect(wrong.retryable).toBe(true)
    expect(twilio.requests.at(-1)).toMatchObject({ status: 401 })

    const down = await failure(channel({ baseUrl: 'http://127.0.0.1:1' }).send(samplePayload(), recipient, 'k'))
    expect(down.retryable).toBe(true)
  })

  it('refuses a recipient without a phone number before calling Twilio', async () => {
    const missing = await failure(channel().send(samplePayload(), { ...recipient, phone: null }, 'k'))
    expect(missing).toBeInstanceOf(MissingAddressError)
    expect(twilio.requests).toHaveLength(0)
  })
})

describe('Twilio WhatsApp', () => {
  it('addresses both ends as whatsapp: and sends the longer text with both links', async () => {
    await channel({ channel: 'whatsapp', from: '+14155238886' }).send(samplePayload(), recipient, 'k')
    const message = twilio.messages[0]!
    expect(message).toMatchObject({ to: 'whatsapp:+14155550100', from: 'whatsapp:+14155238886' })
    expect(message.body).toContain('*Price drop: JFK → LHR now $412*')
    expect(message.body).toContain('Book: https://seller.example/book?id=1')
  })

  it('accepts a sender already written with the whatsapp: prefix', async () => {
    await channel({ channel: 'whatsapp', from: 'whatsapp:+14155238886' }).send(samplePayload(), recipient, 'k')
    expect(twilio.messages[0]!.from).toBe('whatsapp:+14155238886')
  })
})

describe('rebaseUrl', () => {
  it('moves a Twilio API URL to another origin, path and query intact', () => {
    expect(rebaseUrl('https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json?x=1', 'http://127.0.0.1:4010')).toBe(
      'http://127.0.0.1:4010/2010-04-01/Accounts/AC1/Messages.json?x=1',
    )
  })
})
