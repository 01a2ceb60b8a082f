import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readJson, signedInUser } from '#tests/support/alert-fixtures.ts'
import { insertAlert, insertNotification } from '#tests/support/notification-fixtures.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { PHONE_CODE_MESSAGES, type PhoneState } from '#shared/phone-verification.ts'
import { alertNotifications, outboxMessages, phoneVerificationCodes, profiles } from '../db/schema.ts'
import { dispatchDueNotifications } from '../notifications/dispatch-notifications.ts'

/**
 * Phone verification through the API (decision 015) with the local outbox as the SMS driver: the
 * code goes out, is checked, expires, runs out of tries and of resends on the app's clock; a new
 * number starts unverified; SMS and WhatsApp notices wait for a verified number.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

let clock: Date
const advance = (ms: number) => (t.now.value = clock = new Date(clock.getTime() + ms))
beforeEach(() => {
  // The phone routes read the app's clock; sessions keep real time.
  t.now.value = clock = new Date()
})

const SECOND = 1000
const MINUTE = 60 * SECOND
let phoneCounter = 0
const uniquePhone = () => `+1415555${String(1000 + ++phoneCounter)}`

type ErrorBody = { error: { code: string; message: string; fieldErrors?: Record<string, string[]> } }

const putPhone = (client: TestClient, phone: string) => client.request('/api/me/phone', { method: 'PUT', json: { phone } })
const resend = (client: TestClient) => client.request('/api/me/phone/code', { method: 'POST' })
const verify = (client: TestClient, code: string) => client.request('/api/me/phone/verify', { method: 'POST', json: { code } })

/** The texts the outbox holds for a number, newest first. */
async function textsTo(phone: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ text: outboxMessages.text })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, phone), eq(outboxMessages.channel, 'sms')))
    .orderBy(desc(outboxMessages.createdAt))
  return rows.map((row) => row.text)
}

async function lastCode(phone: string): Promise<string> {
  const [text] = await textsTo(phone)
  const match = /^FareDrop code: (\d{6})\. It expires in 10 minutes\.$/.exec(text ?? '')
  if (!match) throw new Error(`no code texted to ${phone}: ${text}`)
  return match[1]!
}

/** A six-digit code that is certainly not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

/** A signed-in user who saved a fresh number (a code is on its way). */
async function userWithPhone(label: string) {
  const user = await signedInUser(t, label)
  const phone = uniquePhone()
  const state = await readJson<PhoneState>(await putPhone(user.client, phone), 200)
  return { ...user, phone, state }
}

