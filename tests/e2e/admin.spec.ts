import { signedIn } from './account-helpers.ts'
import { expect, test } from './fixtures.ts'

test('an admin from ADMIN_EMAILS reaches the dashboard through the account menu', async ({ page }) => {
  await signedIn(page, 'admin@faredrop.test')
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible()
  await expect(page.getByText('Verified accounts')).toBeVisible()
  await page.goto('/admin/debug')
  // The debug page names the driver behind each service, as /api/health does.
  const driverTable = async () => {
    const services = await page.locator('dt').allTextContents()
    const drivers = await page.locator('dd').allTextContents()
    return Object.fromEntries(services.map((service, i) => [service, drivers[i]]))
  }
  await expect
    .poll(driverTable)
    .toMatchObject({ db: 'pglite', flights: 'simulated', email: 'outbox', sms: 'outbox', whatsapp: 'outbox', push: 'outbox' })
})

test('a signed-in member sees the permission message on /admin', async ({ page }) => {
  await signedIn(page, `member-${Date.now()}@example.com`)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: "You don't have permission to access this content." })).toBeVisible()
  await expect(page.getByText('Required: admin role.')).toBeVisible()
})
