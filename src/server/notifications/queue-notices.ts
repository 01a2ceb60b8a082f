import { and, isNull, lt, or, sql } from 'drizzle-orm'
import { nextDigestAt, type DailyDigest } from '#shared/alerts/daily-digest.ts'
import type { NotificationChannel } from '#shared/plans.ts'
import type { Db } from '../db/client.ts'
import { alertNotifications, notificationDigests, type AlertNotificationPayload } from '../db/schema.ts'

/** A notice for one alert's price event on one channel, as the price-check engine asks for it. */
export interface Notice {
  alertId: string
  userId: string
  channel: NotificationChannel
  /** Names the price event (the triggering observation): one notice per event and channel. */
  eventKey: string
  price: number
  payload: AlertNotificationPayload
  /** Not sent before this (the alert's quiet hours); absent: due at once. */
  dueAt?: Date
  /**
   * The alert's daily digest (decision 054): the notice waits for the recipient's next digest on
   * its channel instead of going out alone. `clientId`: the advisor's client it goes to, if any.
   */
  digest?: { schedule: DailyDigest; clientId: string | null }
}

/** `${alertId}:${eventKey}:${channel}`: one notice per price event and channel, however often it is retried. */
export const dedupeKey = (alertId: string, eventKey: string, channel: NotificationChannel) => `${alertId}:${eventKey}:${channel}`

/** One digest per recipient (the owner, or one of an advisor's clients), channel and moment. */
export const digestGroupKey = (userId: string, clientId: string | null, channel: NotificationChannel, dueAt: Date) =>
  `${userId}:${clientId ?? 'own'}:${channel}:${dueAt.toISOString()}`

/** A digest that is claimed or already went out takes nothing more: its notices join the next day's. */
const DIGEST_DAYS_TRIED = 3

/**
 * Queues notices for the dispatcher, inside the caller's transaction (the engine's write of the
 * evaluation that caused them, so a notice exists exactly when its price event does). A notice whose
 * key was queued before is ignored, so a retried check never queues one twice. Returns how many
 * rows were new. Due at `now` (or a notice's own `dueAt`, later), the engine's clock: a dispatcher comparing with its own clock finds
 * them due at once (the database's now() keeps microseconds a JavaScript Date rounds away).
 * A digest notice joins its recipient's open digest for the channel (decision 054).
 */
export async function queueNotices(tx: Db, notices: readonly Notice[], now: Date): Promise<number> {
  if (notices.length === 0) return 0
  const digests = await openDigests(tx, notices, now)
  const inserted = await tx
    .insert(alertNotifications)
    .values(
      notices.map((notice) => {
        const digest = notice.digest ? digests.get(noticeGroup(notice, now))! : null
        return {
          alertId: notice.alertId,
          userId: notice.userId,
          channel: notice.channel,
          dedupeKey: dedupeKey(notice.alertId, notice.eventKey, notice.channel),
          status: 'pending' as const,
          price: notice.price,
          payload: notice.payload,
          nextAttemptAt: digest ? digest.dueAt : notice.dueAt && notice.dueAt > now ? notice.dueAt : now,
          digestId: digest?.id ?? null,
        }
      }),
    )
    .onConflictDoNothing({ target: alertNotifications.dedupeKey })
    .returning({ id: alertNotifications.id })
  return inserted.length
}

const noticeGroup = (notice: Notice, now: Date) =>
  digestGroupKey(notice.userId, notice.digest!.clientId, notice.channel, nextDigestAt(now, notice.digest!.schedule))

/**
 * The digest each digest notice joins, by the group its first choice names. Upserted in key order,
 * so two engine transactions never wait on each other's digests in a cycle; the upsert locks the
 * digest row until this transaction commits, and a dispatcher claiming meanwhile skips it.
 */
async function openDigests(tx: Db, notices: readonly Notice[], now: Date): Promise<Map<string, { id: string; dueAt: Date }>> {
  const groups = new Map<string, Notice>()
  for (const notice of notices) if (notice.digest) groups.set(noticeGroup(notice, now), notice)
  const out = new Map<string, { id: string; dueAt: Date }>()
  for (const key of [...groups.keys()].sort()) {
    const notice = groups.get(key)!
    let dueAt = nextDigestAt(now, notice.digest!.schedule)
    for (let day = 0; day < DIGEST_DAYS_TRIED; day++) {
      const id = await joinDigest(tx, notice, dueAt, now)
      if (id) {
        out.set(key, { id, dueAt })
        break
      }
      dueAt = nextDigestAt(dueAt, notice.digest!.schedule)
    }
    if (!out.has(key)) throw new Error(`no open digest for ${key} within ${DIGEST_DAYS_TRIED} days`)
  }
  return out
}

/** The digest's id when it is still open (pending and not claimed), creating it if need be; null when closed. */
async function joinDigest(tx: Db, notice: Notice, dueAt: Date, now: Date): Promise<string | null> {
  const [row] = await tx
    .insert(notificationDigests)
    .values({
      userId: notice.userId,
      clientId: notice.digest!.clientId,
      channel: notice.channel,
      groupKey: digestGroupKey(notice.userId, notice.digest!.clientId, notice.channel, dueAt),
      dueAt,
      nextAttemptAt: dueAt,
    })
    .onConflictDoUpdate({
      target: notificationDigests.groupKey,
      set: { groupKey: sql`excluded.group_key` },
      setWhere: and(
        sql`${notificationDigests.status} = 'pending'`,
        or(isNull(notificationDigests.leaseUntil), lt(notificationDigests.leaseUntil, now)),
      ),
    })
    .returning({ id: notificationDigests.id })
  return row?.id ?? null
}
