import { eq } from 'drizzle-orm'
import { isPriceId, PAST_DUE_GRACE_DAYS, planUnlocks, PRICES } from '#shared/billing.ts'
import { getPlan } from '#shared/plans.ts'
import { ROLE_RANK } from '#shared/roles.ts'
import { PATHS } from '#shared/routes.ts'
import { users } from '../db/schema.ts'
import { paymentFailedEmail, planChangedEmail } from '../email/templates.ts'
import type { BillingDeps } from './billing-deps.ts'
import type { TierChange } from './entitlement.ts'
import type { RecordedEvent } from './subscription-store.ts'

export interface BillingOutcome {
  userId: string
  events: readonly RecordedEvent[]
  tierChange: TierChange | null
}

type NoticeDeps = Pick<BillingDeps, 'db' | 'mailer' | 'logger' | 'pendingEmails' | 'publicUrl'>

/**
 * Emails what a committed billing change means for the user: a new plan (and what happened to
 * their alerts), or a failed renewal. Only the transaction that recorded the change reports it, so
 * a duplicate webhook sends nothing. Sent after the response, like every other email.
 */
export function notifyBillingOutcome(deps: NoticeDeps, outcome: BillingOutcome): void {
  const messages = []
  const profileUrl = new URL(`${PATHS.profile}#subscription`, deps.publicUrl).href
  const change = outcome.tierChange
  if (change) {
    const to = getPlan(change.to)
    messages.push(
      planChangedEmail({
        fromPlan: getPlan(change.from).name,
        toPlan: to.name,
        upgrade: ROLE_RANK[change.to] > ROLE_RANK[change.from],
        includes: planUnlocks(to),
        paused: change.alerts.paused.length,
        resumed: change.alerts.resumed.length,
        alertsUrl: new URL(PATHS.alerts, deps.publicUrl).href,
        profileUrl,
      }),
    )
  }
  for (const event of outcome.events) {
    if (event.kind !== 'payment_failed') continue
    const plan = isPriceId(event.priceId) ? getPlan(PRICES[event.priceId].plan).name : 'paid'
    messages.push(paymentFailedEmail({ plan, graceDays: PAST_DUE_GRACE_DAYS, profileUrl }))
  }
  if (messages.length === 0) return

  const delivery = (async () => {
    const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, outcome.userId))
    if (!user) return
    for (const message of messages) await deps.mailer.send({ to: user.email, ...message })
  })().catch((err: unknown) => deps.logger.error({ err, userId: outcome.userId }, 'billing email not sent'))
  deps.pendingEmails.add(delivery)
  void delivery.finally(() => deps.pendingEmails.delete(delivery))
}
