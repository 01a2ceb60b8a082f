import { ToggleGroup } from 'radix-ui'
import { YEARLY_SAVINGS_PERCENT, type BillingInterval } from '#shared/plans.ts'

const intervalItem =
  'inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-medium text-muted-foreground transition-colors data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm'

/** Monthly / Yearly (Save 25%), the spec's pricing toggle. */
export function IntervalToggle({ value, onChange }: { value: BillingInterval; onChange: (interval: BillingInterval) => void }) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => next && onChange(next as BillingInterval)}
      aria-label="Billing period"
      className="inline-flex rounded-full bg-muted p-1"
    >
      <ToggleGroup.Item value="month" className={intervalItem}>
        Monthly
      </ToggleGroup.Item>
      <ToggleGroup.Item value="year" className={intervalItem}>
        Yearly
        <span className="rounded-full bg-success px-2 py-0.5 text-xs font-semibold text-success-foreground">Save {YEARLY_SAVINGS_PERCENT}%</span>
      </ToggleGroup.Item>
    </ToggleGroup.Root>
  )
}
