import type { APIRequestContext, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

export const PASSWORD = 'a-strong-password'
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** The newest link in the newest email the local outbox holds for `to` that contains `part`. */
export async function linkFromOutbox(request: APIRequestContext, to: string, part: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)
      const { messages } = (await res.json()) as { messages: { links: string[] }[] }
      link = messages[0]?.links.find((l) => l.includes(part))
      return link
    })
    .toBeTruthy()
  return link!
}

/**
 * The ALTCHA widget solves its proof of work on its own once the form has focus. Focus that came
 * before the widget had loaded starts nothing, so, as a visitor would, tick "I'm not a robot".
 */
export async function solveChallenge(page: Page) {
  const verified = page.getByRole('checkbox', { name: 'Verified' })
  try {
    await expect(verified).toBeChecked({ timeout: 5_000 })
  } catch {
    // Only a widget that never started waits for the tick; one still working is left to finish.
    if ((await page.locator('altcha-widget [data-state="unverified"]').count()) > 0) {
      await page.getByRole('checkbox', { name: "I'm not a robot" }).click({ timeout: 5_000 })
    }
    await expect(verified).toBeChecked({ timeout: 20_000 })
  }
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
  await form.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Account created successfully! Please check your email to verify your account.')).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true')
}

/** Signs up and opens the verification link: the page ends signed in. */
export async function signUpAndVerify(page: Page, request: APIRequestContext, email: string, password = PASSWORD) {
  await signUp(page, email, password)
  await page.goto(await linkFromOutbox(request, email, '/verify-email?token='))
  await expect(page.getByRole('heading', { name: 'Your email is confirmed' })).toBeVisible()
}
