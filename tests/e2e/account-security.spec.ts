import type { APIRequestContext, Page } from '@playwright/test'
import { signedIn, signInWithForm, uniqueEmail } from './account-helpers.ts'
import { expectNoAxeViolations } from './axe.ts'
import { expect, test } from './fixtures.ts'
import { outboxHeaders } from './outbox-key.ts'

/** The newest text to `phone` whose body matches `pattern`; its 6-digit code (a new one, when `previous` is given). */
async function textedCode(request: APIRequestContext, phone: string, pattern: RegExp, previous?: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}&channel=sms`, { headers: outboxHeaders })
      const { messages } = (await res.json()) as { messages: { text: string }[] }
      code = pattern.exec(messages[0]?.text ?? '')?.[1]
      return code !== previous && code
    })
    .toBeTruthy()
  return code!
}

/** A verified notification phone, through the API (the page flow has its own test). */
async function verifiedPhone(page: Page): Promise<string> {
  const phone = `+1415557${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`
  const request = page.context().request
  const origin = new URL(page.url()).origin
  expect((await request.put('/api/me/phone', { headers: { origin }, data: { phone } })).status()).toBe(200)
  const code = await textedCode(request, phone, /^FareDrop code: (\d{6})\./)
  expect((await request.post('/api/me/phone/verify', { headers: { origin }, data: { code } })).status()).toBe(200)
  return phone
}

test('text-message sign-in codes added on /profile beside the sign-in methods, then asked for at sign-in', async ({ page }) => {
  test.setTimeout(120_000) // two real proof-of-work challenges
  const email = uniqueEmail('sms-factor')
  await signedIn(page, email)
  const phone = await verifiedPhone(page)

  await page.goto('/profile#two-factor')
  const section = page.getByRole('region', { name: 'Two-factor authentication' })
  await section.getByRole('button', { name: 'Add text message' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add text message sign-in codes' })
  await expect(dialog).toContainText(`we'll text a 6-digit code to ${phone}`)
  await dialog.getByLabel('Name', { exact: true }).fill('Travel phone')
  await dialog.getByRole('button', { name: 'Text me a code' }).click()
  const setupCode = await textedCode(page.context().request, phone, /^FareDrop sign-in code: (\d{6})\./)
  await dialog.getByRole('textbox', { name: 'Texted code' }).fill(setupCode)
  await dialog.getByRole('button', { name: 'Verify and add' }).click()
  await expect(dialog).toBeHidden()
  const factors = section.getByRole('list', { name: 'Second factors' })
  await expect(factors).toContainText('Travel phone')
  await expect(factors).toContainText(`Codes texted to •••• ${phone.slice(-2)}`)
  await expect(section.getByText('Enabled', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page, { include: '#two-factor' })

  // The sign-in methods beside it: the password, and the providers this server offers (none has
  // credentials on the test server, so their buttons say so instead of failing).
  const methods = page.getByRole('region', { name: 'Sign-in methods' })
  const list = methods.getByRole('list', { name: 'Sign-in methods' })
  await expect(list.getByRole('listitem')).toHaveCount(4)
  await expect(list.getByRole('listitem').first()).toContainText('Email and password')
  for (const provider of ['Google', 'Microsoft', 'Apple']) await expect(methods.getByRole('button', { name: `Connect ${provider}` })).toBeDisabled()
  await expect(list).toContainText('Not available on this server.')
  await expectNoAxeViolations(page, { include: '#sign-in-methods' })

  // Signed out, the password alone is not enough: the second step texts a code. (The signed-in page
  // is left first, so none of its requests answers 401 under it.)
  await page.goto('about:blank')
  await page.context().clearCookies()
  await signInWithForm(page, email)
  await expect(page.getByText(`Enter the 6-digit code we texted to •••• ${phone.slice(-2)}.`)).toBeVisible()
  const step = page.getByRole('form', { name: 'Two-factor verification' })
  await step.getByRole('textbox', { name: 'Texted code' }).fill(await textedCode(page.context().request, phone, /^FareDrop sign-in code: (\d{6})\./, setupCode))
  await step.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/alerts$/)
})

test('a session ended elsewhere signs the open page out with a message', async ({ page, playwright, consoleGuard }) => {
  await signedIn(page, uniqueEmail('ended'))
  await expect(page.getByRole('heading', { level: 1, name: 'Your alerts' })).toBeVisible()

  // Elsewhere (another device, or "sign out other sessions"), this very session is ended.
  const elsewhere = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, storageState: await page.context().storageState() })
  try {
    const origin = new URL(page.url()).origin
    expect((await elsewhere.post('/api/auth/sign-out', { headers: { origin }, data: {} })).status()).toBe(200)
  } finally {
    await elsewhere.dispose()
  }

  // The page's next call is refused (its 401 shows in the console); the page notices and says so.
  consoleGuard.allow(/401 \(Unauthorized\)/)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Profile' }).click()
  await expect(page.getByText('Your session has ended. Please sign in again.', { exact: true })).toBeVisible()
  await expect(page.getByText('Please sign in to access this content.')).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible()
})
