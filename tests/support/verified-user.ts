import { makeSignature } from 'better-auth/crypto'
import { hashPassword } from '../../src/server/auth/password-hashing.ts'
import { TEST_PASSWORD, type TestApp, type TestClient } from './test-app.ts'

/** One argon2 hash of TEST_PASSWORD per test file, shared by every account the file creates. */
let passwordHash: Promise<string> | undefined

/**
 * What signing up and opening the emailed link leave behind (a verified user with the password
 * TEST_PASSWORD, and a session cookie in a client), written through better-auth's own adapter
 * instead of the HTTP flow: no sign-up request, no email, no verification link. The session is
 * created the way every sign-in creates it, so the app's session hook (profile, user_emails, the
 * admin grant) runs as usual. For tests whose subject comes after sign-in; auth-flows and
 * profile-flows keep the real sign-up.
 */
export async function createVerifiedUser(t: TestApp, email: string): Promise<{ client: TestClient; userId: string }> {
  const auth = await t.services.auth.$context
  const user = await auth.internalAdapter.createUser(
    { email, name: 'Ana Lima', firstName: 'Ana', lastName: 'Lima', emailVerified: true },
    { method: 'email-password' },
  )
  await auth.internalAdapter.createAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
  })
  const session = await auth.internalAdapter.createSession(user.id)
  const client = t.client()
  // The cookie as better-auth sets it: the token, signed with the app's secret, URL-encoded.
  const signed = `${session.token}.${await makeSignature(session.token, auth.secret)}`
  client.cookies.set(auth.authCookies.sessionToken.name, encodeURIComponent(signed))
  return { client, userId: user.id }
}
