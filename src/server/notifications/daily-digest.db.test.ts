import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { insertAlert, insertUser, samplePayload } from '#tests/support/notification-fixtures.ts'
import { scriptedChannels } from '#tests/support/scripted-channel.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import type { NotificationChannel } from '#shared/plans.ts'
import { alertNotifications, alerts, notificationDigests, outboxMessages } from '../db/schema.ts'
import { ChannelError } from './channel-driver.ts'
import { dispatchDueDigests, type DigestDispatchDeps } from './dispatch-digests.ts'
import { dispatchDueNotifications } from './dispatch-notifications.ts'
import { queueNotices, type Notice } from './queue-notices.ts'

/**
 * Daily digests (decision 054) from the queue to the message: a digest alert's notices wait for
 * the traveller's hour, and then go as one message per recipient and channel listing every alert
 * with news, through the real drivers (the local outbox) or scripted ones where failures matter.
 */

let t: TestApp
let clock: Date
const HOUR = 3_600_000
const links = () => t.services.notifications.unsubscribeLinks

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})
/** Tomorrow (the fixtures' alerts depart 40 days from today, so they are live then) at `hhmm` UTC. */
const tomorrowAt = (hhmm: string, days = 1) => new Date(`${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${hhmm}:00.000Z`)
const EIGHT = tomorrowAt('08:00')
const NEXT_EIGHT = tomorrowAt('08:00', 2)

beforeEach(() => {
  // 05:30 UTC: the 08:00 UTC digest is 2.5 hours away.
  clock = tomorrowAt('05:30')
})

const deps = (channels = t.services.notifications.channels): DigestDispatchDeps => ({
  db: t.database.db,
  channels,
  logger: silentLogger,
  now: () => clock,
  unsubscribeUrl: links().url,
  digestUnsubscribeUrl: links().digestUrl,
  clientLinks: t.services.notifications.clientLinks,
  publicUrl: t.services.publicUrl,
  random: () => 0.5,
})

const DIGEST = { hour: 8, time_zone: 'UTC' }

/** The engine's notices for one price event of `alertId` on `channel`, waiting for the 08:00 digest. */
const notice = (alertId: string, userId: string, channel: NotificationChannel, price: number, name: string, event = `obs-${price}`): Notice => ({
  alertId,
  userId,
  channel,
  eventKey: event,
  price,
  payload: samplePayload({ price, alertName: name, route: name === 'Lisbon' ? 'JFK → LIS' : 'JFK → LHR', alertUrl: `${t.services.publicUrl}/alerts?alert=${alertId}` }),
  digest: { schedule: DIGEST, clientId: null },
})

async function traveller(channels: { email?: boolean; sms?: boolean } = { email: true }) {
  const owner = await insertUser(t.database.db)
  const london = await insertAlert(t.database.db, owner.id, { channels, name: 'London' })
  const lisbon = await insertAlert(t.database.db, owner.id, { channels, name: 'Lisbon' })
  return { owner, london, lisbon }
}

const outboxFor = async (to: string) => t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to))
const itemsOf = async (alertId: string) => t.database.db.select().from(alertNotifications).where(eq(alertNotifications.alertId, alertId))
const digestsOf = async (userId: string) => t.database.db.select().from(notificationDigests).where(eq(notificationDigests.userId, userId))

