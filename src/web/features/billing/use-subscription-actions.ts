import { useMutation, useQueryClient } from '@tanstack/react-query'
import { BILLING_MESSAGES } from '#shared/billing-messages.ts'
import type { SubscriptionView } from '#shared/billing.ts'
import { PRICES } from '#shared/prices.ts'
import { getPlan } from '#shared/plans.ts'
import { toast } from '../../stores/toast-store.ts'
import { formatDay } from '../../lib/format.ts'
import { billingErrorMessage, cancelSubscription, reactivateSubscription, refreshAfterPlanChange } from './api.ts'

const planNameOf = (subscription: SubscriptionView) => (subscription.price_id ? getPlan(PRICES[subscription.price_id].plan).name : 'Your')

/** Cancel at period end and reactivate, as the profile and the test portal both offer them. */
export function useSubscriptionActions() {
  const queryClient = useQueryClient()
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async ({ subscription }) => {
      const end = subscription.current_period_end ? formatDay(subscription.current_period_end) : null
      toast.success(`${planNameOf(subscription)} plan cancelled`, end ? `It stays active until ${end}, then your plan returns to Free.` : undefined)
      await refreshAfterPlanChange(queryClient)
    },
    onError: (error) => toast.error(billingErrorMessage(error, BILLING_MESSAGES.cancelFailed)),
  })
  const reactivate = useMutation({
    mutationFn: reactivateSubscription,
    onSuccess: async ({ subscription }) => {
      toast.success(`${planNameOf(subscription)} plan reactivated`, 'It renews as usual.')
      await refreshAfterPlanChange(queryClient)
    },
    onError: (error) => toast.error(billingErrorMessage(error, BILLING_MESSAGES.reactivateFailed)),
  })
  return { cancel, reactivate }
}
