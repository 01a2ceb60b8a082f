import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expectNoAxeViolations } from './axe.ts'
import { startIdentityProvider, type TestIdentityProvider } from '../support/oidc-provider.ts'
import { expect, test } from './fixtures.ts'

/**
 * Google sign-in in a real browser, round trip through a real OpenID Connect provider on loopback.
 * The shared web server has no providers configured, so this file starts its own app (the built
 * one, like playwright.config.ts; E2E_SERVER_ENTRY points at another build) with Google and
 * Microsoft aimed at the local provider, and Apple left unconfigured.
 */

const SERVER_ENTRY = process.env.E2E_SERVER_ENTRY ?? 'dist/server/main.js'

let idp: TestIdentityProvider
let server: ChildProcess
let exited: Promise<void>
let appUrl: string
let dataDir: string
let output = ''

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(90_000)
  const port = await freePort()
  appUrl = `http://127.0.0.1:${port}`
  idp = await startIdentityProvider({
    clients: [
      { client_id: 'e2e-google', client_secret: 'e2e-google-secret', redirect_uris: [`${appUrl}/api/auth/callback/google`] },
      { client_id: 'e2e-microsoft', client_secret: 'e2e-microsoft-secret', redirect_uris: [`${appUrl}/api/auth/callback/microsoft`] },
    ],
  })
  dataDir = mkdtempSync(path.join(tmpdir(), 'faredrop-e2e-oauth-'))
  server = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: appUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      GOOGLE_CLIENT_ID: 'e2e-google',
      GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
      OAUTH_GOOGLE_DISCOVERY_URL: idp.discoveryUrl,
      MICROSOFT_CLIENT_ID: 'e2e-microsoft',
      MICROSOFT_CLIENT_SECRET: 'e2e-microsoft-secret',
      OAUTH_MICROSOFT_DISCOVERY_URL: idp.discoveryUrl,
      APPLE_CLIENT_ID: '',
      APPLE_CLIENT_SECRET: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  exited = new Promise((resolve) => server.on('exit', () => resolve()))

  const deadline = Date.now() + 60_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`app exited early:\n${output}`)
    const healthy = await fetch(`${appUrl}/api/health`)
      .then((res) => res.ok)
      .catch(() => false)
    if (healthy) break
    if (Date.now() > deadline) throw new Error(`app did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
})

test.afterAll(async () => {
  server?.kill('SIGTERM')
  await exited
  await idp?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test.beforeEach(() => idp.forgeIdTokens(null))

test('signs in with Google through the provider and lands on the alerts', async ({ page }) => {
  const email = `gia-${Date.now()}@example.com`
  idp.signInAs({ sub: `e2e-${Date.now()}`, email, email_verified: true, given_name: 'Gia', family_name: 'Google' })

  await page.goto(`${appUrl}/auth`)
  await expect(page.getByRole('button', { name: 'Apple' })).toBeDisabled()
  await expect(page.getByText('Apple sign-in is not set up on this server yet. Use your email instead.')).toBeVisible()
  await page.getByRole('button', { name: 'Google' }).click()

  await expect(page).toHaveURL(`${appUrl}/alerts`)
  await expect(page.getByText('Successfully signed in!', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menu')).toContainText(email)
})

test('offers the providers on the sign-up tab too', async ({ page }) => {
  await page.goto(`${appUrl}/auth`)
  await page.getByRole('tab', { name: 'Sign Up' }).click()
  await expect(page.getByRole('button', { name: 'Google' })).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Microsoft' })).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Apple' })).toBeDisabled()
})

test('explains a refused sign-in and leads back to /auth', async ({ page }) => {
  idp.signInAs({ sub: `e2e-refused-${Date.now()}`, email: `refused-${Date.now()}@example.com`, email_verified: true })
  // The provider's answer carries an ID token issued to another client.
  idp.forgeIdTokens({ claims: (claims) => ({ ...claims, aud: 'someone-elses-client' }) })

  await page.goto(`${appUrl}/auth`)
  await page.getByRole('button', { name: 'Microsoft' }).click()

  await expect(page).toHaveURL(/\/auth\/callback\?.*error=/)
  await expect(page.getByText('Failed to sign in with Microsoft')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Back to sign in' }).click()
  await expect(page).toHaveURL(`${appUrl}/auth`)
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
})