describe('daily digest', () => {
  it('holds a digest alert’s notices for the traveller’s hour, then sends one email listing every alert', async () => {
    const { owner, london, lisbon } = await traveller()
    await t.database.db.transaction((tx) => queueNotices(tx, [notice(london, owner.id, 'email', 412, 'London'), notice(lisbon, owner.id, 'email', 388, 'Lisbon')], clock))
    clock = new Date(clock.getTime() + HOUR)
    await t.database.db.transaction((tx) => queueNotices(tx, [notice(london, owner.id, 'email', 399, 'London')], clock))

    // Nothing goes before 08:00, and single notices never pick up a digest's.
    expect(await dispatchDueNotifications(deps())).toMatchObject({ claimed: 0 })
    expect(await dispatchDueDigests(deps())).toMatchObject({ claimed: 0 })
    expect(await outboxFor(owner.email)).toEqual([])
    const [digest] = await digestsOf(owner.id)
    expect(digest).toMatchObject({ channel: 'email', dueAt: EIGHT, status: 'pending' })

    clock = EIGHT
    expect(await dispatchDueDigests(deps())).toMatchObject({ claimed: 1, sent: 1 })
    const [email, ...others] = await outboxFor(owner.email)
    expect(others).toEqual([])
    expect(email!.subject).toBe('Daily digest: 2 alerts found fares')
    // Newest first; London shows its newest price, $399, and says it had two events.
    expect(email!.text).toMatch(/London[\s\S]*\$399[\s\S]*newest of 2 price events[\s\S]*Lisbon[\s\S]*\$388/)
    expect(email!.text).not.toContain('$412')
    expect(email!.links).toEqual(expect.arrayContaining([links().url(london), links().url(lisbon), links().digestUrl(digest!.id), `${t.services.publicUrl}/alerts`]))

    // Every notice of the digest is recorded as sent with it.
    for (const item of [...(await itemsOf(london)), ...(await itemsOf(lisbon))]) {
      expect(item).toMatchObject({ status: 'sent', sentAt: EIGHT, digestId: digest!.id })
    }
    expect(await dispatchDueDigests(deps())).toMatchObject({ claimed: 0 })
  })

  it('sends one digest per recipient and channel: SMS gets its own short text, another traveller their own', async () => {
    const ana = await traveller({ email: true, sms: true })
    const ben = await traveller({ email: true })
    await t.database.db.transaction((tx) =>
      queueNotices(
        tx,
        [
          notice(ana.london, ana.owner.id, 'email', 412, 'London'),
          notice(ana.london, ana.owner.id, 'sms', 412, 'London'),
          notice(ana.lisbon, ana.owner.id, 'sms', 388, 'Lisbon'),
          notice(ben.lisbon, ben.owner.id, 'email', 377, 'Lisbon'),
        ],
        clock,
      ),
    )
    clock = EIGHT
    expect(await dispatchDueDigests(deps())).toMatchObject({ claimed: 3, sent: 3 })

    const anaMessages = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, '+14155550100'))
    const sms = anaMessages.filter((m) => m.channel === 'sms' && m.text.includes('daily digest'))
    expect(sms).toHaveLength(1)
    expect(sms[0]!.text).toMatch(/^FareDrop daily digest, 2 alerts: JFK to (LIS|LHR) \$\d+; JFK to (LIS|LHR) \$\d+\. http:\/\/.+\/alerts$/)
    expect(sms[0]!.text.length).toBeLessThanOrEqual(320)
    // Ana's email carries only London (her one email notice): a digest of one reads like its notice.
    const [anaEmail] = await outboxFor(ana.owner.email)
    expect(anaEmail!.subject).toBe('Daily digest: JFK → LHR now $412')
    const [benEmail] = await outboxFor(ben.owner.email)
    expect(benEmail!.subject).toBe('Daily digest: JFK → LIS now $377')
  })

  it('leaves out an alert paused or switched off since, and skips a digest with nothing left', async () => {
    const { owner, london, lisbon } = await traveller()
    const lone = await traveller()
    await t.database.db.transaction((tx) =>
      queueNotices(tx, [notice(london, owner.id, 'email', 412, 'London'), notice(lisbon, owner.id, 'email', 388, 'Lisbon'), notice(lone.london, lone.owner.id, 'email', 300, 'London')], clock),
    )
    await t.database.db.update(alerts).set({ status: 'paused' }).where(eq(alerts.id, lisbon))
    await t.database.db.delete(alerts).where(eq(alerts.id, lone.london))

    clock = EIGHT
    expect(await dispatchDueDigests(deps())).toMatchObject({ claimed: 2, sent: 1, skipped: 1 })
    const [email] = await outboxFor(owner.email)
    expect(email!.subject).toBe('Daily digest: JFK → LHR now $412')
    expect(await itemsOf(lisbon)).toEqual([expect.objectContaining({ status: 'skipped', lastError: 'skipped: the alert is paused' })])
    expect((await digestsOf(lone.owner.id))[0]).toMatchObject({ status: 'skipped', lastError: 'skipped: none of its notices may go any more' })
    expect(await outboxFor(lone.owner.email)).toEqual([])
  })

  it('retries a failed digest with its notices; a notice raised after its hour waits for the next day’s', async () => {
    const channels = scriptedChannels()
    const { owner, london, lisbon } = await traveller()
    await t.database.db.transaction((tx) => queueNotices(tx, [notice(london, owner.id, 'email', 412, 'London')], clock))
    clock = EIGHT
    channels.email.script.push(new ChannelError('421 try again later', true))
    expect(await dispatchDueDigests(deps(channels))).toMatchObject({ claimed: 1, retrying: 1 })
    const [failed] = await digestsOf(owner.id)
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'ChannelError: 421 try again later' })
    expect((await itemsOf(london))[0]).toMatchObject({ status: 'pending', nextAttemptAt: failed!.nextAttemptAt })

    // A price event while today's digest waits for its retry comes after 08:00: it waits for
    // tomorrow's digest, and today's retry carries London alone.
    await t.database.db.transaction((tx) => queueNotices(tx, [notice(lisbon, owner.id, 'email', 388, 'Lisbon')], clock))
    clock = failed!.nextAttemptAt
    expect(await dispatchDueDigests(deps(channels))).toMatchObject({ claimed: 1, sent: 1 })
    expect(channels.email.digests).toHaveLength(1)
    expect(channels.email.digests[0]!.content.entries.map((entry) => entry.payload.alertName)).toEqual(['London'])
    expect((await itemsOf(lisbon))[0]).toMatchObject({ status: 'pending', nextAttemptAt: NEXT_EIGHT })
  })

  it('never sends one digest twice, however many dispatchers claim at once', async () => {
    const channels = scriptedChannels()
    channels.email.delayMs = 20
    const { owner, london, lisbon } = await traveller()
    await t.database.db.transaction((tx) => queueNotices(tx, [notice(london, owner.id, 'email', 412, 'London'), notice(lisbon, owner.id, 'email', 388, 'Lisbon')], clock))
    clock = EIGHT
    const rounds = await Promise.all([1, 2, 3, 4].map(() => dispatchDueDigests(deps(channels))))
    expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(1)
    expect(channels.email.digests).toHaveLength(1)
    expect(channels.email.digests[0]!.content.entries).toHaveLength(2)
  })

  it('a notice raised after the digest was claimed waits for the next day’s', async () => {
    const { owner, london, lisbon } = await traveller()
    await t.database.db.transaction((tx) => queueNotices(tx, [notice(london, owner.id, 'email', 412, 'London')], clock))
    // A dispatcher holds today's digest (claimed, sending); an engine on a slower clock still thinks it is 07:59.
    await t.database.db.update(notificationDigests).set({ leaseUntil: new Date(EIGHT.getTime() + 90_000) }).where(eq(notificationDigests.userId, owner.id))
    const lateClock = new Date(EIGHT.getTime() - 60_000)
    await t.database.db.transaction((tx) => queueNotices(tx, [notice(lisbon, owner.id, 'email', 388, 'Lisbon')], lateClock))
    const due = (await digestsOf(owner.id)).map((digest) => digest.dueAt.toISOString()).sort()
    expect(due).toEqual([EIGHT.toISOString(), NEXT_EIGHT.toISOString()])
    expect((await itemsOf(lisbon))[0]!.nextAttemptAt).toEqual(NEXT_EIGHT)
  })

  it('queues a retried price event once, in one digest', async () => {
    const { owner, london } = await traveller()
    const again = () => t.database.db.transaction((tx) => queueNotices(tx, [notice(london, owner.id, 'email', 412, 'London', 'obs-1')], clock))
    expect(await again()).toBe(1)
    expect(await again()).toBe(0)
    expect(await itemsOf(london)).toHaveLength(1)
    expect(await digestsOf(owner.id)).toHaveLength(1)
  })
})

