import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ArrowRightLeft } from 'lucide-react'
import { useState } from 'react'
import type { SubscriptionView } from '#shared/billing.ts'
import { priceLabel } from '#shared/prices.ts'
import { PRICE_IDS, type PriceId } from '#shared/plans.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { toast } from '../../stores/toast-store.ts'
import { billingErrorMessage, refreshAfterPlanChange, switchLocalPlan } from './api.ts'
import { pricePerPeriod } from './billing-format.ts'

export const SWITCH_FAILED = 'Failed to switch plan'

/** "Switch from Premium · monthly to Elite · monthly: $7.99 per month, starting today (test mode: no charge)" */
export function switchSummary(from: PriceId | null, to: PriceId): string {
  const start = from ? `Switch from ${priceLabel(from)} to ${priceLabel(to)}` : `Switch to ${priceLabel(to)}`
  return `${start}: ${pricePerPeriod(to)}, starting today (test mode: no charge)`
}

/**
 * The portal's "Change plan": the four prices, the current one marked, and a confirmation before
 * anything changes. Opened for a switch (Switch to Elite on the profile), it starts on that price.
 */
export function PortalPlanSwitcher({
  portalId,
  subscription,
  initial,
  onSwitched,
}: {
  portalId: string
  subscription: SubscriptionView
  initial: PriceId | null
  onSwitched: (priceId: PriceId) => void
}) {
  const queryClient = useQueryClient()
  const current = subscription.price_id
  const [selected, setSelected] = useState<PriceId | null>(initial ?? current)
  const switching = useMutation({
    mutationFn: (priceId: PriceId) => switchLocalPlan(portalId, priceId),
    onSuccess: async (_result, priceId) => {
      toast.success(`Switched to ${priceLabel(priceId)}`)
      onSwitched(priceId)
      await refreshAfterPlanChange(queryClient)
    },
    onError: (error) => toast.error(billingErrorMessage(error, SWITCH_FAILED)),
  })
  const target = selected && selected !== current ? selected : null

  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="sr-only">Choose a plan</legend>
        {PRICE_IDS.map((priceId) => (
          <label
            key={priceId}
            className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/50 has-checked:border-primary has-checked:bg-primary/5 sm:p-4"
          >
            <input
              type="radio"
              name="portal-price"
              value={priceId}
              checked={selected === priceId}
              onChange={() => setSelected(priceId)}
              className="size-4 shrink-0 accent-primary"
            />
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium whitespace-nowrap">{priceLabel(priceId)}</span>
                {priceId === current && <Badge variant="secondary">Current plan</Badge>}
              </span>
              <span className="text-sm text-muted-foreground">{pricePerPeriod(priceId)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {target && (
        <div role="status" className="grid gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 text-sm">
          <p className="flex items-start gap-2 font-medium">
            <ArrowRightLeft className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{switchSummary(current, target)}</span>
          </p>
          {subscription.cancel_at_period_end && <p className="text-muted-foreground">Switching also undoes your scheduled cancellation: the new plan renews as usual.</p>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" disabled={switching.isPending} onClick={() => setSelected(current)}>
              Keep current plan
            </Button>
            <Button loading={switching.isPending} onClick={() => switching.mutate(target)}>
              Confirm switch
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}
