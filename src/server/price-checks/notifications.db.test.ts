import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '#tests/support/price-check-harness.ts'
import { alertNotifications } from '../db/schema.ts'
import type { AlertCheck } from './check-alert-group.ts'
import { queueNotifications } from './queue-notifications.ts'
import { runPriceChecks } from './run-price-checks.ts'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(async () => {
  await h.close()
})

const every = { email: true, sms: true, whatsapp: true, push: true }

describe('notification outbox rows', () => {
  it('writes one pending row per channel the owner chose and the plan allows, with the notice filled in', async () => {
    const date = h.day(35)
    const params = { outbound_date: date }
    // A target far above the market: every alert triggers on its first check.
    const free = await h.alert(await h.user('free'), { params, channels: every, targetPrice: 100_000 })
    const premium = await h.alert(await h.user('premium'), { params, channels: { sms: true, whatsapp: true }, targetPrice: 100_000 })
    const elite = await h.alert(await h.user('elite'), { params, channels: every, targetPrice: 100_000 })
    const cycle = await h.run()
    // One search and one fresh re-check for all three.
    expect(cycle).toMatchObject({ claimed: 3, providerCalls: 2, notifications: 7 })

    const rows = await h.db.select().from(alertNotifications)
    const channels = (alertId: string) => rows.filter((r) => r.alertId === alertId).map((r) => r.channel).sort()
    expect(channels(free.id)).toEqual(['email'])
    expect(channels(premium.id)).toEqual(['email', 'whatsapp'])
    expect(channels(elite.id)).toEqual(['email', 'push', 'sms', 'whatsapp'])
    expect(new Set(rows.map((r) => r.dedupeKey)).size).toBe(rows.length)

    const [row] = rows.filter((r) => r.alertId === elite.id)
    const alert = await h.read(elite.id)
    expect(row).toMatchObject({ status: 'pending', attempts: 0, userId: elite.userId, price: alert.currentPrice })
    expect(row!.dedupeKey).toMatch(new RegExp(`^${elite.id}:[0-9a-f-]{36}:(email|push|sms|whatsapp)$`))
    expect(row!.payload).toMatchObject({
      alertName: 'Engine test alert',
      route: 'JFK → LAX',
      departureDate: date,
      returnDate: null,
      price: alert.currentPrice,
      targetPrice: 100_000,
      currency: 'USD',
      dropPercent: Math.round(((100_000 - alert.currentPrice!) / 100_000) * 100),
      bookingUrl: expect.stringMatching(new RegExp(`^http://localhost:3000/search\\?trip=one-way&from=JFK&to=LAX&depart=${date}&class=economy&adults=1&sort=2&pick=[A-Z0-9]{2}\\d+[A-Z]?\\.${date}(,[A-Z0-9]{2}\\d+[A-Z]?\\.[-0-9]{10})*$`)),
      history: [{ price: alert.currentPrice, recordedAt: h.clock.now.toISOString() }],
    })
    expect(row!.payload.itinerarySummary).toMatch(/^[A-Z0-9]{2} \d+/)
    expect(row!.payload.searchUrl).toBe(`http://localhost:3000/search?trip=one-way&from=JFK&to=LAX&depart=${date}&class=economy&adults=1&sort=2`)
  })

  it('wakes this process\'s dispatcher once per cycle that queued notices, and not otherwise', async () => {
    let wakes = 0
    const deps = { ...h.deps, onNotificationsQueued: () => wakes++ }
    const userId = await h.user('premium')
    await h.alert(userId, { params: { outbound_date: h.day(41) }, targetPrice: 100_000 })
    await h.alert(userId, { params: { outbound_date: h.day(42) }, targetPrice: 100_000 })
    expect(await runPriceChecks(deps)).toMatchObject({ claimed: 2, notifications: 2 })
    expect(wakes).toBe(1)
    await h.alert(userId, { params: { outbound_date: h.day(43) }, targetPrice: 1 })
    expect(await runPriceChecks(deps)).toMatchObject({ claimed: 1, notifications: 0 })
    expect(wakes).toBe(1)
  })

  it('never queues a notice twice for the same price event', async () => {
    const [row] = await h.db.select().from(alertNotifications).limit(1)
    const alert = await h.read(row!.alertId)
    const eventKey = row!.dedupeKey.split(':')[1]!
    const check = {
      alert,
      outcome: { kind: 'price', price: row!.price, itinerary: { id: 'x', price: row!.price, flights: [], stops: 0, total_duration: 0 }, observationId: eventKey, fresh: true },
      evaluation: { notify: { eventKey, price: row!.price, itinerary: { id: 'x', price: row!.price, flights: [], stops: 0, total_duration: 0 }, reason: 'crossed' } },
      observation: null,
    } as unknown as AlertCheck
    const before = (await h.db.select().from(alertNotifications).where(eq(alertNotifications.alertId, alert.id))).length
    // A retried write of the same event (a crash between two attempts) adds nothing.
    expect(await h.db.transaction((tx) => queueNotifications(tx, [check], { publicUrl: 'http://localhost:3000', now: new Date() }))).toBe(0)
    expect(await h.db.select().from(alertNotifications).where(eq(alertNotifications.alertId, alert.id))).toHaveLength(before)
  })
})
