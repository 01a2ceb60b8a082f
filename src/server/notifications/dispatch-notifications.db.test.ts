import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio-server.ts'
import { insertAlert, insertNotification, insertUser } from '#tests/support/notification-fixtures.ts'
import { scriptedChannels, type ScriptedChannel } from '#tests/support/scripted-channel.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { openTestDatabase } from '#tests/support/test-db.ts'
import type { NotificationChannel } from '#shared/plans.ts'
import type { Database } from '../db/client.ts'
import { alertNotifications, alerts, profiles, pushSubscriptions } from '../db/schema.ts'
import { createClientLinks } from '../clients/client-links.ts'
import { ChannelError } from './channel-driver.ts'
import { MissingAddressError } from './channel-errors.ts'
import { createTwilioChannel } from './channels/twilio-channel.ts'
import { claimDueNotifications, startAttempt } from './claim-notifications.ts'
import { DISPATCH_DEFAULTS, dispatchDueNotifications } from './dispatch-notifications.ts'
import type { DigestDispatchDeps } from './dispatch-digests.ts'
import { DEFAULT_RETRY_POLICY } from './retry-policy.ts'
import { startNotificationDispatcher } from './start-dispatcher.ts'

/**
 * The dispatcher on PGlite (and PostgreSQL in CI's second pass): claim, re-check, send, record;
 * retries with backoff, dead letters, skips, crash recovery through the lease, and concurrent
 * dispatchers that never send one row twice.
 */

let database: Database
let channels: Record<NotificationChannel, ScriptedChannel>
let clock: Date
const MINUTE = 60_000

const deps = (overrides: Partial<DigestDispatchDeps> = {}): DigestDispatchDeps => ({
  db: database.db,
  channels,
  logger: silentLogger,
  now: () => clock,
  unsubscribeUrl: (alertId) => `http://localhost:3000/api/alerts/${alertId}/unsubscribe?token=t`,
  digestUnsubscribeUrl: (digestId) => `http://localhost:3000/api/alerts/digests/${digestId}/unsubscribe?token=t`,
  clientLinks: createClientLinks({ secret: 'test-secret', publicUrl: 'http://localhost:3000' }),
  publicUrl: 'http://localhost:3000',
  random: () => 0.5,
  ...overrides,
})

const advance = (ms: number) => (clock = new Date(clock.getTime() + ms))
const rowById = async (id: string) => (await database.db.select().from(alertNotifications).where(eq(alertNotifications.id, id)))[0]!

/** A user, a triggered alert and one due notice on `channel`. */
async function queued(channel: NotificationChannel, user?: { plan?: 'free' | 'premium' | 'elite'; phone?: string | null }) {
  const owner = await insertUser(database.db, user)
  const alertId = await insertAlert(database.db, owner.id)
  const row = await insertNotification(database.db, { alertId, userId: owner.id, channel, nextAttemptAt: clock })
  return { owner, alertId, row }
}

beforeAll(async () => {
  database = await openTestDatabase()
})

afterAll(async () => {
  await database.close()
})

beforeEach(async () => {
  await database.db.delete(alertNotifications)
  channels = scriptedChannels()
  clock = new Date()
})

