import { useQueryClient } from '@tanstack/react-query'
import { CreditCard } from 'lucide-react'
import { useState } from 'react'
import type { SubscriptionResponse } from '#shared/billing.ts'
import { Button } from '../../components/ui/button.tsx'
import { toast } from '../../stores/toast-store.ts'
import { refreshAfterPlanChange, updateLocalCard } from './api.ts'
import { paymentMethodText } from './billing-format.ts'
import { CardForm } from './card-form.tsx'

export const CARD_UPDATE_FAILED = 'Failed to update card'

/** The card on file and "Update card" (a new test card; a failed renewal is paid with it at once). */
export function PortalPaymentMethod({
  portalId,
  paymentMethod,
  onChanged,
}: {
  portalId: string
  paymentMethod: SubscriptionResponse['paymentMethod']
  onChanged: () => void
}) {
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)

  if (editing) {
    return (
      <CardForm
        submitLabel="Save card"
        fallbackError={CARD_UPDATE_FAILED}
        onCancel={() => setEditing(false)}
        onSubmit={async (card) => {
          await updateLocalCard(portalId, card)
          toast.success('Card updated')
          setEditing(false)
          onChanged()
          await refreshAfterPlanChange(queryClient)
        }}
      />
    )
  }
  return (
    <div className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-3 text-sm font-medium">
        <CreditCard className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        {paymentMethod ? paymentMethodText(paymentMethod) : 'No card on file'}
      </p>
      <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
        Update card
      </Button>
    </div>
  )
}
