import { and, eq } from 'drizzle-orm'
import { alertSearchKey } from './search-key.ts'
import { recentPrices } from './alert-prices.ts'
import { alertCategory, premiumReasons, type PremiumReason } from '#shared/alerts/alert-rules.ts'
import { readAlertSearch, type AlertSearch } from '#shared/alerts/alert-search-params.ts'
import type { Alert, CreateAlert } from '#shared/alerts/alert.ts'
import type { AlertBags } from '#shared/flights/bag-fees.ts'
import { ruleTarget } from '#shared/alerts/alert-trigger.ts'
import { getPlan } from '#shared/plans.ts'
import { alerts } from '../db/schema.ts'
import { premiumRequired } from './alert-errors.ts'
import { alertFeatures } from './alert-features.ts'
import { alertToday, countAlerts, lockOwnerPlan, type AlertDeps } from './alert-scope.ts'
import { assertTripTrackable, assertWindowAhead } from './check-alert-trip.ts'
import { assertReasonableUse } from './reasonable-use.ts'
import { toAlert } from './to-alert.ts'
import { assertAlertClient } from './alert-client.ts'

/** The route the card shows: first departure to final arrival (a round trip's turning point). */
function endpoints({ params, legs }: AlertSearch): { origin: string; destination: string } {
  if (params.type !== 3) return { origin: params.departure_id ?? '', destination: params.arrival_id ?? '' }
  return { origin: legs[0]?.departure_id ?? '', destination: legs.at(-1)?.arrival_id ?? '' }
}

/** Bags worth pricing: none is the fare alone (null). */
export const bagsOrNull = (bags: AlertBags | null | undefined): AlertBags | null => (bags && (bags.carry_on > 0 || bags.checked > 0) ? bags : null)

/**
 * A bag-inclusive alert's search asks for its carry-ons (SerpApi's `bags`: carry-on bags for the
 * party, priced into every fare), so its price includes them; checked bags are added from the
 * fare's booking options (decision 055).
 */
export function withCarryOns(search: AlertSearch, bags: AlertBags | null): AlertSearch {
  if (!bags) return search
  const p = search.params
  return { ...search, params: { ...p, bags: bags.carry_on * (p.adults + p.children + p.infants_in_seat) } }
}

/** The row a new alert starts as, from its checked input (a create, or a line of a CSV import). */
export function newAlertRow(a: {
  userId: string
  input: CreateAlert
  search: AlertSearch
  features: ReturnType<typeof alertFeatures>
  now: Date
  idempotencyKey: string | null
}): typeof alerts.$inferInsert {
  const { input, search } = a
  const { params } = search
  const { origin, destination } = endpoints(search)
  const rule = {
    trigger: input.trigger,
    drop_percent: input.trigger === 'drop' ? (input.drop_percent ?? null) : null,
    baseline_price: input.baseline_price ?? null,
  }
  return {
    userId: a.userId,
    status: 'active',
    alertCategory: alertCategory(a.features),
    name: input.name,
    alertType: input.alertType,
    // A drop or new-low rule's own target, not the client's arithmetic (decision 051).
    targetPrice: ruleTarget(rule, input.target_price),
    trigger: rule.trigger,
    dropPercent: rule.drop_percent,
    baselinePrice: rule.baseline_price,
    renotifyStep: input.renotify_step,
    quietHours: input.quiet_hours ?? null,
    digest: input.digest ?? null,
    dateWindow: input.date_window ?? null,
    bags: bagsOrNull(input.bags),
    currency: params.currency,
    originAirport: origin,
    destinationAirport: destination,
    // A flexible alert lives until its window's last departure day (expiry reads this column).
    departureDate: input.date_window?.depart_to ?? search.departureDate,
    returnDate: params.type === 1 ? (params.return_date ?? null) : null,
    searchParameters: params,
    searchKey: alertSearchKey(search),
    idempotencyKey: a.idempotencyKey,
    filters: input.filters ?? null,
    trackedFlights: input.trackedFlights ?? [],
    notificationChannels: input.notification_channels,
    checkFrequency: input.check_frequency,
    clientId: input.client_id ?? null,
    // First check soon; the price-check engine schedules the ones after it.
    nextCheckAt: a.now,
  }
}

/**
 * POST /api/alerts (spec section 6 "Creating an alert"). The plan is read and the quota counted
 * under a lock on the user's profile row, in the insert's transaction: concurrent creates queue on
 * that lock, so however many arrive at once the user never holds more alerts than the plan allows
 * (nor more price checks a day than reasonable use allows).
 */
export async function createAlert(
  deps: AlertDeps,
  userId: string,
  input: CreateAlert,
  options: { idempotencyKey?: string } = {},
): Promise<{ alert: Alert; replayed: boolean }> {
  const now = deps.now()
  const today = alertToday(now)
  // Read once (a multi-city alert's JSON parsed a single time) and passed to every rule below.
  const search = withCarryOns(readAlertSearch(input.search_parameters), bagsOrNull(input.bags))
  const trackedFlights = input.trackedFlights ?? []
  assertTripTrackable(search, trackedFlights, today)
  if (input.date_window) assertWindowAhead(input.date_window, today)

  const features = alertFeatures({
    searchParameters: search,
    trackedFlights,
    notificationChannels: input.notification_channels,
    checkFrequency: input.check_frequency,
  })
  return deps.db.transaction(async (tx) => {
    const plan = await lockOwnerPlan(tx, userId)
    // A repeat of a create that landed gets that alert back, before the quota it now fills counts.
    if (options.idempotencyKey) {
      const [earlier] = await tx
        .select()
        .from(alerts)
        .where(and(eq(alerts.userId, userId), eq(alerts.idempotencyKey, options.idempotencyKey)))
      if (earlier) {
        const prices = await recentPrices(tx, [earlier.id])
        return { alert: toAlert(earlier, prices.get(earlier.id) ?? [], { plan, today }), replayed: true }
      }
    }
    const reasons: PremiumReason[] = premiumReasons(plan, features)
    const limit = getPlan(plan).limits.maxAlerts
    if (limit !== null && (await countAlerts(tx, userId, today)).used >= limit) reasons.push('quota_exceeded')
    if (reasons.length > 0) throw premiumRequired(plan, reasons)
    await assertReasonableUse(tx, userId, input.check_frequency, { window: input.date_window ?? null, today })
    await assertAlertClient(tx, userId, plan, input.client_id)

    const [row] = await tx
      .insert(alerts)
      .values(newAlertRow({ userId, input, search, features, now, idempotencyKey: options.idempotencyKey ?? null }))
      .returning()
    return { alert: toAlert(row!, [], { plan, today }), replayed: false }
  })
}