describe('dispatchDueNotifications', () => {
  it('sends a due notice once, to the owner as they are now, and records it', async () => {
    const { owner, alertId, row } = await queued('email')
    await database.db.insert(pushSubscriptions).values({ userId: owner.id, endpoint: 'https://push.example/1', p256dh: 'p', auth: 'a' })

    expect(await dispatchDueNotifications(deps())).toMatchObject({ claimed: 1, sent: 1 })
    expect(channels.email.sends).toEqual([
      {
        key: row.dedupeKey,
        payload: row.payload,
        to: {
          userId: owner.id,
          email: owner.email,
          phone: '+14155550100',
          pushSubscriptions: [{ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } }],
          nativePushDevices: [],
          unsubscribeUrl: `http://localhost:3000/api/alerts/${alertId}/unsubscribe?token=t`,
        },
      },
    ])
    expect(await rowById(row.id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      sentAt: clock,
      providerMessageId: 'email-1',
      leaseUntil: null,
      lastError: null,
    })

    expect(await dispatchDueNotifications(deps())).toMatchObject({ claimed: 0 })
    expect(channels.email.sends).toHaveLength(1)
  })

  it('leaves notices that are not due yet', async () => {
    const { row } = await queued('email')
    await database.db.update(alertNotifications).set({ nextAttemptAt: new Date(clock.getTime() + MINUTE) }).where(eq(alertNotifications.id, row.id))
    expect((await dispatchDueNotifications(deps())).claimed).toBe(0)
    advance(MINUTE)
    expect((await dispatchDueNotifications(deps())).sent).toBe(1)
  })

  it('retries after a Twilio 500 with backoff, then sends (real SDK against the local fake)', async () => {
    const twilio: FakeTwilio = await startFakeTwilio()
    try {
      const sms = createTwilioChannel({
        channel: 'sms',
        from: '+15005550006',
        shortUrl: 'http://localhost:3000/alerts',
        logger: silentLogger,
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        baseUrl: twilio.url,
        timeoutMs: 5_000,
      })
      const real = deps({ channels: { ...channels, sms } })
      const { row } = await queued('sms')
      twilio.respondWith({ status: 500, times: 1 })

      expect(await dispatchDueNotifications(real)).toMatchObject({ claimed: 1, retrying: 1 })
      const waiting = await rowById(row.id)
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1, leaseUntil: null })
      expect(waiting.lastError).toContain('HTTP 500')
      expect(waiting.nextAttemptAt.getTime() - clock.getTime()).toBe(DEFAULT_RETRY_POLICY.baseMs)

      advance(DEFAULT_RETRY_POLICY.baseMs - 1_000)
      expect((await dispatchDueNotifications(real)).claimed).toBe(0)
      advance(1_000)
      expect(await dispatchDueNotifications(real)).toMatchObject({ claimed: 1, sent: 1 })

      expect(twilio.messages).toHaveLength(1)
      expect(twilio.requests.map((r) => r.status)).toEqual([500, 201])
      expect(await rowById(row.id)).toMatchObject({ status: 'sent', attempts: 2, providerMessageId: twilio.messages[0]!.sid })
    } finally {
      await twilio.close()
    }
  })

  it('backs off exponentially and gives up as dead after the last attempt', async () => {
    const { row } = await queued('email')
    channels.email.always = new ChannelError('SMTP 421 try later', true)
    const waits: number[] = []
    for (let attempt = 1; attempt <= DEFAULT_RETRY_POLICY.maxAttempts; attempt++) {
      expect((await dispatchDueNotifications(deps())).claimed).toBe(1)
      const current = await rowById(row.id)
      if (current.status === 'pending') {
        waits.push(current.nextAttemptAt.getTime() - clock.getTime())
        clock = current.nextAttemptAt
      }
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000])
    expect(await rowById(row.id)).toMatchObject({ status: 'dead', attempts: DEFAULT_RETRY_POLICY.maxAttempts, lastError: 'ChannelError: SMTP 421 try later' })
    advance(24 * 3600_000)
    expect((await dispatchDueNotifications(deps())).claimed).toBe(0)
  })

  it('gives up at once on an error that can never succeed', async () => {
    const { row } = await queued('sms')
    channels.sms.script.push(new ChannelError('The To number is not a valid phone number (HTTP 400, Twilio error 21211)', false))
    expect(await dispatchDueNotifications(deps())).toMatchObject({ dead: 1 })
    expect(await rowById(row.id)).toMatchObject({ status: 'dead', attempts: 1, lastError: expect.stringContaining('21211') })
  })

  it('skips, without sending, when the plan no longer includes the channel', async () => {
    const { owner, row } = await queued('sms')
    await database.db.update(profiles).set({ role: 'premium', subscriptionTier: 'premium' }).where(eq(profiles.id, owner.id))
    expect(await dispatchDueNotifications(deps())).toMatchObject({ skipped: 1 })
    expect(channels.sms.sends).toEqual([])
    expect(await rowById(row.id)).toMatchObject({ status: 'skipped', lastError: 'skipped: the premium plan does not include sms notifications' })
  })

  it('skips notices of a paused alert, of a channel switched off since, and for a missing phone number', async () => {
    const paused = await queued('email')
    await database.db.update(alerts).set({ status: 'paused' }).where(eq(alerts.id, paused.alertId))
    const switchedOff = await queued('whatsapp')
    await database.db
      .update(alerts)
      .set({ notificationChannels: { email: true, sms: false, whatsapp: false, push: false } })
      .where(eq(alerts.id, switchedOff.alertId))
    const noPhone = await queued('sms', { phone: null })
    channels.sms.script.push(new MissingAddressError('sms', 'no phone number on the profile'))

    expect(await dispatchDueNotifications(deps())).toMatchObject({ claimed: 3, skipped: 3 })
    expect((await rowById(paused.row.id)).lastError).toBe('skipped: the alert is paused')
    expect((await rowById(switchedOff.row.id)).lastError).toBe('skipped: whatsapp notifications are switched off on the alert')
    expect((await rowById(noPhone.row.id)).lastError).toBe('skipped: no phone number on the profile')
    expect(channels.email.sends.length + channels.whatsapp.sends.length + channels.sms.sends.length).toBe(0)
  })

  it('never lets one failing channel hold back the others', async () => {
    const owner = await insertUser(database.db)
    const alertId = await insertAlert(database.db, owner.id)
    const event = 'drop-1'
    const rows = await Promise.all(
      (['email', 'sms', 'whatsapp', 'push'] as const).map((channel) => insertNotification(database.db, { alertId, userId: owner.id, channel, event, nextAttemptAt: clock })),
    )
    channels.email.always = new ChannelError('SMTP server unreachable', true)
    channels.push.send = async () => {
      throw new Error('a bug in the push driver')
    }

    expect(await dispatchDueNotifications(deps())).toMatchObject({ claimed: 4, sent: 2, retrying: 2 })
    const statuses = await database.db
      .select({ channel: alertNotifications.channel, status: alertNotifications.status })
      .from(alertNotifications)
      .where(inArray(alertNotifications.id, rows.map((r) => r.id)))
    expect(Object.fromEntries(statuses.map((s) => [s.channel, s.status]))).toEqual({ email: 'pending', sms: 'sent', whatsapp: 'sent', push: 'pending' })
  })

  it('picks up a notice whose dispatcher died between claim and send once the lease runs out, and sends it once', async () => {
    const { row } = await queued('email')
    // A dispatcher claims the row, then "crashes": nothing sent, nothing recorded.
    expect(await claimDueNotifications(database.db, { now: clock, batchSize: 10, leaseMs: DISPATCH_DEFAULTS.leaseMs })).toHaveLength(1)

    advance(MINUTE)
    expect((await dispatchDueNotifications(deps())).claimed).toBe(0)
    advance(DISPATCH_DEFAULTS.leaseMs)
    expect(await dispatchDueNotifications(deps())).toMatchObject({ claimed: 1, sent: 1 })
    expect(await dispatchDueNotifications(deps())).toMatchObject({ claimed: 0 })

    expect(channels.email.sends.map((s) => s.key)).toEqual([row.dedupeKey])
    // The crashed claim never started a send: only the one that did counts.
    expect(await rowById(row.id)).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('costs nothing to notices a crashed dispatcher had claimed but not started, however often it crashes', async () => {
    const { row } = await queued('email')
    for (let crash = 0; crash < DEFAULT_RETRY_POLICY.maxAttempts * 2; crash++) {
      expect(await claimDueNotifications(database.db, { now: clock, batchSize: 10, leaseMs: DISPATCH_DEFAULTS.leaseMs })).toHaveLength(1)
      advance(DISPATCH_DEFAULTS.leaseMs + 1)
    }
    expect(await dispatchDueNotifications(deps())).toMatchObject({ claimed: 1, sent: 1 })
    expect(await rowById(row.id)).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('gives up on a notice whose every attempt ended with the dispatcher gone mid-send, without sending it again', async () => {
    const { row } = await queued('email')
    for (let attempt = 1; attempt <= DEFAULT_RETRY_POLICY.maxAttempts; attempt++) {
      const [claimed] = await claimDueNotifications(database.db, { now: clock, batchSize: 10, leaseMs: DISPATCH_DEFAULTS.leaseMs })
      // The send starts (the attempt is counted), then the process dies before any outcome.
      expect(await startAttempt(database.db, claimed!)).toBe(attempt)
      advance(DISPATCH_DEFAULTS.leaseMs + 1)
    }
    expect(await dispatchDueNotifications(deps())).toMatchObject({ claimed: 1, dead: 1 })
    expect(channels.email.sends).toEqual([])
    expect(await rowById(row.id)).toMatchObject({
      status: 'dead',
      attempts: DEFAULT_RETRY_POLICY.maxAttempts,
      lastError: `gave up after ${DEFAULT_RETRY_POLICY.maxAttempts} attempts without an outcome`,
    })
  })

  it("keeps the newer dispatcher's outcome when a slow one's lease ran out under it", async () => {
    const { row } = await queued('email')
    let release!: () => void
    channels.email.script.push(new Promise<void>((resolve) => (release = resolve)))
    const slow = dispatchDueNotifications(deps())
    await new Promise((resolve) => setTimeout(resolve, 50))

    advance(DISPATCH_DEFAULTS.leaseMs + 1_000)
    expect(await dispatchDueNotifications(deps())).toMatchObject({ claimed: 1, sent: 1 })
    release()
    expect(await slow).toMatchObject({ 'lost-lease': 1 })
    expect(await rowById(row.id)).toMatchObject({ status: 'sent', attempts: 2, providerMessageId: 'email-1' })
  })

  it('starts no send its lease could not outlast: the notice goes back unsent, its attempt not counted', async () => {
    const { row } = await queued('email')
    // A lease no longer than a send's timeout plus the margin leaves no time to start any send.
    expect(await dispatchDueNotifications(deps(), { leaseMs: 60_000, sendTimeoutMs: 50_000 })).toMatchObject({ claimed: 1, released: 1, sent: 0 })
    expect(channels.email.sends).toHaveLength(0)
    expect(await rowById(row.id)).toMatchObject({ status: 'pending', attempts: 0, leaseUntil: null })

    expect(await dispatchDueNotifications(deps())).toMatchObject({ claimed: 1, sent: 1 })
    expect(await rowById(row.id)).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('two dispatchers running at once never send one notice twice', async () => {
    const owner = await insertUser(database.db)
    const alertId = await insertAlert(database.db, owner.id)
    const total = 60
    for (let i = 0; i < total; i++) await insertNotification(database.db, { alertId, userId: owner.id, channel: i % 2 ? 'email' : 'sms', nextAttemptAt: clock })
    channels.email.delayMs = 5
    channels.sms.delayMs = 5

    const drain = async () => {
      let claimed = 0
      for (;;) {
        const round = await dispatchDueNotifications(deps(), { batchSize: 7 })
        if (round.claimed === 0) return claimed
        claimed += round.claimed
      }
    }
    const [a, b] = await Promise.all([drain(), drain()])

    const keys = [...channels.email.sends, ...channels.sms.sends].map((s) => s.key)
    expect(keys).toHaveLength(total)
    expect(new Set(keys).size).toBe(total)
    expect(a + b).toBe(total)
    const statuses = await database.db.select({ status: alertNotifications.status, attempts: alertNotifications.attempts }).from(alertNotifications)
    expect(statuses.every((s) => s.status === 'sent' && s.attempts === 1)).toBe(true)
  })
})

describe('startNotificationDispatcher', () => {
  it('polls, sends when woken, and waits for the round in flight on stop', async () => {
    const handle = startNotificationDispatcher(deps({ now: () => new Date() }), { pollMs: 60_000 })
    try {
      await queued('email')
      // The first poll is a minute away; wake() asks now.
      handle.wake()
      await expect.poll(() => channels.email.sends.length, { timeout: 5_000 }).toBe(1)
    } finally {
      await handle.stop()
    }
  })
})
