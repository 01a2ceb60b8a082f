import { useState } from 'react'
import type { AdminUserRow } from '#shared/admin.ts'
import { PLAN_IDS, type PlanId } from '#shared/plans.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { priceText, tierLabel } from './labels.ts'
import { SelectField } from './select-field.tsx'

const TIER_OPTIONS = PLAN_IDS.map((tier) => ({ value: tier, label: tier === 'free' ? 'Free (no grant)' : tierLabel(tier) }))

/** Grants a tier outside billing (Unlimited is only given here), or withdraws the grant with Free. */
export function ChangeTierDialog({
  user,
  onOpenChange,
  onConfirm,
}: {
  user: AdminUserRow
  onOpenChange: (open: boolean) => void
  onConfirm: (tier: PlanId) => Promise<unknown>
}) {
  const [tier, setTier] = useState<PlanId>(user.grantedTier ?? 'free')
  const paying = user.subscription?.priceId ? priceText(user.subscription.priceId) : null
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title="Change tier"
      description={
        <>
          {user.email} is on {tierLabel(user.tier)} now
          {user.grantedTier ? ` (granted ${tierLabel(user.grantedTier)})` : ''}
          {paying ? ` and pays for ${paying}` : ', with no subscription'}.
        </>
      }
      confirmLabel="Save tier"
      onConfirm={() => onConfirm(tier)}
    >
      <SelectField
        label="Granted tier"
        value={tier}
        onChange={setTier}
        options={TIER_OPTIONS}
        hint="Their tier is the higher of this grant and what they pay for, so a grant never lowers a paid plan. Alerts over the new tier's limits are paused, and alerts a higher tier allows are resumed."
      />
    </ConfirmDialog>
  )
}
