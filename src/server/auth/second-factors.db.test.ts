import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readJson, signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { SECOND_FACTOR_MESSAGES, type SecondFactor, type SecondFactorMethods } from '#shared/second-factors.ts'
import { outboxMessages, users } from '../db/schema.ts'

/**
 * Second factors (spec section 7, decision 031): a text-message factor on the verified phone next
 * to the authenticator app, each with a friendly name, each removable with the password, and the
 * sign-in's second step offering exactly what the account has.
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
const later = (seconds: number) => (t.now.value = clock = new Date(clock.getTime() + seconds * 1000))

type ErrorBody = { error: { code: string; message: string; reason?: string } }
let phoneCounter = 0

async function lastText(phone: string): Promise<string> {
  const [row] = await t.database.db
    .select({ text: outboxMessages.text })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, phone), eq(outboxMessages.channel, 'sms')))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1)
  return row?.text ?? ''
}
const codeIn = (text: string) => /(\d{6})/.exec(text)?.[1] ?? ''

/** A signed-in user whose notification phone is verified (the phone code flow of decision 015). */
async function userWithVerifiedPhone(label: string) {
  const user = await signedInUser(t, label)
  const phone = `+1415556${String(1000 + ++phoneCounter)}`
  expect((await user.client.request('/api/me/phone', { method: 'PUT', json: { phone } })).status).toBe(200)
  const code = codeIn(await lastText(phone))
  expect((await user.client.request('/api/me/phone/verify', { method: 'POST', json: { code } })).status).toBe(200)
  return { ...user, phone }
}

const factorsOf = async (client: TestClient) => (await readJson<{ factors: SecondFactor[] }>(await client.request('/api/me/second-factors'), 200)).factors
const twoFactorFlag = async (userId: string) => (await t.database.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId)))[0]!.on
const post = (client: TestClient, path: string, json: unknown = {}) => client.request(path, { method: 'POST', json })

/** Adds a text-message factor and types the code texted to it. */
async function addPhoneFactor(client: TestClient, phone: string, friendlyName = 'My phone') {
  const added = await readJson<{ factor: SecondFactor }>(await post(client, '/api/me/second-factors', { factorType: 'phone', friendlyName }), 201)
  expect((await post(client, '/api/auth/two-factor/send-otp')).status).toBe(200)
  const code = codeIn(await lastText(phone))
  expect((await post(client, '/api/auth/two-factor/verify-otp', { code })).status).toBe(200)
  return added.factor
}

describe('a text-message second factor', () => {
  it('needs a verified phone number', async () => {
    const { client } = await signedInUser(t, 'factor-no-phone')
    const res = await post(client, '/api/me/second-factors', { factorType: 'phone', friendlyName: 'Phone' })
    expect(res.status).toBe(409)
    expect(((await res.json()) as ErrorBody).error.message).toBe(SECOND_FACTOR_MESSAGES.needsVerifiedPhone)
    expect((await post(client, '/api/auth/two-factor/send-otp')).status).toBe(409)
  })

  it('counts only once the first code texted to it was typed, and then turns two-factor on', async () => {
    const { client, userId, phone } = await userWithVerifiedPhone('factor-add')
    const added = await readJson<{ factor: SecondFactor }>(await post(client, '/api/me/second-factors', { factorType: 'phone', friendlyName: ' Pixel ' }), 201)
    expect(added.factor).toMatchObject({ factorType: 'phone', friendlyName: 'Pixel', phoneHint: `•••• ${phone.slice(-2)}`, status: 'unverified' })
    expect(await twoFactorFlag(userId)).toBe(false)

    expect((await post(client, '/api/auth/two-factor/send-otp')).status).toBe(200)
    const text = await lastText(phone)
    expect(text).toMatch(/^FareDrop sign-in code: \d{6}\. It expires in 5 minutes\./)
    // Asking again within the minute is refused before a new code replaces the one texted.
    const again = await post(client, '/api/auth/two-factor/send-otp')
    expect(again.status).toBe(429)
    expect(again.headers.get('retry-after')).toBe('60')
    expect(await lastText(phone)).toBe(text)

    const wrong = String((Number(codeIn(text)) + 1) % 1_000_000).padStart(6, '0')
    expect((await post(client, '/api/auth/two-factor/verify-otp', { code: wrong })).status).toBe(401)
    expect(await twoFactorFlag(userId)).toBe(false)
    expect((await post(client, '/api/auth/two-factor/verify-otp', { code: codeIn(text) })).status).toBe(200)
    expect(await factorsOf(client)).toEqual([{ ...added.factor, status: 'verified' }])
    expect(await twoFactorFlag(userId)).toBe(true)

    // One text-message factor per account.
    const second = await post(client, '/api/me/second-factors', { factorType: 'phone', friendlyName: 'Other' })
    expect(second.status).toBe(409)
    expect(((await second.json()) as ErrorBody).error.message).toBe(SECOND_FACTOR_MESSAGES.alreadyHasPhone)
  })

  it('is asked for at sign-in: the second step offers it, texts the code and signs in with it', async () => {
    const { client, email, phone } = await userWithVerifiedPhone('factor-sign-in')
    await addPhoneFactor(client, phone)
    later(61)

    const device = t.client()
    const signIn = await readJson<{ twoFactorRedirect?: boolean }>(await t.signIn(device, email), 200)
    expect(signIn.twoFactorRedirect).toBe(true)
    expect((await device.request('/api/me')).status).toBe(401)
    expect(await readJson<SecondFactorMethods>(await device.request('/api/auth/second-factor/methods'), 200)).toEqual({
      methods: ['phone'],
      phoneHint: `•••• ${phone.slice(-2)}`,
    })
    expect((await post(device, '/api/auth/two-factor/send-otp')).status).toBe(200)
    expect((await post(device, '/api/auth/two-factor/verify-otp', { code: codeIn(await lastText(phone)) })).status).toBe(200)
    expect((await device.request('/api/me')).status).toBe(200)

    // Without a pending sign-in there is nothing to offer.
    expect((await t.client().request('/api/auth/second-factor/methods')).status).toBe(401)
  })

  it('is refused by better-auth’s "OTP only" switch, which would turn two-factor on with no number to text', async () => {
    const { client, userId } = await signedInUser(t, 'factor-otp-only')
    const res = await post(client, '/api/auth/two-factor/enable', { password: TEST_PASSWORD, method: 'otp' })
    expect(res.status).toBe(400)
    expect(await twoFactorFlag(userId)).toBe(false)
  })
})

