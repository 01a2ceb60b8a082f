import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { readJson, signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, uniqueEmail, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { MESSAGES } from '#shared/auth.ts'
import { PHONE_CODE_MESSAGES } from '#shared/phone-verification.ts'
import { outboxMessages } from '../db/schema.ts'

/**
 * POST /api/auth/resend (spec section 7): an email or a phone plus a type, behind the challenge.
 * A verification link goes out again only for an address with an account waiting, and the answer
 * is the same for every address; a phone code only to the signed-in user's own saved number.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})
let clock: Date
beforeEach(() => {
  t.now.value = clock = new Date()
})

type ErrorBody = { error: { code: string; message: string; fieldErrors?: Record<string, string[]> } }
const resend = (client: TestClient, json: unknown) => client.request('/api/auth/resend', { method: 'POST', json })

async function emailsTo(to: string): Promise<number> {
  await Promise.allSettled(t.services.pendingEmails)
  return (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to))).length
}

describe('POST /api/auth/resend', () => {
  it('answers the spec’s message without an email or a phone, or without a type', async () => {
    for (const body of [{}, { type: 'signup' }, { email: 'ana@example.com' }, { phone: '+14155550100' }, { email: '', type: 'signup' }]) {
      const res = await resend(t.client(), body)
      expect(res.status).toBe(400)
      expect(((await res.json()) as ErrorBody).error.message).toBe('You must provide either an email or phone number and a type.')
      expect(MESSAGES.resendNeedsTarget).toBe('You must provide either an email or phone number and a type.')
    }
  })

  it('refuses an unknown type, a type without its own kind of address, and a malformed address', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'ana@example.com', type: 'recovery' }, 'type'],
      [{ phone: '+14155550100', type: 'signup' }, 'email'],
      [{ email: 'ana@example.com', type: 'sms' }, 'phone'],
      [{ email: 'not an email', type: 'signup' }, 'email'],
      [{ phone: '12', type: 'sms' }, 'phone'],
      [{ email: 'ana@example.com', type: 'signup', extra: true }, ''],
    ]
    for (const [body, field] of cases) {
      const res = await resend(t.client(), body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      const { error } = (await res.json()) as ErrorBody
      expect(error.code).toBe('validation_failed')
      if (field) expect(Object.keys(error.fieldErrors ?? {})).toEqual([field])
    }
  })

  it('sends a new verification link to an account waiting for confirmation, and answers alike for every other address', async () => {
    const waiting = uniqueEmail('resend-waiting')
    expect((await t.signUp(t.client(), waiting)).status).toBe(200)
    await vi.waitFor(async () => expect(await emailsTo(waiting)).toBe(1))
    const confirmed = (await signedInUser(t, 'resend-confirmed')).email
    const confirmedBefore = await emailsTo(confirmed)
    const unknown = uniqueEmail('resend-unknown')
    // One verification email a minute per inbox (A12): the sign-up's went out just now.
    t.now.value = clock = new Date(clock.getTime() + 61_000)

    const answers = []
    for (const email of [waiting, confirmed, unknown]) {
      const res = await resend(t.client(), { email, type: 'signup' })
      answers.push({ status: res.status, body: await res.json() })
    }
    expect(answers).toEqual(Array(3).fill({ status: 200, body: { status: true } }))
    expect(await emailsTo(waiting)).toBe(2)
    expect((await t.lastEmail(waiting))!.links.some((link) => link.includes('/verify-email?token='))).toBe(true)
    expect(await emailsTo(confirmed)).toBe(confirmedBefore)
    expect(await emailsTo(unknown)).toBe(0)
  })

  it('is also what signing up again does for an address waiting for confirmation (the first email may be lost)', async () => {
    const waiting = uniqueEmail('resend-again')
    expect((await t.signUp(t.client(), waiting)).status).toBe(200)
    // The sign-up's own email goes out after its answer: let it leave before the clock moves.
    await vi.waitFor(async () => expect(await emailsTo(waiting)).toBe(1))
    t.now.value = clock = new Date(clock.getTime() + 61_000)
    const again = await t.signUp(t.client(), waiting)
    expect(again.status).toBe(200)
    // better-auth runs the hook after its answer: the email follows shortly.
    await vi.waitFor(async () => expect(await emailsTo(waiting)).toBe(2), { timeout: 5_000 })
    // A confirmed account gets nothing from a sign-up with its address, and the answer is the same.
    const confirmed = (await signedInUser(t, 'resend-again-confirmed')).email
    const before = await emailsTo(confirmed)
    t.now.value = clock = new Date(clock.getTime() + 61_000)
    expect((await t.signUp(t.client(), confirmed)).status).toBe(200)
    expect(await emailsTo(confirmed)).toBe(before)
  })

  it('texts a new code only to the signed-in user’s own saved number', async () => {
    const phone = '+14155550177'
    expect((await resend(t.client(), { phone, type: 'sms' })).status).toBe(401)

    const { client } = await signedInUser(t, 'resend-phone')
    expect((await client.request('/api/me/phone', { method: 'PUT', json: { phone } })).status).toBe(200)
    const texts = async () =>
      (await t.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.to, phone), eq(outboxMessages.channel, 'sms'))).orderBy(desc(outboxMessages.createdAt))).length
    expect(await texts()).toBe(1)

    const elsewhere = await resend(client, { phone: '+14155550178', type: 'sms' })
    expect(elsewhere.status).toBe(409)
    expect(((await elsewhere.json()) as ErrorBody).error.message).toBe(PHONE_CODE_MESSAGES.notYourNumber)

    // Within the phone code limits: the first resend waits a minute.
    const tooSoon = await resend(client, { phone, type: 'sms' })
    expect(tooSoon.status).toBe(429)
    t.now.value = clock = new Date(clock.getTime() + 61_000)
    expect(await readJson(await resend(client, { phone: '+1 (415) 555-0177', type: 'sms' }), 200)).toEqual({ status: true })
    expect(await texts()).toBe(2)
  })
})
