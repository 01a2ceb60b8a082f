import { useRef, type KeyboardEvent } from 'react'
import { YEARLY_SAVINGS_PERCENT, type BillingInterval } from '#shared/plans.ts'

const intervalItem =
  'inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-medium text-muted-foreground transition-colors data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm'

const INTERVALS: BillingInterval[] = ['month', 'year']

const FOCUS_STEP: Partial<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }

/**
 * Monthly / Yearly (Save 25%), the spec's pricing toggle: two radio buttons in a group, the
 * checked one in the tab order and arrow keys moving between them (what Radix's ToggleGroup did,
 * without its ~9 KB on the landing page's first load, decision 019).
 */
export function IntervalToggle({ value, onChange }: { value: BillingInterval; onChange: (interval: BillingInterval) => void }) {
  const items = useRef<(HTMLButtonElement | null)[]>([])
  const moveFocus = (event: KeyboardEvent, index: number) => {
    const step = FOCUS_STEP[event.key]
    if (step === undefined) return
    event.preventDefault()
    items.current[(index + step + INTERVALS.length) % INTERVALS.length]?.focus()
  }
  return (
    <div role="group" aria-label="Billing period" className="inline-flex rounded-full bg-muted p-1">
      {INTERVALS.map((interval, index) => {
        const checked = interval === value
        return (
          <button
            key={interval}
            ref={(element) => {
              items.current[index] = element
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            data-state={checked ? 'on' : 'off'}
            tabIndex={checked ? 0 : -1}
            className={intervalItem}
            onClick={() => onChange(interval)}
            onKeyDown={(event) => moveFocus(event, index)}
          >
            {interval === 'month' ? (
              'Monthly'
            ) : (
              <>
                Yearly
                <span className="rounded-full bg-success px-2 py-0.5 text-xs font-semibold text-success-foreground">Save {YEARLY_SAVINGS_PERCENT}%</span>
              </>
            )}
          </button>
        )
      })}
    </div>
  )
}
