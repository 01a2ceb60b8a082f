import { Crown } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PREMIUM_REASON_LABEL, PREMIUM_REASON_PLAN, type PremiumReason } from '#shared/alerts/alert-rules.ts'
import { getPlan, PLAN_IDS } from '#shared/plans.ts'
import { Button } from '../../components/ui/button.tsx'
import { UPGRADE_PATH } from './plan-locks.ts'

/** The cheapest plan that lifts every reason at once. */
function planFor(reasons: readonly PremiumReason[]) {
  const rank = Math.max(1, ...reasons.map((reason) => PLAN_IDS.indexOf(PREMIUM_REASON_PLAN[reason])))
  return getPlan(PLAN_IDS[rank]!)
}

/**
 * Why the alert needs a better plan, reason by reason (spec section 6's premium reasons), with the
 * way to pricing. `children` are the other ways out (back to the form, manage alerts).
 */
export function UpgradePrompt({ reasons, message, children }: { reasons: readonly PremiumReason[]; message?: string; children?: ReactNode }) {
  const quotaOnly = reasons.length === 1 && reasons[0] === 'quota_exceeded'
  const plan = planFor(reasons)
  return (
    <div role="alert" className="grid gap-3 rounded-lg border border-amber-500/40 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
      <h3 className="flex items-center gap-2 font-semibold">
        <Crown className="size-5 shrink-0" aria-hidden="true" />
        {quotaOnly ? "You've reached your plan's alert limit" : 'This alert needs a better plan'}
      </h3>
      {reasons.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {reasons.map((reason) => (
            <li key={reason} className="flex flex-wrap gap-x-1.5">
              <span className="font-medium">{PREMIUM_REASON_LABEL[reason]}</span>
              <span className="opacity-80">{`· ${getPlan(PREMIUM_REASON_PLAN[reason]).name} and up`}</span>
            </li>
          ))}
        </ul>
      ) : (
        message && <p className="text-sm">{message}</p>
      )}
      {quotaOnly && <p className="text-sm opacity-90">Upgrade for more alerts, or delete an alert you no longer need to make room.</p>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {children}
        <Button asChild>
          <Link to={UPGRADE_PATH}>{`See ${plan.name} and other plans`}</Link>
        </Button>
      </div>
    </div>
  )
}
