import { createHmac } from 'node:crypto'
import type { Page } from '@playwright/test'
import { PASSWORD, signedIn, signInWithForm, uniqueEmail } from './account-helpers.ts'
import { expectNoAxeViolations } from './axe.ts'
import { expect, test } from './fixtures.ts'

const NEW_PASSWORD = 'an-even-stronger-password'


async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/$/)
}

/** The current 30-second TOTP time step. */
const totpStep = (at = Date.now()) => Math.floor(at / 30_000)

/** RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) from a base32 secret, as an authenticator app computes it. */
function totp(base32Secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = 0
  let value = 0
  const key: number[] = []
  for (const char of base32Secret.replace(/[\s=]/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char)
    bits += 5
    if (bits >= 8) {
      key.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)))
  const hmac = createHmac('sha1', Buffer.from(key)).update(counter).digest()
  const offset = hmac[hmac.length - 1]! & 0xf
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

/** A six-digit code that is wrong for every window the server accepts. */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((w) => totp(secret, Date.now() + w * 30_000)))
  let n = 0
  while (valid.has(String(n).padStart(6, '0'))) n++
  return String(n).padStart(6, '0')
}

test.describe('profile', () => {
  test.describe.configure({ timeout: 120_000 })

  test('turn on two-factor authentication, then sign in with the password and a code', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 401/)
    const email = uniqueEmail('totp')
    await signedIn(page, email)

    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
    const account = page.getByRole('region', { name: 'Account', exact: true })
    await expect(account.getByText('Ana Lima')).toBeVisible()
    const emails = page.getByRole('region', { name: 'Email addresses' })
    await expect(emails.getByRole('listitem')).toContainText([email])
    await expect(emails.getByText('Primary', { exact: true })).toBeVisible()
    await expect(emails.getByText('Verified', { exact: true })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1)
    await expectNoAxeViolations(page)

    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' })
    await expect(twoFactor.getByText('Disabled')).toBeVisible()
    await twoFactor.getByRole('button', { name: 'Enable' }).click()
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' })
    await dialog.getByLabel('Password').fill(PASSWORD)
    await dialog.getByRole('button', { name: 'Continue' }).click()

    const qr = twoFactor.getByRole('img', { name: 'QR code to scan with your authenticator app' })
    await expect(qr).toBeVisible()
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const secret = ((await twoFactor.getByLabel('Setup key').textContent()) ?? '').replace(/\s/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    await expectNoAxeViolations(page)

    await twoFactor.getByLabel('Authentication code').fill(wrongCode(secret))
    await twoFactor.getByRole('button', { name: 'Verify and enable' }).click()
    await expect(twoFactor.getByText(/^Invalid code\./)).toBeVisible()
    await twoFactor.getByLabel('Authentication code').fill(totp(secret))
    await twoFactor.getByRole('button', { name: 'Verify and enable' }).click()
    const enabledInStep = totpStep()

    const codes = twoFactor.getByRole('list', { name: 'Backup codes' })
    await expect(codes.getByRole('listitem')).toHaveCount(10)
    await expectNoAxeViolations(page)
    const backupCode = (await codes.getByRole('listitem').first().textContent())!.trim()
    await twoFactor.getByRole('button', { name: "I've saved my codes" }).click()
    await expect(twoFactor.getByText('Enabled', { exact: true })).toBeVisible()

    await signOut(page)

    // Password first, then the code from the app.
    await signInWithForm(page, email, PASSWORD)
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
    // Only the code step shows: no tabs or provider buttons while the second factor is asked.
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Google' })).toHaveCount(0)
    await expectNoAxeViolations(page)
    await page.getByLabel('Authentication code').fill(wrongCode(secret))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByText('Invalid code', { exact: true })).toBeVisible()
    // Each code works once (decision 011), so the sign-in takes a code of a later step than the one
    // that enabled two-factor: the next step's code, which the accepted window (±1 step) already
    // takes, as an app whose clock runs a little ahead would show it. No 30 s wait for a new code.
    await page.getByLabel('Authentication code').fill(totp(secret, (enabledInStep + 1) * 30_000))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/alerts$/)
    await expect(page.getByText('Successfully signed in!', { exact: true })).toBeVisible()

    // A backup code works in place of the app.
    await signOut(page)
    await signInWithForm(page, email, PASSWORD)
    await page.getByRole('button', { name: 'Use a backup code instead' }).click()
    await page.getByLabel('Backup code').fill(backupCode)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/alerts$/)
  })

  test('change the password, sign out other sessions and delete the account', async ({ page, browser, consoleGuard }) => {
    consoleGuard.allow(/status of 400/)
    const email = uniqueEmail('settings')
    await signedIn(page, email)

    // The same account signed in on a second browser.
    const otherContext = await browser.newContext()
    const other = await otherContext.newPage()
    await signInWithForm(other, email, PASSWORD)
    await expect(other).toHaveURL(/\/alerts$/)

    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/profile')
    const sessions = page.getByRole('region', { name: 'Sessions' })
    await expect(sessions.getByRole('listitem')).toHaveCount(2)
    await expectNoAxeViolations(page)
    await expect(sessions.getByRole('listitem').first()).toContainText('This device')
    await expect(sessions.getByRole('listitem').first()).toContainText(/Chrome on \w+/)
    await sessions.getByRole('button', { name: 'Sign out other sessions' }).click()
    await expect(page.getByText('Signed out of all other sessions', { exact: true })).toBeVisible()
    await expect(sessions.getByRole('listitem')).toHaveCount(1)
    await other.goto('/profile')
    await expect(other.getByRole('heading', { name: 'Please sign in to access this content.' })).toBeVisible()

    const password = page.getByRole('region', { name: 'Password' })
    await password.getByLabel('Current password').fill('not-my-password')
    await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await password.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await password.getByRole('button', { name: 'Update password' }).click()
    await expect(password.getByText('Invalid password')).toBeVisible()
    await password.getByLabel('Current password').fill(PASSWORD)
    await password.getByRole('button', { name: 'Update password' }).click()
    await expect(page.getByText('Password updated successfully!', { exact: true })).toBeVisible()
    await expect(password.getByLabel('Current password')).toHaveValue('')

    // The new password signs in elsewhere.
    await signInWithForm(other, email, NEW_PASSWORD)
    await expect(other).toHaveURL(/\/alerts$/)

    await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    const confirm = dialog.getByRole('button', { name: 'Delete my account' })
    await expect(confirm).toBeDisabled()
    await expectNoAxeViolations(page)
    await dialog.getByLabel(`Type ${email} to confirm`).fill(email)
    await dialog.getByLabel('Password').fill(NEW_PASSWORD)
    await confirm.click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByText('Your account has been deleted', { exact: true })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible()

    // Every session ended with the account.
    await other.goto('/profile')
    await expect(other.getByRole('heading', { name: 'Please sign in to access this content.' })).toBeVisible()
    await otherContext.close()
  })
})
