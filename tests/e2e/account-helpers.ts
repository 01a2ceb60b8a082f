import type { APIRequestContext, Page } from '@playwright/test'
import { solveChallenge as solveProofOfWork, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { CAPTCHA_HEADER } from '#shared/captcha.ts'
import { expect, test } from './fixtures.ts'
import { outboxHeaders } from './outbox-key.ts'

export const PASSWORD = 'a-strong-password'
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** The newest link in the newest email the local outbox holds for `to` that contains `part`. */
export async function linkFromOutbox(request: APIRequestContext, to: string, part: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`, { headers: outboxHeaders })
      const { messages } = (await res.json()) as { messages: { links: string[] }[] }
      link = messages[0]?.links.find((l) => l.includes(part))
      return link
    })
    .toBeTruthy()
  return link!
}

/**
 * Waits, as the visitor does, for the ALTCHA widget to tick itself: it solves its proof of work on
 * its own once the form has focus, or as soon as it loads if the visitor was already typing
 * (captcha-field.tsx). Call it after filling a field of the form. The bound is for the proof of
 * work on a busy 2-core machine (~0.4 s on an idle one); it returns the moment the box is ticked.
 */
export async function solveChallenge(page: Page) {
  await expect(page.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 20_000 })
}

/** Signs up through the form; the page ends on the sign-in tab with the spec's message. */
export async function signUp(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth')
  await page.getByRole('tab', { name: 'Sign Up' }).click()
  await expect(page.getByText('Join thousands of smart travelers')).toBeVisible()
  const form = page.getByRole('form', { name: 'Sign up' })
  await form.getByLabel('First name').fill('Ana')
  await form.getByLabel('Last name').fill('Lima')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password', { exact: true }).fill(password)
  await form.getByLabel('Confirm password').fill(password)
  await solveChallenge(page)
  // What the visitor waits for: the server's answer (argon2 and the challenge check can pass 5 s on
  // a loaded 2-core machine), then the message. A refusal fails here with its status.
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/sign-up/email', { timeout: 30_000 })
  await form.getByRole('button', { name: 'Create Account' }).click()
  expect((await answered).status()).toBe(200)
  await expect(page.getByText('Account created successfully! Please check your email to verify your account.')).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true')
}

/** Signs up and opens the verification link: the page ends signed in. */
export async function signUpAndVerify(page: Page, request: APIRequestContext, email: string, password = PASSWORD) {
  await signUp(page, email, password)
  await page.goto(await linkFromOutbox(request, email, '/verify-email?token='))
  await expect(page.getByRole('heading', { name: 'Your email is confirmed' })).toBeVisible()
}

/**
 * A verified account, signed in in `page`'s browser context, without the sign-up form: the calls
 * the form and the emailed link make (sign-up with a solved challenge, then the link's
 * verification, which sets the session cookie), sent from the context's own request client so the
 * cookie lands in the browser's jar. The page ends on /alerts, signed in. For tests whose subject
 * comes after sign-up; the sign-up and sign-in forms are tested through the UI in accounts.spec.ts
 * and billing.spec.ts. The proof of work is solved here in Node, as the widget solves it.
 */
export async function signedIn(page: Page, email: string, password = PASSWORD) {
  const request = page.context().request
  const origin = new URL(test.info().project.use.baseURL!).origin
  const challenge = (await (await request.get('/api/captcha/challenge')).json()) as Challenge
  const solution = await solveProofOfWork({ challenge, deriveKey })
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers: { origin, [CAPTCHA_HEADER]: btoa(JSON.stringify({ challenge, solution })) },
    data: { email, password, name: 'Ana Lima', firstName: 'Ana', lastName: 'Lima', callbackURL: '/' },
  })
  expect(signUp.status(), await signUp.text()).toBe(200)
  const token = new URL(await linkFromOutbox(request, email, '/verify-email?token=')).searchParams.get('token')!
  const verified = await request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { headers: { origin } })
  expect(verified.status(), await verified.text()).toBe(200)
  await page.goto('/alerts')
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
}

/**
 * Signs in through the /auth form as a visitor does: email, password, the challenge, Sign In.
 * `{ here: true }` uses the sign-in page already open (one reached by a redirect, whose address
 * matters) instead of opening /auth afresh.
 */
export async function signInWithForm(page: Page, email: string, password = PASSWORD, { here = false } = {}) {
  if (!here) await page.goto('/auth')
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(password)
  await solveChallenge(page)
  await form.getByRole('button', { name: 'Sign In' }).click()
}
