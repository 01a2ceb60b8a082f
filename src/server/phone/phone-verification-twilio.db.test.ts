import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio-server.ts'
import { readJson, signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { PHONE_CODE_MESSAGES, type PhoneState } from '#shared/phone-verification.ts'
import { outboxMessages, phoneVerificationCodes } from '../db/schema.ts'

/**
 * With Twilio configured for SMS, the verification code goes through the official SDK to the
 * Messages API (a local fake), not the outbox; a refused send takes its code back.
 */

const FROM = '+15005550006'
let twilio: FakeTwilio
let t: TestApp

beforeAll(async () => {
  twilio = await startFakeTwilio()
  t = await createTestApp({
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_SMS_FROM: FROM,
    TWILIO_API_BASE_URL: twilio.url,
  })
})
afterAll(async () => {
  await t?.close()
  await twilio?.close()
})
beforeEach(() => {
  twilio.reset()
  t.now.value = new Date()
})

type ErrorBody = { error: { code: string; message: string; fieldErrors?: Record<string, string[]> } }
const advance = (ms: number) => (t.now.value = new Date(t.now.value!.getTime() + ms))
const codeIn = (body: string) => /^FareDrop code: (\d{6})\. It expires in 10 minutes\.$/.exec(body)?.[1]

describe('phone verification over Twilio', () => {
  it('texts the code from our number through the real client, and the code verifies', async () => {
    expect(t.services.notifications.smsText.driver).toBe('twilio')
    const { client, userId } = await signedInUser(t, 'twilio-code')
    await readJson<PhoneState>(await client.request('/api/me/phone', { method: 'PUT', json: { phone: '+1 415 555 0142' } }), 200)

    expect(twilio.messages).toHaveLength(1)
    const message = twilio.messages[0]!
    expect(message).toMatchObject({ accountSid: twilio.accountSid, to: '+14155550142', from: FROM })
    // The SDK's own request (its user agent), not a hand-rolled fetch.
    expect(message.userAgent).toMatch(/^twilio-node\//)
    const code = codeIn(message.body)
    expect(code).toMatch(/^\d{6}$/)
    expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, '+14155550142'))).toEqual([])

    expect(await readJson<PhoneState>(await client.request('/api/me/phone/verify', { method: 'POST', json: { code } }), 200)).toMatchObject({ verified: true })
    const rows = await t.database.db.select().from(phoneVerificationCodes).where(eq(phoneVerificationCodes.userId, userId))
    expect(rows).toMatchObject([{ phone: '+14155550142', attempts: 0 }])
  })

  it('answers 502 when Twilio fails for a while, changing nothing, so saving again just works', async () => {
    const { client, userId } = await signedInUser(t, 'twilio-down')
    const put = () => client.request('/api/me/phone', { method: 'PUT', json: { phone: '+14155550143' } })
    twilio.respondWith({ status: 503, code: 20503, message: 'Service unavailable', times: 1 })
    const down = await readJson<ErrorBody>(await put(), 502)
    expect(down.error).toMatchObject({ code: 'upstream_failed', message: PHONE_CODE_MESSAGES.sendFailed })
    // Not saved, no code waiting, nothing counted against the limits.
    expect(await readJson<PhoneState>(await client.request('/api/me/phone'), 200)).toEqual({
      phone: null,
      verified: false,
      verifiedAt: null,
      pendingCode: null,
      resendInSeconds: 0,
    })
    expect(await t.database.db.select().from(phoneVerificationCodes).where(eq(phoneVerificationCodes.userId, userId))).toEqual([])

    const saved = await readJson<PhoneState>(await put(), 200)
    expect(saved).toMatchObject({ phone: '+14155550143', pendingCode: { attemptsLeft: 5 } })
    expect(twilio.messages.map((m) => m.to)).toEqual(['+14155550143'])

    // A failed resend leaves the number and takes its code back.
    advance(60_000)
    twilio.respondWith({ status: 500, times: 1 })
    expect((await client.request('/api/me/phone/code', { method: 'POST' })).status).toBe(502)
    expect(await readJson<PhoneState>(await client.request('/api/me/phone'), 200)).toMatchObject({ phone: '+14155550143', pendingCode: null, resendInSeconds: 0 })
  })

  it('puts a number Twilio refuses under the phone field, keeping the verified number it was to replace', async () => {
    const { client } = await signedInUser(t, 'twilio-invalid')
    await readJson<PhoneState>(await client.request('/api/me/phone', { method: 'PUT', json: { phone: '+14155550144' } }), 200)
    const code = codeIn(twilio.messages[0]!.body)
    await readJson<PhoneState>(await client.request('/api/me/phone/verify', { method: 'POST', json: { code } }), 200)

    advance(60_000)
    twilio.respondWith({ status: 400, code: 21211, message: "The 'To' number is not a valid phone number.", times: 1 })
    const refused = await readJson<ErrorBody>(await client.request('/api/me/phone', { method: 'PUT', json: { phone: '+14155550199' } }), 400)
    expect(refused.error).toMatchObject({ code: 'bad_request', fieldErrors: { phone: [PHONE_CODE_MESSAGES.undeliverable] } })
    expect(await readJson<PhoneState>(await client.request('/api/me/phone'), 200)).toMatchObject({ phone: '+14155550144', verified: true })
  })
})
