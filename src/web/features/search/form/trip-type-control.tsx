import { RadioGroup } from 'radix-ui'
import type { TripType } from '#shared/flights/search-params.ts'
import { cn } from '../../../lib/cn.ts'

export const TRIP_TYPE_LABELS: Record<TripType, string> = {
  'round-trip': 'Round trip',
  'one-way': 'One way',
  'multi-city': 'Multi-city',
}

/** Round trip / One way / Multi-city as a segmented radio group (arrow keys move and choose). */
export function TripTypeControl({
  value,
  onChange,
  fieldRef,
}: {
  value: TripType
  onChange: (value: TripType) => void
  fieldRef?: (element: HTMLElement | null) => void
}) {
  return (
    <RadioGroup.Root
      ref={fieldRef}
      aria-label="Trip type"
      value={value}
      onValueChange={(next) => onChange(next as TripType)}
      orientation="horizontal"
      className="inline-flex h-10 items-center rounded-lg bg-muted p-1"
    >
      {(Object.keys(TRIP_TYPE_LABELS) as TripType[]).map((type) => (
        <RadioGroup.Item
          key={type}
          value={type}
          className={cn(
            'inline-flex h-full items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors',
            'hover:text-foreground data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm',
            'dark:data-[state=checked]:bg-input/60',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          )}
        >
          {TRIP_TYPE_LABELS[type]}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  )
}
