import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestApp } from '#tests/support/test-app.ts'
import { outboxMessages } from '../db/schema.ts'
import { AUTH_MAIL_PER_HOUR, AUTH_MAIL_SPACING_MS, inboxOf } from './mail-flood-guard.ts'

/**
 * Security target A12: one inbox can't be flooded through our forms. The probe sent 30 magic links
 * and 30 reset emails to one address from 30 client addresses in about a second.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

let clock = Date.parse('2026-11-27T09:00:00Z')
const advance = (ms: number) => {
  clock += ms
  t.now.value = new Date(clock)
}

async function mailTo(email: string) {
  await Promise.allSettled(t.services.pendingEmails)
  return t.database.db.select({ subject: outboxMessages.subject }).from(outboxMessages).where(eq(outboxMessages.to, email))
}

async function verifiedUser(): Promise<string> {
  const client = t.client()
  const email = uniqueEmail('flood')
  await t.signUp(client, email)
  await t.verifyFromEmail(client, email)
  return email
}

const fromAddress = (i: number) => t.clientAt(`203.0.113.${i + 1}`)

describe('A12: mail per inbox', () => {
  it('30 magic links and 30 resets from 30 addresses in a second deliver one of each', async () => {
    advance(0)
    const victim = await verifiedUser()
    const before = (await mailTo(victim)).length
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => [
        fromAddress(i).request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email: victim, callbackURL: '/' } }),
        fromAddress(i).request('/api/auth/request-password-reset', { method: 'POST', json: { email: victim, redirectTo: '/auth?type=recovery' } }),
      ]).flat(),
    )
    expect(answers.map((res) => res.status)).toEqual(Array(60).fill(200))
    const sent = (await mailTo(victim)).slice(before)
    expect(sent).toHaveLength(2)
  })

  it(`spaces one kind ${AUTH_MAIL_SPACING_MS / 1000} s apart and stops at ${AUTH_MAIL_PER_HOUR} an hour, then starts again`, async () => {
    advance(0)
    const victim = await verifiedUser() // the verification email is the first of the hour
    // A minute apart, as a person asks: each request's email has gone out (or been refused) before the next.
    const ask = async () => {
      await t.client().request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email: victim, callbackURL: '/' } })
      await Promise.allSettled(t.services.pendingEmails)
    }
    await ask()
    await ask() // same minute: not sent
    expect(await mailTo(victim)).toHaveLength(2)
    for (let i = 0; i < 5; i++) {
      advance(AUTH_MAIL_SPACING_MS + 1_000)
      await ask()
    }
    // 1 verification + 4 magic links = 5 this hour; the 6th request in a new minute is not sent.
    expect(await mailTo(victim)).toHaveLength(AUTH_MAIL_PER_HOUR)
    advance(60 * 60_000)
    await ask()
    expect(await mailTo(victim)).toHaveLength(AUTH_MAIL_PER_HOUR + 1)
  })

  it('answers a limited address exactly as an unknown one', async () => {
    advance(0)
    const victim = await verifiedUser()
    for (let i = 0; i < 3; i++) await t.client().request('/api/auth/request-password-reset', { method: 'POST', json: { email: victim, redirectTo: '/auth?type=recovery' } })
    const limited = await t.client().request('/api/auth/request-password-reset', { method: 'POST', json: { email: victim, redirectTo: '/auth?type=recovery' } })
    const unknown = await t.client().request('/api/auth/request-password-reset', { method: 'POST', json: { email: uniqueEmail('nobody'), redirectTo: '/auth?type=recovery' } })
    expect(limited.status).toBe(unknown.status)
    expect(await limited.text()).toBe(await unknown.text())
  })

  it('signing up with a victim’s address and signing in again and again sends one verification email a minute', async () => {
    advance(0)
    const victim = uniqueEmail('flood')
    await t.signUp(t.client(), victim)
    for (let i = 0; i < 10; i++) {
      await fromAddress(i).request('/api/auth/sign-up/email', { method: 'POST', json: { email: victim, password: TEST_PASSWORD, name: 'X' } })
      await fromAddress(i).request('/api/auth/sign-in/email', { method: 'POST', json: { email: victim, password: TEST_PASSWORD } })
    }
    expect(await mailTo(victim)).toHaveLength(1)
  })

  it('counts tagged addresses as the inbox they reach', async () => {
    expect(inboxOf(' Victim+1@Example.com ')).toBe('victim@example.com')
    expect(inboxOf('victim+a+b@example.com')).toBe('victim@example.com')
    expect(inboxOf('+x@example.com')).toBe('+x@example.com')
    advance(0)
    const base = uniqueEmail('tag').replace('@', '+0@')
    for (let i = 1; i <= 10; i++) await t.client().request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email: base.replace('+0@', `+${i}@`), callbackURL: '/' } })
    await Promise.allSettled(t.services.pendingEmails)
    const rows = await t.database.db.select({ to: outboxMessages.to }).from(outboxMessages)
    expect(rows.filter((row) => inboxOf(row.to) === inboxOf(base))).toHaveLength(1)
  })
})
