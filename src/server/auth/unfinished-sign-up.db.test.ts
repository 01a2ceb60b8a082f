import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestApp } from '#tests/support/test-app.ts'
import { accounts, users } from '../db/schema.ts'

/**
 * Issue 12, finding 5 (security target W1 for sign-up): a crash between the sign-up's user and its
 * password left an address that could neither sign in nor sign up again. The state a kill -9 leaves
 * is made here directly: the user row as better-auth writes it, and no account row.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

/** What a sign-up killed after its first write leaves behind, `ageMs` ago. */
async function crashedSignUp(email: string, ageMs: number): Promise<string> {
  const auth = await t.services.auth.$context
  const user = await auth.internalAdapter.createUser({ email, name: 'Ana Lima', firstName: 'Ana', lastName: 'Lima', emailVerified: false }, { method: 'email-password' })
  await t.database.db.update(users).set({ createdAt: new Date(Date.now() - ageMs) }).where(eq(users.id, user.id))
  return user.id
}

describe('a sign-up interrupted by a crash', () => {
  it('can be done again: the next sign-up creates the account, the link verifies it, the password signs in', async () => {
    const email = uniqueEmail('crash')
    const orphan = await crashedSignUp(email, 5 * 60_000)
    // Before the repair this was a 200 that created nothing, and sign-in then failed.
    const client = t.client()
    expect((await t.signUp(client, email)).status).toBe(200)
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    expect(user!.id).not.toBe(orphan)
    expect(await t.database.db.select({ provider: accounts.providerId }).from(accounts).where(eq(accounts.userId, user!.id))).toEqual([{ provider: 'credential' }])
    expect((await t.verifyFromEmail(client, email)).status).toBe(200)
    expect((await t.signIn(t.client(), email, TEST_PASSWORD)).status).toBe(200)
  })

  it('leaves a sign-up still in flight alone (younger than a minute)', async () => {
    const email = uniqueEmail('crash')
    const inFlight = await crashedSignUp(email, 5_000)
    await t.signUp(t.client(), email)
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([{ id: inFlight }])
  })

  it('never touches a finished account: a sign-up for a verified address changes nothing', async () => {
    const client = t.client()
    const email = uniqueEmail('crash')
    await t.signUp(client, email)
    await t.verifyFromEmail(client, email)
    await t.database.db.update(users).set({ createdAt: new Date(Date.now() - 60 * 60_000) }).where(eq(users.email, email))
    expect((await t.signUp(t.client(), email, 'another password')).status).toBe(200)
    expect((await t.signIn(t.client(), email, TEST_PASSWORD)).status).toBe(200)
    expect((await t.signIn(t.client(), email, 'another password')).status).toBe(401)
  })
})
