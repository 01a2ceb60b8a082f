import type { APIRequestContext, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/** A date `days` from today (local calendar), as the search form writes it. */
export function inDays(days: number): string {
  const date = new Date()
  date.setDate(date.getDate() + days)
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

/** Opens a one-way search and hands it to alert creation with "Track this route" (opened over the results). */
export async function trackRoute(page: Page, from: string, to: string, days: number) {
  await page.goto(`/search?trip=one-way&from=${from}&to=${to}&depart=${inDays(days)}&class=economy&adults=1`)
  await expect(page.getByRole('heading', { name: 'Choose your flight' })).toBeVisible()
  await page.getByRole('button', { name: 'Track this route' }).first().click()
  await expect(page).toHaveURL(/\/search\?.*track=1/)
  return page.getByRole('dialog', { name: 'Track this route' })
}

/** Creates route alerts through the API as the page's signed-in user (same cookies, same rules). */
export async function createAlertByApi(request: APIRequestContext, origin: string, from: string, to: string) {
  return request.post('/api/alerts', {
    headers: { origin },
    data: {
      name: `${from} → ${to} Route Alert`,
      alertType: 'route',
      target_price: 250,
      search_parameters: { type: 2, departure_id: from, arrival_id: to, outbound_date: inDays(45) },
    },
  })
}