describe('saving a number', () => {
  it('stores it unverified and texts a 6-digit code that expires in 10 minutes, kept only as a hash', async () => {
    const { userId, phone, state, client } = await userWithPhone('verify-send')
    expect(state).toEqual({
      phone,
      verified: false,
      verifiedAt: null,
      pendingCode: { sentAt: clock.toISOString(), expiresAt: new Date(clock.getTime() + 10 * MINUTE).toISOString(), attemptsLeft: 5 },
      resendInSeconds: 60,
    })
    expect(await readJson<PhoneState>(await client.request('/api/me/phone'), 200)).toEqual(state)

    const code = await lastCode(phone)
    expect(await textsTo(phone)).toHaveLength(1)
    const rows = await t.database.db.select().from(phoneVerificationCodes).where(eq(phoneVerificationCodes.userId, userId))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(JSON.stringify(rows)).not.toContain(code)
  })

  it('verifies with the right code, once', async () => {
    const { userId, phone, client } = await userWithPhone('verify-ok')
    const code = await lastCode(phone)
    advance(3 * MINUTE)

    const verified = await readJson<PhoneState>(await verify(client, ` ${code.slice(0, 3)} ${code.slice(3)} `), 200)
    expect(verified).toMatchObject({ phone, verified: true, verifiedAt: clock.toISOString(), pendingCode: null })
    expect(await readJson<PhoneState>(await client.request('/api/me/phone'), 200)).toMatchObject({ verified: true })
    // A double submit is no error.
    expect(await readJson<PhoneState>(await verify(client, code), 200)).toMatchObject({ verified: true })

    // Used: even with the verification gone, the same code proves nothing again.
    await t.database.db.update(profiles).set({ phoneVerifiedAt: null }).where(eq(profiles.id, userId))
    const reused = await readJson<ErrorBody>(await verify(client, code), 400)
    expect(reused.error).toMatchObject({ code: 'validation_failed', fieldErrors: { code: [PHONE_CODE_MESSAGES.noCode] } })
  })

  it('refuses a wrong code with the tries left, and after 5 wrong tries wants a new code even for the right one', async () => {
    const { phone, client } = await userWithPhone('verify-wrong')
    const code = await lastCode(phone)
    const wrong = otherThan(code)

    for (const left of [4, 3, 2, 1]) {
      const body = await readJson<ErrorBody>(await verify(client, wrong), 400)
      expect(body.error).toMatchObject({ code: 'validation_failed', message: PHONE_CODE_MESSAGES.wrong(left), fieldErrors: { code: [PHONE_CODE_MESSAGES.wrong(left)] } })
    }
    expect((await readJson<ErrorBody>(await verify(client, wrong), 400)).error.message).toBe(PHONE_CODE_MESSAGES.lastWrong)
    const locked = await readJson<ErrorBody>(await verify(client, code), 429)
    expect(locked.error).toMatchObject({ code: 'rate_limited', message: PHONE_CODE_MESSAGES.tooManyWrong })
    expect(await readJson<PhoneState>(await client.request('/api/me/phone'), 200)).toMatchObject({ verified: false, pendingCode: null })

    advance(61 * SECOND)
    await readJson<PhoneState>(await resend(client), 200)
    expect(await readJson<PhoneState>(await verify(client, await lastCode(phone)), 200)).toMatchObject({ verified: true })
  })

  it('refuses a code that expired 10 minutes after it was sent', async () => {
    const { phone, client } = await userWithPhone('verify-expiry')
    const code = await lastCode(phone)
    advance(10 * MINUTE)
    const body = await readJson<ErrorBody>(await verify(client, code), 400)
    expect(body.error.fieldErrors).toEqual({ code: [PHONE_CODE_MESSAGES.expired] })
    expect(await readJson<PhoneState>(await client.request('/api/me/phone'), 200)).toMatchObject({ verified: false, pendingCode: null, resendInSeconds: 0 })
  })

  it('takes only six digits, with the shared message', async () => {
    const { client } = await userWithPhone('verify-format')
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const body = await readJson<ErrorBody>(await verify(client, code), 400)
      expect(body.error.fieldErrors, code).toEqual({ code: [PHONE_CODE_MESSAGES.format] })
    }
    expect((await client.request('/api/me/phone/verify', { method: 'POST', json: { code: '123456', phone: '+1' } })).status).toBe(400)
  })
})

