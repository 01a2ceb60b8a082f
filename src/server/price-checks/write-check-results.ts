import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import type { AlertPriceItinerary, ObservedItinerary } from '../db/schema.ts'
import type { AlertCheck } from './check-alert-group.ts'
import type { Observation } from './load-cached-observations.ts'
import { recordChecks } from './check-log.ts'
import { queueNotifications } from './queue-notifications.ts'
import { queueAlertStatusChanges } from '../webhooks/alert-events.ts'
import { recordFareObservations, type FareObservation } from '../flights/record-fare-observations.ts'

export interface WriteSummary {
  /** Alerts whose results were stored (the rest had lost their lease or left the checked statuses). */
  written: number
  notifications: number
}

/** The history keeps what gave the price and how to book it; a next-step token is of no use later. */
function historyItinerary(itinerary: ObservedItinerary): AlertPriceItinerary {
  const { departure_token: _unused, ...kept } = itinerary
  return kept
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

/**
 * Stores a batch's results in one transaction: the new observations, each alert's evaluation, its
 * price point and its notices (the outbox). A result is stored only while this cycle still owns
 * the alert's lease and the alert is still one that is checked, so a worker whose lease ran out, or
 * an alert the user paused meanwhile, changes nothing; a crash before the commit leaves the alerts
 * to be claimed again once the lease ends, with no notice half-written.
 */
export async function writeCheckResults(
  db: Db,
  input: {
    owner: string
    now: Date
    checks: readonly AlertCheck[]
    observations: readonly Observation[]
    publicUrl: string
    /** Each grouped alert's search key as computed now: stored when it changed (or was never set). */
    searchKeys?: ReadonlyMap<string, string>
    /** Cheapest fares of this cycle's unfiltered searches, kept for the fare calendar (decision 047). */
    fares?: readonly FareObservation[]
  },
): Promise<WriteSummary> {
  const { owner, now } = input
  const searchKeys = input.searchKeys ?? new Map<string, string>()
  return db.transaction(async (tx) => {
    // Rows go in as one JSON parameter each statement: building a multi-row VALUES list of large
    // JSON documents value by value was a tenth of a worker's CPU (npm run bench:engine).
    if (input.observations.length > 0) {
      const rows = input.observations.map((o) => ({
        id: o.id,
        search_key: o.searchKey,
        provider: o.provider,
        observed_at: o.observedAt.toISOString(),
        lowest_price: o.lowestPrice,
        currency: o.currency,
        itineraries: o.itineraries,
        fresh: o.fresh,
      }))
      await tx.execute(sql`
        insert into price_observations (id, search_key, provider, observed_at, lowest_price, currency, itineraries, fresh)
        select id, search_key, provider, observed_at, lowest_price, currency, itineraries, fresh
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
          id uuid, search_key text, provider text, observed_at timestamptz, lowest_price numeric, currency text, itineraries jsonb, fresh boolean)`)
    }

    await recordFareObservations(tx, input.fares ?? [])

    const evaluated = input.checks.filter((c) => c.evaluation)
    const deferred = input.checks.filter((c) => !c.evaluation)
    const records = evaluated.map(({ alert, evaluation: e, windowState }) => ({
      id: alert.id,
      status: e!.status,
      status_note: e!.statusNote,
      armed: e!.armed,
      last_notified_price: e!.lastNotifiedPrice,
      consecutive_misses: e!.consecutiveMisses,
      consecutive_failures: e!.consecutiveFailures,
      lowest_price: e!.lowestPrice,
      current_price: e!.currentPrice,
      last_checked_at: e!.checked ? now.toISOString() : null,
      next_check_at: e!.nextCheckAt?.toISOString() ?? null,
      search_key: searchKeys.get(alert.id) ?? null,
      window_state: windowState ?? null,
    }))
    const updated = new Set<string>()
    if (records.length > 0) {
      const result = await tx.execute(sql`
        update alerts as a set
          status = v.status, status_note = v.status_note, armed = v.armed, last_notified_price = v.last_notified_price,
          consecutive_misses = v.consecutive_misses, consecutive_failures = v.consecutive_failures,
          lowest_price = v.lowest_price, current_price = v.current_price,
          last_checked_at = coalesce(v.last_checked_at, a.last_checked_at), next_check_at = v.next_check_at,
          search_key = coalesce(v.search_key, a.search_key), window_state = coalesce(v.window_state, a.window_state),
          lease_owner = null, lease_until = null, updated_at = ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as v(
          id uuid, status text, status_note text, armed boolean, last_notified_price numeric, consecutive_misses integer,
          consecutive_failures integer, lowest_price numeric, current_price numeric, last_checked_at timestamptz, next_check_at timestamptz,
          search_key text, window_state jsonb)
        where a.id = v.id and a.lease_owner = ${owner} and a.status in ('active', 'triggered', 'at_risk')
        returning a.id`)
      for (const row of rowsOf<{ id: string }>(result)) updated.add(row.id)
    }
    // Everything else this cycle still holds goes back: deferred alerts (not failed) become due again
    // when the limit that stopped them lifts, or at once; an alert paused meanwhile keeps its state.
    const released = [...deferred, ...evaluated.filter((c) => !updated.has(c.alert.id))]
    if (released.length > 0) {
      const waits = released.map((c) => ({ id: c.alert.id, until: c.outcome.kind === 'deferred' ? (c.outcome.until?.toISOString() ?? null) : null }))
      await tx.execute(sql`
        update alerts as a set lease_owner = null, lease_until = null,
          next_check_at = greatest(a.next_check_at, coalesce(v.until, a.next_check_at))
        from jsonb_to_recordset(${JSON.stringify(waits)}::jsonb) as v(id uuid, until timestamptz)
        where a.id = v.id and a.lease_owner = ${owner}`)
    }

    const stored = evaluated.filter((c) => updated.has(c.alert.id))
    const points = stored.flatMap(({ alert, evaluation }) =>
      evaluation!.record ? [{ alert_id: alert.id, price: evaluation!.record.price, currency: alert.currency, itinerary: historyItinerary(evaluation!.record.itinerary) }] : [],
    )
    if (points.length > 0) {
      await tx.execute(sql`
        insert into alert_prices (alert_id, price, currency, recorded_at, itinerary)
        select alert_id, price, currency, ${now.toISOString()}::timestamptz, itinerary
        from jsonb_to_recordset(${JSON.stringify(points)}::jsonb) as v(alert_id uuid, price numeric, currency text, itinerary jsonb)`)
    }
    await recordChecks(tx, stored, input.observations, now)
    const notifications = await queueNotifications(tx, stored, { publicUrl: input.publicUrl, now })
    // Triggered, at risk, archived, expired, back to active: `alert.status_changed` (decision 044).
    await queueAlertStatusChanges(tx, stored.map(({ alert, evaluation }) => ({ alert, from: alert.status, to: evaluation!.status, note: evaluation!.statusNote })), now)
    return { written: stored.length, notifications }
  })
}
