import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextDigestAt } from '#shared/alerts/daily-digest.ts'
import { createHarness, type Harness } from '#tests/support/price-check-harness.ts'
import { alertNotifications, notificationDigests } from '../db/schema.ts'

/** The price-check engine queues a digest alert's notices into the traveller's next digest (decision 054). */

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(async () => {
  await h.close()
})

describe('the engine and daily digests', () => {
  it('puts a digest alert’s notices in one digest per channel at the traveller’s hour, and the others out at once', async () => {
    const userId = await h.user('elite')
    const params = { outbound_date: h.day(35) }
    const digest = { hour: 7, time_zone: 'Asia/Tokyo' }
    const channels = { email: true, sms: false, whatsapp: false, push: true }
    const first = await h.alert(userId, { params, targetPrice: 100_000, row: { digest, notificationChannels: channels } })
    const second = await h.alert(userId, { params, targetPrice: 100_000, row: { digest, notificationChannels: channels } })
    const instant = await h.alert(userId, { params, targetPrice: 100_000, row: { notificationChannels: channels } })
    expect(await h.run()).toMatchObject({ claimed: 3, notifications: 6 })

    const rows = await h.db.select().from(alertNotifications)
    const digests = await h.db.select().from(notificationDigests)
    const due = nextDigestAt(h.clock.now, digest)
    expect(digests.map((d) => ({ channel: d.channel, dueAt: d.dueAt, userId: d.userId })).sort((a, b) => a.channel.localeCompare(b.channel))).toEqual([
      { channel: 'email', dueAt: due, userId },
      { channel: 'push', dueAt: due, userId },
    ])
    for (const row of rows.filter((r) => r.alertId === first.id || r.alertId === second.id)) {
      expect(row.digestId).toBe(digests.find((d) => d.channel === row.channel)!.id)
      expect(row.nextAttemptAt).toEqual(due)
    }
    for (const row of rows.filter((r) => r.alertId === instant.id)) {
      expect(row).toMatchObject({ digestId: null, nextAttemptAt: h.clock.now })
    }
  })
})
