import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { alertNotFound } from '../alerts/alert-errors.ts'
import { isAlertId } from '../alerts/alert-scope.ts'
import { alerts } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { checkClaimedAlerts } from './check-claimed-alerts.ts'
import { claimAlert } from './claim-due-alerts.ts'
import type { PriceCheckDeps } from './price-check-config.ts'
import type { DeferReason } from './search-observer.ts'

/** Itineraries an admin answer lists (the observation may hold a hundred). */
const LISTED_ITINERARIES = 10

/**
 * POST /api/admin/alerts/:id/check: one alert's check now, for support and tests. The provider is
 * asked afresh (no cache), so a triggering price needs no second confirmation; everything else is
 * the worker's own path: the alert's lease, the same evaluation, the same write and outbox rows.
 * The call budget and the breaker bind it as they bind the worker; when they hold it back, the
 * answer is a 503 naming the limit and when it lifts, never a 200 for a check that did not run.
 */
export async function checkAlertNow(deps: PriceCheckDeps, id: string) {
  if (!isAlertId(id)) throw alertNotFound()
  const owner = `admin:${randomUUID()}`
  const now = deps.now()
  const claimed = await claimAlert(deps.db, { owner, id, now, leaseMs: deps.config.leaseMs })
  if (!claimed) {
    const [row] = await deps.db.select({ status: alerts.status, leaseUntil: alerts.leaseUntil }).from(alerts).where(eq(alerts.id, id))
    if (!row) throw alertNotFound()
    if (row.leaseUntil && row.leaseUntil > now) throw new AppError('conflict', 'A worker is checking this alert right now; try again in a moment.')
    throw new AppError('conflict', `This alert is not checked while its status is ${row.status}.`)
  }
  const report = await checkClaimedAlerts(deps, { owner, claimed: [claimed], fresh: true })
  const check = report.checks[0]!
  // A check the budget or the breaker held back ran nothing: support must not read it as done.
  if (check.outcome.kind === 'deferred') throw notChecked(check.outcome, now)
  const evaluation = check.evaluation
  const observation = check.observation
  return {
    observation: observation && {
      id: observation.id,
      search_key: observation.searchKey,
      provider: observation.provider,
      observed_at: observation.observedAt.toISOString(),
      fresh: observation.fresh,
      lowest_price: observation.lowestPrice,
      currency: observation.currency,
      itinerary_count: observation.itineraries.length,
      itineraries: observation.itineraries.slice(0, LISTED_ITINERARIES).map(({ departure_token: _d, booking_token: _b, ...it }) => it),
    },
    evaluation: {
      outcome: check.outcome.kind,
      ...(check.outcome.kind === 'price' ? { price: check.outcome.price, itinerary: check.outcome.itinerary.flights } : {}),
      ...(check.outcome.kind === 'failed' || check.outcome.kind === 'missing' ? { reason: 'reason' in check.outcome ? check.outcome.reason : check.outcome.note } : {}),
      previous_status: claimed.status,
      status: evaluation?.status ?? claimed.status,
      status_note: evaluation?.statusNote ?? claimed.statusNote,
      target_price: claimed.targetPrice,
      current_price: evaluation?.currentPrice ?? claimed.currentPrice,
      lowest_price: evaluation?.lowestPrice ?? claimed.lowestPrice,
      armed: evaluation?.armed ?? claimed.armed,
      notified: evaluation?.notify ? { reason: evaluation.notify.reason, event_key: evaluation.notify.eventKey, notifications: report.notifications } : null,
      next_check_at: (evaluation ? evaluation.nextCheckAt : claimed.nextCheckAt)?.toISOString() ?? null,
      stored: report.written === 1,
    },
  }
}

const WHY_NOT_CHECKED: Record<DeferReason, string> = {
  budget: 'price checks have spent the provider calls they may make for now',
  backoff: 'the flight provider has been failing, so price checks are waiting before asking it again',
  stopping: 'the worker is stopping',
}

/** 503 with the limit that held the check back and when it lifts (Retry-After); the alert is left as it was. */
function notChecked(outcome: { until: Date | null; reason: DeferReason }, now: Date): AppError {
  const waitMs = outcome.until ? Math.max(0, outcome.until.getTime() - now.getTime()) : 0
  const when = outcome.until ? ` Try again after ${outcome.until.toISOString().slice(0, 19).replace('T', ' ')} UTC.` : ' Try again in a moment.'
  return new AppError('unavailable', `Not checked: ${WHY_NOT_CHECKED[outcome.reason]}.${when}`, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) } })
}