describe('unsubscribing from a digest email', () => {
  const oneClick = (url: string) =>
    t.app.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.google.com' },
      body: 'List-Unsubscribe=One-Click',
    })

  it('the List-Unsubscribe link stops email for every alert in the digest, and only with its own token', async () => {
    const { owner, london, lisbon } = await traveller({ email: true, sms: true })
    const other = await traveller()
    await t.database.db.transaction((tx) => queueNotices(tx, [notice(london, owner.id, 'email', 412, 'London'), notice(lisbon, owner.id, 'email', 388, 'Lisbon')], clock))
    clock = EIGHT
    await dispatchDueDigests(deps())
    const [email] = await outboxFor(owner.email)
    const [digest] = await digestsOf(owner.id)
    const header = `<${links().digestUrl(digest!.id)}>`
    expect(email!.text).toContain(links().digestUrl(digest!.id))
    const target = new URL(header.slice(1, -1))
    const path = `${target.pathname}${target.search}`

    // The page a person opens names the alerts and changes nothing; the POST does.
    const page = await t.app.request(path, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(await page.text()).toMatch(/Stop emails for the alerts in this digest\?[\s\S]*&quot;Lisbon&quot; and &quot;London&quot;/)
    // Another digest's token, an alert's own token, a tampered one: refused.
    const [otherDigest] = await t.database.db
      .insert(notificationDigests)
      .values({ userId: other.owner.id, channel: 'email', groupKey: `x-${other.owner.id}`, dueAt: EIGHT, nextAttemptAt: EIGHT })
      .returning()
    for (const bad of [
      `/api/alerts/digests/${digest!.id}/unsubscribe?token=${links().token(digest!.id)}`,
      `/api/alerts/digests/${otherDigest!.id}/unsubscribe?token=${target.searchParams.get('token')}`,
      `/api/alerts/digests/${digest!.id}/unsubscribe?token=${target.searchParams.get('token')}x`,
      `/api/alerts/digests/${digest!.id}%00/unsubscribe?token=${target.searchParams.get('token')}`,
      `/api/alerts/${london}/unsubscribe?token=${target.searchParams.get('token')}`,
    ]) {
      expect((await oneClick(bad)).status, bad).toBe(400)
    }
    expect(await t.database.db.select().from(alerts).where(and(eq(alerts.userId, owner.id), eq(alerts.status, 'paused')))).toEqual([])

    const res = await oneClick(path)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      success: true,
      alerts: expect.arrayContaining([
        { name: 'London', outcome: 'email-off' },
        { name: 'Lisbon', outcome: 'email-off' },
      ]),
    })
    for (const id of [london, lisbon]) {
      const [row] = await t.database.db.select().from(alerts).where(eq(alerts.id, id))
      expect(row!.notificationChannels).toMatchObject({ email: false, sms: true })
    }
    // Mail clients may POST twice.
    expect(await (await oneClick(path)).json()).toEqual({ success: true, alerts: expect.arrayContaining([{ name: 'London', outcome: 'already' }]) })
  })
})
