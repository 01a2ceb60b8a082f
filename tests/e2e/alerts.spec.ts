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
