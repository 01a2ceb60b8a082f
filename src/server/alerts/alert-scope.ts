import { and, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import { LIVE_ALERT_STATUSES, type AlertStatus } from '#shared/alert-status.ts'
import { planForProfile, QUOTA_STATUSES } from '#shared/alerts/alert-rules.ts'
import type { PlanId } from '#shared/plans.ts'
import type { Db } from '../db/client.ts'
import { alerts, profiles } from '../db/schema.ts'
import { earliestTravelDate } from '#shared/flights/travel-date.ts'
import { isUuid } from '../lib/uuid.ts'

/**
 * What every alert operation shares: whose alerts, which plan, and what "today" and "expired" mean.
 * Every query an operation runs starts from `ownedBy` or `ownedAlert`, so no read or write can
 * reach another user's alerts.
 */

/** The signed-in user and the plan whose limits apply to them. */
export interface AlertOwner {
  userId: string
  plan: PlanId
}

export interface AlertDeps {
  db: Db
  now: () => Date
}

/**
 * The date departures are judged against: the earliest calendar date still current somewhere
 * (the search's rule), so creation and expiry agree and no time zone loses a day.
 */
export const alertToday = (now: Date): string => earliestTravelDate(now)

/** Statuses that turn into 'expired' once the departure date passes; archived and disabled keep theirs. */
export const EXPIRABLE_STATUSES: readonly AlertStatus[] = QUOTA_STATUSES

/** The status an alert reads as (section 4: expired when the departure date is in the past). */
export function effectiveStatus(stored: AlertStatus, departureDate: string | null, today: string): AlertStatus {
  return EXPIRABLE_STATUSES.includes(stored) && departureDate !== null && departureDate < today ? 'expired' : stored
}

/** A malformed id can't name an alert: answer 404 without asking the database (which would throw). */
export const isAlertId = isUuid

export const ownedBy = (userId: string): SQL => eq(alerts.userId, userId)
export const ownedAlert = (userId: string, id: string): SQL => and(eq(alerts.id, id), eq(alerts.userId, userId))!

const departureNotPast = (today: string) => or(isNull(alerts.departureDate), gte(alerts.departureDate, today))!

/** The SQL twin of `effectiveStatus`, for the list's status filter. */
export function statusIs(status: AlertStatus, today: string): SQL {
  if (status === 'expired') {
    return or(eq(alerts.status, 'expired'), and(inArray(alerts.status, EXPIRABLE_STATUSES), lt(alerts.departureDate, today)))!
  }
  // "Active" in the list means still watched: a triggered or at-risk alert stays in view.
  if (status === 'active') return and(inArray(alerts.status, LIVE_ALERT_STATUSES), departureNotPast(today))!
  if (EXPIRABLE_STATUSES.includes(status)) return and(eq(alerts.status, status), departureNotPast(today))!
  return eq(alerts.status, status)
}

export interface AlertCounts {
  /** Counting against the cap: QUOTA_STATUSES and not expired. */
  used: number
  /** Still watched: active, triggered or at risk (the Alerts badge). */
  active: number
  /** Being checked: counted and not paused. */
  running: number
}

/** The owner's alert counts; `exceptId` leaves one alert out (the one being resumed). */
export async function countAlerts(db: Db, userId: string, today: string, exceptId?: string): Promise<AlertCounts> {
  const [counts] = await db
    .select({
      used: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${inArray(alerts.status, LIVE_ALERT_STATUSES)}))::int`,
      running: sql<number>`(count(*) filter (where ${alerts.status} <> 'paused'))::int`,
    })
    .from(alerts)
    .where(and(ownedBy(userId), inArray(alerts.status, QUOTA_STATUSES), departureNotPast(today), exceptId ? ne(alerts.id, exceptId) : undefined))
  return counts ?? { used: 0, active: 0, running: 0 }
}

/**
 * Locks the owner's profile row for the rest of the transaction and returns their plan. Every
 * write that a quota depends on (create, resume, plan change) takes this lock first, so concurrent
 * requests queue here instead of each counting the same alerts; taking it first also keeps the
 * lock order the same everywhere (no deadlocks).
 */
export async function lockOwnerPlan(tx: Db, userId: string): Promise<PlanId> {
  const select = () =>
    tx.select({ role: profiles.role, tier: profiles.subscriptionTier }).from(profiles).where(eq(profiles.id, userId)).for('update')
  let [profile] = await select()
  if (!profile) {
    // Sessions create profiles; this only covers a row lost in between, so there is always a row to lock.
    await tx.insert(profiles).values({ id: userId }).onConflictDoNothing()
    ;[profile] = await select()
  }
  return planForProfile({ role: profile?.role, subscription_tier: profile?.tier })
}