describe('the list of second factors', () => {
  it('names each factor, renames and removes them with the password, and turns two-factor off with the last', async () => {
    const { client, userId, email, phone } = await userWithVerifiedPhone('factor-list')
    const { totpURI } = await t.enableTwoFactor(client)
    expect(totpURI).toMatch(/^otpauth:/)
    const phoneFactor = await addPhoneFactor(client, phone, 'Work phone')
    const [app, text] = await factorsOf(client)
    expect(app).toMatchObject({ factorType: 'totp', friendlyName: 'Authenticator app', status: 'verified', phoneHint: null })
    expect(text).toMatchObject({ id: phoneFactor.id, friendlyName: 'Work phone', status: 'verified' })

    const renamed = await readJson<{ factors: SecondFactor[] }>(await client.request(`/api/me/second-factors/${app!.id}`, { method: 'PATCH', json: { friendlyName: 'Authy' } }), 200)
    expect(renamed.factors.map((f) => f.friendlyName)).toEqual(['Authy', 'Work phone'])
    expect((await client.request(`/api/me/second-factors/${app!.id}`, { method: 'PATCH', json: { friendlyName: '   ' } })).status).toBe(400)

    const device = t.client()
    await t.signIn(device, email)
    expect((await readJson<SecondFactorMethods>(await device.request('/api/auth/second-factor/methods'), 200)).methods).toEqual(['totp', 'phone', 'backup_code'])

    // A wrong password removes nothing and counts like a failed sign-in.
    const wrong = await client.request(`/api/me/second-factors/${app!.id}`, { method: 'DELETE', json: { password: 'not my password' } })
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as ErrorBody).error.reason).toBe('INVALID_PASSWORD')
    expect(await factorsOf(client)).toHaveLength(2)

    const afterApp = await readJson<{ factors: SecondFactor[] }>(await client.request(`/api/me/second-factors/${app!.id}`, { method: 'DELETE', json: { password: TEST_PASSWORD } }), 200)
    expect(afterApp.factors.map((f) => f.factorType)).toEqual(['phone'])
    expect(await twoFactorFlag(userId)).toBe(true)
    await readJson(await client.request(`/api/me/second-factors/${phoneFactor.id}`, { method: 'DELETE', json: { password: TEST_PASSWORD } }), 200)
    expect(await factorsOf(client)).toEqual([])
    expect(await twoFactorFlag(userId)).toBe(false)
    expect(await readJson<{ twoFactorRedirect?: boolean }>(await t.signIn(t.client(), email), 200)).not.toHaveProperty('twoFactorRedirect', true)
  })

  it('lets nobody else see, rename or remove a user’s factors', async () => {
    const owner = await userWithVerifiedPhone('factor-owner')
    const factor = await addPhoneFactor(owner.client, owner.phone)
    const other = await signedInUser(t, 'factor-other')
    expect(await factorsOf(other.client)).toEqual([])
    for (const [method, json] of [['PATCH', { friendlyName: 'Mine now' }], ['DELETE', { password: TEST_PASSWORD }]] as const) {
      const res = await other.client.request(`/api/me/second-factors/${factor.id}`, { method, json })
      expect(res.status).toBe(404)
      expect((await t.client().request(`/api/me/second-factors/${factor.id}`, { method, json })).status).toBe(401)
    }
    expect(await factorsOf(owner.client)).toEqual([{ ...factor, status: 'verified' }])
  })

  it('turning two-factor off removes every factor, text messages included', async () => {
    const { client, userId, phone } = await userWithVerifiedPhone('factor-disable')
    await t.enableTwoFactor(client)
    await addPhoneFactor(client, phone)
    expect((await post(client, '/api/auth/two-factor/disable', { password: TEST_PASSWORD })).status).toBe(200)
    expect(await factorsOf(client)).toEqual([])
    expect(await twoFactorFlag(userId)).toBe(false)
  })
})
