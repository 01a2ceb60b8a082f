import { signedIn, uniqueEmail } from './account-helpers.ts'
import { createAlertByApi, trackRoute } from './alert-helpers.ts'
import { expect, test } from './fixtures.ts'


test.describe('price alerts', () => {
  test('search → track a route → pause → resume → edit → delete', async ({ page }) => {
    await signedIn(page, uniqueEmail('alerts'))
    const dialog = await trackRoute(page, 'SFO', 'HNL', 30)

    // The draft defaults: the spec's name, a suggested target, email on and the rest off, every 15 days.
    await expect(dialog.getByLabel('Alert name')).toHaveValue('SFO → HNL Route Alert')
    await expect(dialog.getByLabel(/Target price/)).not.toHaveValue('')
    await expect(dialog.getByRole('switch', { name: /Email/ })).toBeChecked()
    await expect(dialog.getByRole('switch', { name: /SMS/ })).not.toBeChecked()
    await dialog.getByRole('button', { name: 'Create alert' }).click()
    await expect(dialog).toBeHidden()

    const card = page.getByRole('article').filter({ hasText: 'SFO → HNL Route Alert' })
    await expect(card).toBeVisible()
    await expect(card.getByText('Active', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Alerts, 1 active' })).toBeVisible()

    await card.getByRole('button', { name: 'Pause SFO → HNL Route Alert' }).click()
    await expect(card.getByText('Paused', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Alerts', exact: true })).toBeVisible()
    await card.getByRole('button', { name: 'Resume SFO → HNL Route Alert' }).click()
    await expect(card.getByText('Active', { exact: true })).toBeVisible()

    await card.getByRole('button', { name: 'Edit SFO → HNL Route Alert' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit alert' })
    await edit.getByLabel('Alert name').fill('Hawaii in spring')
    await edit.getByLabel(/Target price/).fill('199')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await expect(edit).toBeHidden()
    const renamed = page.getByRole('article').filter({ hasText: 'Hawaii in spring' })
    await expect(renamed.getByText('$199').first()).toBeVisible()

    // The edit survives a reload: it is on the server, not only in the page.
    await page.reload()
    await expect(page.getByRole('article').filter({ hasText: 'Hawaii in spring' })).toBeVisible()

    await renamed.getByRole('button', { name: 'Delete Hawaii in spring' }).click()
    await page.getByRole('alertdialog', { name: 'Delete this alert?' }).getByRole('button', { name: 'Delete alert' }).click()
    await expect(page.getByRole('article').filter({ hasText: 'Hawaii in spring' })).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('article')).toHaveCount(0)
  })

  test('a drop alert measured from today’s price: the card says the rule, and it survives a reload (decision 051)', async ({ page }) => {
    await signedIn(page, uniqueEmail('drop-rule'))
    const dialog = await trackRoute(page, 'SEA', 'SFO', 35)
    const rules = dialog.getByRole('group', { name: 'When to notify' })
    const drop = rules.getByRole('radio', { name: /^When it drops from today’s \$[\d,]+$/ })
    const today = Number((await rules.locator('label', { hasText: 'When it drops from' }).textContent())!.replace(/[^\d]/g, ''))
    await drop.check()
    await rules.getByLabel('Drop in percent').fill('10')
    const target = Math.floor(today * 90) / 100
    await expect(rules).toContainText(`$${target.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(target) ? 0 : 2 })} or less`)
    await dialog.getByRole('button', { name: 'Create alert' }).click()
    await expect(dialog).toBeHidden()

    const card = page.getByRole('article').filter({ hasText: 'SEA → SFO Route Alert' })
    await expect(card.getByRole('list', { name: 'How it is checked' })).toContainText(`When it drops 10 % from $${today.toLocaleString('en-US')}`)
    await page.reload()
    await expect(card.getByRole('list', { name: 'How it is checked' })).toContainText('· Again after a further 5 % drop')
  })

  test('a free user at 3 alerts sees the upgrade prompt instead of a 4th', async ({ page }) => {
    await signedIn(page, uniqueEmail('quota'))
    const origin = new URL(page.url()).origin
    for (const [from, to] of [['JFK', 'LAX'], ['BOS', 'MIA'], ['SEA', 'DEN']] as const) {
      expect((await createAlertByApi(page.request, origin, from, to)).status()).toBe(201)
    }
    // However it is called, the server holds the line too.
    const fourth = await createAlertByApi(page.request, origin, 'ORD', 'ATL')
    expect(fourth.status()).toBe(403)
    expect((await fourth.json()) as unknown).toMatchObject({ success: false, error: { premiumReasons: ['quota_exceeded'] } })

    const dialog = await trackRoute(page, 'LAX', 'SFO', 30)
    await expect(dialog.getByRole('alert').filter({ hasText: "You've reached your plan's alert limit" })).toBeVisible()
    await expect(dialog.getByText('Alert quota exceeded')).toBeVisible()
    await expect(dialog.getByRole('link', { name: /See Premium and other plans/ })).toBeVisible()
  })
})