describe('resending', () => {
  it('sends a new code at most once a minute, and the new code replaces the old', async () => {
    const { phone, client } = await userWithPhone('resend-minute')
    const first = await lastCode(phone)

    const tooSoon = await resend(client)
    expect(tooSoon.status).toBe(429)
    expect(tooSoon.headers.get('retry-after')).toBe('60')
    expect(((await tooSoon.json()) as ErrorBody).error).toMatchObject({ code: 'rate_limited', message: PHONE_CODE_MESSAGES.wait(60) })
    advance(45 * SECOND)
    expect((await resend(client)).headers.get('retry-after')).toBe('15')

    advance(15 * SECOND)
    const state = await readJson<PhoneState>(await resend(client), 200)
    expect(state).toMatchObject({ pendingCode: { sentAt: clock.toISOString(), attemptsLeft: 5 }, resendInSeconds: 60 })
    const second = await lastCode(phone)
    expect(await textsTo(phone)).toHaveLength(2)

    if (first !== second) {
      // The old code is no longer the one being asked for: typing it is a wrong try.
      expect((await readJson<ErrorBody>(await verify(client, first), 400)).error.message).toBe(PHONE_CODE_MESSAGES.wrong(4))
    }
    expect(await readJson<PhoneState>(await verify(client, second), 200)).toMatchObject({ verified: true })
    // Nothing to resend for a verified number.
    advance(MINUTE)
    expect((await readJson<ErrorBody>(await resend(client), 409)).error.message).toBe(PHONE_CODE_MESSAGES.alreadyVerified)
  })

  it('sends at most 5 codes an hour, counting the first, then again once the oldest is an hour old', async () => {
    const { phone, client } = await userWithPhone('resend-hour')
    const start = clock.getTime()
    for (let i = 0; i < 4; i++) {
      advance(2 * MINUTE)
      await readJson<PhoneState>(await resend(client), 200)
    }
    expect(await textsTo(phone)).toHaveLength(5)

    advance(2 * MINUTE)
    const refused = await resend(client)
    expect(refused.status).toBe(429)
    const waitSeconds = Math.ceil((start + 60 * MINUTE - clock.getTime()) / SECOND)
    expect(refused.headers.get('retry-after')).toBe(String(waitSeconds))
    expect(((await refused.json()) as ErrorBody).error.message).toBe(PHONE_CODE_MESSAGES.hourly(50))
    expect(await readJson<PhoneState>(await client.request('/api/me/phone'), 200)).toMatchObject({ resendInSeconds: waitSeconds })
    // Saving another number is a code too: refused as well, and the number stays.
    expect((await putPhone(client, uniquePhone())).status).toBe(429)
    expect(await readJson<PhoneState>(await client.request('/api/me/phone'), 200)).toMatchObject({ phone })

    t.now.value = clock = new Date(start + 60 * MINUTE + SECOND)
    await readJson<PhoneState>(await resend(client), 200)
    expect(await textsTo(phone)).toHaveLength(6)
  })

  it('sends one number at most 5 codes an hour whoever asks, so many accounts cannot flood a phone', async () => {
    const victim = uniquePhone()
    const start = clock.getTime()
    for (let i = 0; i < 5; i++) {
      const user = await signedInUser(t, `flood-${i}`)
      await readJson<PhoneState>(await putPhone(user.client, victim), 200)
      advance(MINUTE)
    }
    expect(await textsTo(victim)).toHaveLength(5)

    const sixth = await signedInUser(t, 'flood-5')
    const refused = await putPhone(sixth.client, victim)
    expect(refused.status).toBe(429)
    const waitSeconds = Math.ceil((start + 60 * MINUTE - clock.getTime()) / SECOND)
    expect(refused.headers.get('retry-after')).toBe(String(waitSeconds))
    expect(((await refused.json()) as ErrorBody).error.message).toBe(PHONE_CODE_MESSAGES.numberHourly(55))
    expect(await readJson<PhoneState>(await sixth.client.request('/api/me/phone'), 200)).toMatchObject({ phone: null })
    expect(await textsTo(victim)).toHaveLength(5)
    // Another number is not held back, and the number is free again an hour after its first code.
    await readJson<PhoneState>(await putPhone(sixth.client, uniquePhone()), 200)
    t.now.value = clock = new Date(start + 60 * MINUTE + SECOND)
    const seventh = await signedInUser(t, 'flood-6')
    await readJson<PhoneState>(await putPhone(seventh.client, victim), 200)
    expect(await textsTo(victim)).toHaveLength(6)
  })

  it('needs a saved number', async () => {
    const { client } = await signedInUser(t, 'resend-none')
    expect((await readJson<ErrorBody>(await resend(client), 409)).error).toMatchObject({ code: 'conflict', message: PHONE_CODE_MESSAGES.noPhone })
    expect((await readJson<ErrorBody>(await verify(client, '123456'), 409)).error.message).toBe(PHONE_CODE_MESSAGES.noPhone)
    expect(await readJson<PhoneState>(await client.request('/api/me/phone'), 200)).toEqual({
      phone: null,
      verified: false,
      verifiedAt: null,
      pendingCode: null,
      resendInSeconds: 0,
    })
  })

  it('needs a session', async () => {
    for (const path of ['/api/me/phone', '/api/me/phone/code', '/api/me/phone/verify']) {
      expect((await t.client().request(path, { method: 'POST', json: { code: '123456' } })).status, path).toBe(401)
    }
  })
})

