import { useQuery } from '@tanstack/react-query'
import type { SubscriptionView } from '#shared/billing.ts'
import { PRICES } from '#shared/prices.ts'
import { getPlan } from '#shared/plans.ts'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx'
import { quotaQueryOptions } from '../alerts/index.ts'
import { formatDay } from '../../lib/format.ts'
import { downgradeSummary } from './downgrade-summary.ts'

/**
 * "Are you sure?" before cancelling, saying what the period end will do to this user's alerts and
 * channels (Stripe's convention: cancel at period end, the plan stays until then). Stays open while
 * the call runs; `onConfirm` resolves once it is done.
 */
export function CancelPlanDialog({
  subscription,
  open,
  onOpenChange,
  onConfirm,
  pending,
}: {
  subscription: SubscriptionView
  open: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
  pending: boolean
}) {
  const quota = useQuery({ ...quotaQueryOptions, enabled: open })
  const plan = getPlan(subscription.price_id ? PRICES[subscription.price_id].plan : 'premium')
  const endsOn = subscription.current_period_end ? formatDay(subscription.current_period_end) : null
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{`Cancel your ${plan.name} plan?`}</DialogTitle>
          <DialogDescription>{downgradeSummary({ from: plan, endsOn, quota: quota.data })}</DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          {`You keep ${plan.name} until then, and you can reactivate it any time before that. You won't be charged again.`}
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>{`Keep ${plan.name}`}</Button>
          </DialogClose>
          <Button variant="destructive" loading={pending} onClick={onConfirm}>
            Cancel plan
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
