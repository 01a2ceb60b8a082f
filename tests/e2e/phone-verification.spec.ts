import { expectNoAxeViolations } from './axe.ts'
import type { APIRequestContext } from '@playwright/test'
import { signedIn, uniqueEmail } from './account-helpers.ts'
import { expect, test } from './fixtures.ts'
import { outboxHeaders } from './outbox-key.ts'

/** The newest SMS the local outbox holds for `phone`: the server's SMS driver without Twilio. */
async function codeTexted(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}&channel=sms`, { headers: outboxHeaders })
      const { messages } = (await res.json()) as { messages: { text: string }[] }
      code = /^FareDrop code: (\d{6})\. It expires in 10 minutes\.$/.exec(messages[0]?.text ?? '')?.[1]
      return code
    })
    .toBeTruthy()
  return code!
}

test('verify a phone number on /profile with the code texted to it (decision 015)', async ({ page, request, consoleGuard }) => {
  test.setTimeout(90_000) // sign-up solves a real proof-of-work challenge
  await signedIn(page, uniqueEmail('phone'))
  const phone = `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`

  await page.goto('/profile#notifications')
  const section = page.getByRole('region', { name: 'Notifications', exact: true })
  await section.getByLabel('Phone number').fill(phone)
  await section.getByRole('button', { name: 'Save number' }).click()

  const verification = section.getByRole('region', { name: `We sent a code to ${phone}` })
  await expect(verification).toBeVisible()
  await expect(section.getByText('Not verified', { exact: true })).toBeVisible()
  await expect(verification.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled()
  await expectNoAxeViolations(page, { include: '#notifications' })

  const code = await codeTexted(request, phone)
  const input = verification.getByLabel('Verification code')
  await expect(input).toHaveAttribute('autocomplete', 'one-time-code')
  // A wrong code first: the server says how many tries are left (its 400 shows in the console).
  consoleGuard.allow(/status of 400 \(Bad Request\)/)
  await input.fill(code === '000000' ? '111111' : '000000')
  await verification.getByRole('button', { name: 'Verify' }).click()
  await expect(verification.getByText("That code isn't right. 4 tries left.")).toBeVisible()

  await input.fill(code)
  await verification.getByRole('button', { name: 'Verify' }).click()
  await expect(section.getByText('Verified', { exact: true })).toBeVisible()
  await expect(verification).toBeHidden()
  await expect(section.getByText('SMS and WhatsApp notices go to this number.')).toBeVisible()

  // Still verified after a reload: it is the server's word.
  await page.reload()
  await expect(page.getByRole('region', { name: 'Notifications', exact: true }).getByText('Verified', { exact: true })).toBeVisible()
})
