import { Minus, Plus } from 'lucide-react'
import { useId } from 'react'
import { Button } from '../../../components/ui/button.tsx'

/**
 * A counter with − and + buttons (passengers, bags). A button that cannot be used says why through
 * `aria-describedby` on the row, and the reason is shown as text, since a disabled button can't be focused.
 */
export function Stepper({
  label,
  description,
  value,
  onChange,
  min,
  max,
  decreaseBlockedBy,
  increaseBlockedBy,
  unit,
  describedBy,
}: {
  label: string
  description?: string
  value: number
  onChange: (value: number) => void
  min: number
  max: number
  /** Why − is disabled besides reaching `min` (shown by the caller; here only for the accessible description). */
  decreaseBlockedBy?: string
  increaseBlockedBy?: string
  /** Singular noun for button names: "Add adult", "Remove adult". */
  unit: string
  describedBy?: string
}) {
  const id = useId()
  const canDecrease = value > min && !decreaseBlockedBy
  const canIncrease = value < max && !increaseBlockedBy
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy} className="flex items-center justify-between gap-4 py-2">
      <div className="min-w-0">
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        {description && <p className="text-xs text-muted-foreground">{description}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="size-9 rounded-full"
          aria-label={`Remove ${unit}`}
          disabled={!canDecrease}
          onClick={() => onChange(value - 1)}
        >
          <Minus aria-hidden="true" />
        </Button>
        <output aria-live="polite" aria-label={`${label}: ${value}`} className="w-6 text-center text-base font-semibold tabular-nums">
          {value}
        </output>
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="size-9 rounded-full"
          aria-label={`Add ${unit}`}
          disabled={!canIncrease}
          onClick={() => onChange(value + 1)}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </div>
  )
}
