import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alertSearchesPerDay, DATE_WINDOW_MESSAGES } from '#shared/alerts/date-window.ts'
import { REASONABLE_USE_CHECKS_PER_DAY } from '#shared/alerts/reasonable-use.ts'
import { BAG_MESSAGES } from '#shared/flights/bag-fees.ts'
import { ALERT_MESSAGES, type Alert } from '#shared/alerts/alert.ts'
import { createAlertVia, inDays, readJson, routeAlert, setPlan, signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { alerts } from '../db/schema.ts'

/** Flexible-date alerts through the API (decision 055): what is stored and what is refused. */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const roundTrip = (over: Record<string, unknown> = {}) =>
  routeAlert({ params: { type: 1, outbound_date: inDays(30), return_date: inDays(37) }, ...over })
const window = { depart_from: inDays(30), depart_to: inDays(60), weekends_only: false, nights: { min: 5, max: 9 } }
const errorsOf = async (res: Response) => JSON.stringify(await res.json())

describe('flexible-date alerts (decision 055)', () => {
  it('stores a window, and lives until the window’s last departure day', async () => {
    const { client } = await signedInUser(t)
    const alert = await createAlertVia(client, roundTrip({ date_window: window }))
    expect(alert).toMatchObject({ date_window: window, window_found: null, departure_date: inDays(60) })
    expect(await createAlertVia(client, roundTrip())).toMatchObject({ date_window: null, departure_date: inDays(30) })
  })

  it('refuses windows that don’t fit the trip, the past or the calendar, with their messages', async () => {
    const { client, userId } = await signedInUser(t)
    const cases: Array<[unknown, string]> = [
      [roundTrip({ date_window: { ...window, nights: null } }), DATE_WINDOW_MESSAGES.nightsRequired],
      [routeAlert({ date_window: window }), DATE_WINDOW_MESSAGES.nightsOneWay],
      [roundTrip({ date_window: { ...window, depart_from: inDays(-1) } }), DATE_WINDOW_MESSAGES.past],
      [roundTrip({ date_window: { ...window, depart_to: inDays(29) } }), DATE_WINDOW_MESSAGES.order],
      [roundTrip({ date_window: { ...window, depart_to: inDays(100) } }), DATE_WINDOW_MESSAGES.tooLong],
      [roundTrip({ date_window: { ...window, nights: { min: 9, max: 5 } } }), DATE_WINDOW_MESSAGES.nights],
      [roundTrip({ date_window: { ...window, weekends_only: true, nights: { min: 5, max: 9 } } }), DATE_WINDOW_MESSAGES.noDates],
      [roundTrip({ date_window: { ...window, depart_from: '2030-02-30' } }), ''],
      [roundTrip({ date_window: 'any time' }), ''],
    ]
    for (const [body, message] of cases) {
      const res = await client.request('/api/alerts', { method: 'POST', json: body })
      expect(res.status, message).toBe(400)
      if (message) expect(await errorsOf(res), message).toContain(message)
    }
    const flight = await client.request('/api/alerts', {
      method: 'POST',
      json: roundTrip({
        alertType: 'flight',
        date_window: window,
        trackedFlights: [{ marketing_airline: 'AA', marketing_flight_number: '1', departure_airport_id: 'JFK', arrival_airport_id: 'LAX', departure_local_time: `${inDays(30)}T08:00`, arrival_local_time: `${inDays(30)}T11:00` }],
      }),
    })
    expect(flight.status).toBe(400)
    expect(await errorsOf(flight)).toContain(DATE_WINDOW_MESSAGES.flightAlert)
    expect(await t.database.db.select().from(alerts).where(eq(alerts.userId, userId))).toEqual([])
  })

  it('changes or clears a window in an edit, judged against the trip, and starts the alert afresh', async () => {
    const { client } = await signedInUser(t)
    const alert = await createAlertVia(client, roundTrip())
    await t.database.db.update(alerts).set({ currentPrice: 300, lowestPrice: 280, armed: false, lastNotifiedPrice: 290 }).where(eq(alerts.id, alert.id))
    const edit = async (body: unknown, status = 200) =>
      readJson<{ alert: Alert }>(await client.request(`/api/alerts/${alert.id}`, { method: 'PATCH', json: body }), status)
    expect((await edit({ date_window: window })).alert).toMatchObject({ date_window: window, departure_date: inDays(60), current_price: null })
    const [row] = await t.database.db.select().from(alerts).where(eq(alerts.id, alert.id))
    expect(row).toMatchObject({ armed: true, lastNotifiedPrice: null, lowestPrice: null })
    expect(JSON.stringify(await edit({ date_window: { ...window, nights: null } }, 400))).toContain(DATE_WINDOW_MESSAGES.nightsRequired)
    expect(JSON.stringify(await edit({ date_window: { ...window, depart_from: inDays(-2), depart_to: inDays(40) } }, 400))).toContain(DATE_WINDOW_MESSAGES.past)
    expect((await edit({ date_window: null })).alert).toMatchObject({ date_window: null, departure_date: inDays(30) })
  })

  it('counts every search of a flexible alert’s checks toward reasonable use', async () => {
    const { client, userId } = await signedInUser(t)
    await setPlan(t, userId, 'unlimited')
    const wide = { depart_from: inDays(20), depart_to: inDays(81), weekends_only: false, nights: { min: 1, max: 30 } }
    const perAlert = alertSearchesPerDay('15m', wide, inDays(0))
    // 96 checks a day, each a slice of the window's 1,860 pairs plus the cheapest seen lately.
    expect(perAlert).toBeGreaterThan(96)
    const fits = Math.floor(REASONABLE_USE_CHECKS_PER_DAY / perAlert)
    for (let i = 0; i < fits; i++) await createAlertVia(client, roundTrip({ check_frequency: '15m', date_window: wide }))
    const use = await readJson<{ checksPerDay: number }>(await client.request('/api/alerts/reasonable-use'), 200)
    expect(use.checksPerDay).toBeCloseTo(fits * perAlert)
    const over = await client.request('/api/alerts', { method: 'POST', json: roundTrip({ check_frequency: '15m', date_window: wide }) })
    expect(over.status).toBe(400)
    expect(await errorsOf(over)).toContain('reasonable use allows up to 2,400')
  })
})

describe('bag-inclusive alerts (decision 055)', () => {
  it('stores the bags, asks the search for the carry-ons of every seated traveller, and treats none as none', async () => {
    const { client } = await signedInUser(t)
    const alert = await createAlertVia(client, roundTrip({ params: { type: 1, outbound_date: inDays(30), return_date: inDays(37), adults: 2, children: 1 }, bags: { carry_on: 1, checked: 1 } }))
    expect(alert).toMatchObject({ bags: { carry_on: 1, checked: 1 }, search_parameters: { bags: 3 } })
    expect(await createAlertVia(client, roundTrip({ bags: { carry_on: 0, checked: 0 } }))).toMatchObject({ bags: null })
    // An edit changes the bags and the search with them, and starts the alert afresh.
    const edited = await readJson<{ alert: Alert }>(await client.request(`/api/alerts/${alert.id}`, { method: 'PATCH', json: { bags: { carry_on: 0, checked: 2 } } }), 200)
    expect(edited.alert).toMatchObject({ bags: { carry_on: 0, checked: 2 }, search_parameters: { bags: 0 }, current_price: null })
  })

  it('refuses bags that are not 0–1 carry-ons and 0–2 checked, and bags on a flight alert', async () => {
    const { client } = await signedInUser(t)
    for (const [bags, message] of [
      [{ carry_on: 2, checked: 0 }, BAG_MESSAGES.carryOn],
      [{ carry_on: 0, checked: 3 }, BAG_MESSAGES.checked],
      [{ carry_on: -1, checked: 0 }, BAG_MESSAGES.carryOn],
      [{ carry_on: 0, checked: 1.5 }, BAG_MESSAGES.checked],
    ] as const) {
      const res = await client.request('/api/alerts', { method: 'POST', json: roundTrip({ bags }) })
      expect(res.status).toBe(400)
      expect(await errorsOf(res)).toContain(message)
    }
    const flight = await client.request('/api/alerts', {
      method: 'POST',
      json: roundTrip({
        alertType: 'flight',
        bags: { carry_on: 0, checked: 1 },
        trackedFlights: [{ marketing_airline: 'AA', marketing_flight_number: '1', departure_airport_id: 'JFK', arrival_airport_id: 'LAX', departure_local_time: `${inDays(30)}T08:00`, arrival_local_time: `${inDays(30)}T11:00` }],
      }),
    })
    expect(flight.status).toBe(400)
    expect(await errorsOf(flight)).toContain(BAG_MESSAGES.routeOnly)
  })
})

describe('editing a flexible, bag-inclusive alert (the edit dialog, decision 055)', () => {
  const flexible = (over: Record<string, unknown> = {}) => roundTrip({ date_window: window, bags: { carry_on: 1, checked: 1 }, ...over })
  const patch = (client: Awaited<ReturnType<typeof signedInUser>>['client'], id: string, body: unknown) => client.request(`/api/alerts/${id}`, { method: 'PATCH', json: body })

  it('leaves the price alone when the window and bags come back as they are (keys in any order)', async () => {
    const { client } = await signedInUser(t)
    const alert = await createAlertVia(client, flexible())
    await t.database.db.update(alerts).set({ currentPrice: 300, lowestPrice: 280, armed: false }).where(eq(alerts.id, alert.id))
    // The stored jsonb comes back with its keys in another order than the patch's.
    const sameWindow = { nights: { max: 9, min: 5 }, weekends_only: false, depart_to: window.depart_to, depart_from: window.depart_from }
    const res = await readJson<{ alert: Alert }>(await patch(client, alert.id, { name: 'Renamed', date_window: sameWindow, bags: { checked: 1, carry_on: 1 } }), 200)
    expect(res.alert).toMatchObject({ name: 'Renamed', current_price: 300, lowest_price: 280, date_window: window })
    const [row] = await t.database.db.select().from(alerts).where(eq(alerts.id, alert.id))
    expect(row).toMatchObject({ armed: false })
  })

  it('keeps a window that has begun when it comes back unchanged, and refuses a change that starts before today', async () => {
    const { client } = await signedInUser(t)
    const alert = await createAlertVia(client, flexible())
    const begun = { ...window, depart_from: inDays(-3), depart_to: inDays(50) }
    await t.database.db.update(alerts).set({ dateWindow: begun }).where(eq(alerts.id, alert.id))
    expect((await readJson<{ alert: Alert }>(await patch(client, alert.id, { name: 'Still going', date_window: begun }), 200)).alert).toMatchObject({ date_window: begun })
    const moved = await patch(client, alert.id, { date_window: { ...begun, depart_to: inDays(55) } })
    expect(moved.status).toBe(400)
    expect(await errorsOf(moved)).toContain(DATE_WINDOW_MESSAGES.past)
  })

  it('refuses to turn the window off when the alert’s own dates have passed (it would expire at once)', async () => {
    const { client } = await signedInUser(t)
    const alert = await createAlertVia(client, flexible())
    await t.database.db
      .update(alerts)
      .set({ searchParameters: { ...alert.search_parameters, outbound_date: inDays(-3), return_date: inDays(4) } })
      .where(eq(alerts.id, alert.id))
    const off = await patch(client, alert.id, { date_window: null })
    expect(off.status).toBe(400)
    expect(await off.json()).toMatchObject({ error: { message: ALERT_MESSAGES.pastDeparture, fieldErrors: { date_window: [ALERT_MESSAGES.pastDeparture] } } })
    const [row] = await t.database.db.select().from(alerts).where(eq(alerts.id, alert.id))
    expect(row).toMatchObject({ dateWindow: window, departureDate: inDays(60) })
  })

  it('answers a hostile trip length at once with the schema’s message (never expands it)', async () => {
    const { client } = await signedInUser(t)
    const alert = await createAlertVia(client, flexible())
    for (const nights of [{ min: 1, max: 5_000_000 }, { min: -1e9, max: 9 }, { min: 1, max: 1e300 }]) {
      const started = Date.now()
      const res = await patch(client, alert.id, { date_window: { ...window, nights } })
      expect(res.status).toBe(400)
      expect(await errorsOf(res)).toContain(DATE_WINDOW_MESSAGES.nights)
      const created = await client.request('/api/alerts', { method: 'POST', json: roundTrip({ date_window: { ...window, nights } }) })
      expect(created.status).toBe(400)
      expect(Date.now() - started).toBeLessThan(2_000)
    }
  })

  it('counts a widened window’s searches toward reasonable use, on the frequency field', async () => {
    const { client, userId } = await signedInUser(t)
    await setPlan(t, userId, 'unlimited')
    const wide = { depart_from: inDays(20), depart_to: inDays(81), weekends_only: false, nights: { min: 1, max: 30 } }
    const fits = Math.floor(REASONABLE_USE_CHECKS_PER_DAY / alertSearchesPerDay('15m', wide, inDays(0)))
    for (let i = 0; i < fits; i++) await createAlertVia(client, roundTrip({ check_frequency: '15m', date_window: wide }))
    // One date pair: one search a check, which still fits.
    const narrow = await createAlertVia(client, roundTrip({ check_frequency: '15m', date_window: { ...wide, depart_to: inDays(20), nights: { min: 7, max: 7 } } }))
    const res = await patch(client, narrow.id, { date_window: wide })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { fieldErrors: Record<string, string[]> } }
    expect(body.error.fieldErrors.check_frequency?.[0]).toContain('reasonable use allows up to 2,400')
  })
})