describe('changing the number', () => {
  it('clears the verification and texts a code to the new number; the old code no longer counts', async () => {
    const { phone, client } = await userWithPhone('change')
    const oldCode = await lastCode(phone)
    await readJson<PhoneState>(await verify(client, oldCode), 200)

    // The same number again changes nothing and texts nothing.
    expect(await readJson<PhoneState>(await putPhone(client, phone), 200)).toMatchObject({ verified: true })
    expect(await textsTo(phone)).toHaveLength(1)

    advance(MINUTE)
    const next = uniquePhone()
    const changed = await readJson<PhoneState>(await putPhone(client, next), 200)
    expect(changed).toMatchObject({ phone: next, verified: false, verifiedAt: null, pendingCode: { attemptsLeft: 5 } })
    const newCode = await lastCode(next)
    if (newCode !== oldCode) expect((await verify(client, oldCode)).status).toBe(400)
    expect(await readJson<PhoneState>(await verify(client, newCode), 200)).toMatchObject({ phone: next, verified: true })

    // Removing it clears everything; the earlier code can't verify the number saved again later.
    expect(await readJson<PhoneState>(await client.request('/api/me/phone', { method: 'DELETE' }), 200)).toMatchObject({ phone: null, verified: false })
    advance(MINUTE)
    expect(await readJson<PhoneState>(await putPhone(client, next), 200)).toMatchObject({ phone: next, verified: false })
    const again = await lastCode(next)
    if (again !== newCode) expect((await verify(client, newCode)).status).toBe(400)
  })
})

describe('notices to an unverified number', () => {
  it('skips SMS and WhatsApp with the reason until the number is verified, then sends', async () => {
    const { userId, phone, client } = await userWithPhone('notice')
    await t.database.db.update(profiles).set({ role: 'elite', subscriptionTier: 'elite' }).where(eq(profiles.id, userId))
    const alertId = await insertAlert(t.database.db, userId)
    const dispatch = () =>
      dispatchDueNotifications({
        db: t.database.db,
        channels: t.services.notifications.channels,
        logger: silentLogger,
        now: () => new Date(),
        unsubscribeUrl: (id) => `http://localhost:3999/api/alerts/${id}/unsubscribe?token=t`,
        clientLinks: t.services.notifications.clientLinks,
        publicUrl: t.services.publicUrl,
        random: () => 0.5,
      })
    const rowOf = async (id: string) => (await t.database.db.select().from(alertNotifications).where(eq(alertNotifications.id, id)))[0]!

    const sms = await insertNotification(t.database.db, { alertId, userId, channel: 'sms', event: 'drop-1' })
    const whatsapp = await insertNotification(t.database.db, { alertId, userId, channel: 'whatsapp', event: 'drop-1' })
    const email = await insertNotification(t.database.db, { alertId, userId, channel: 'email', event: 'drop-1' })
    await dispatch()
    expect(await rowOf(sms.id)).toMatchObject({ status: 'skipped', lastError: 'skipped: the phone number is not verified' })
    expect(await rowOf(whatsapp.id)).toMatchObject({ status: 'skipped', lastError: 'skipped: the phone number is not verified' })
    expect(await rowOf(email.id)).toMatchObject({ status: 'sent' })
    expect(await textsTo(phone)).toHaveLength(1) // the code, no notice
    const history = await readJson<{ notifications: { channel: string; note: string | null }[] }>(await client.request(`/api/alerts/${alertId}/notifications`), 200)
    expect(history.notifications.find((n) => n.channel === 'sms')?.note).toBe('the phone number is not verified')

    await readJson<PhoneState>(await verify(client, await lastCode(phone)), 200)
    const later = await insertNotification(t.database.db, { alertId, userId, channel: 'sms', event: 'drop-2' })
    await dispatch()
    expect(await rowOf(later.id)).toMatchObject({ status: 'sent' })
    expect((await textsTo(phone))[0]).toMatch(/^FareDrop: JFK to LHR now \$412/)
  })
})
