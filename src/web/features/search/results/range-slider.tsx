import { Slider as SliderPrimitive } from 'radix-ui'
import { cn } from '../../../lib/cn.ts'

interface RangeSliderProps {
  min: number
  max: number
  step?: number
  value: number[]
  onValueChange: (value: number[]) => void
  /** Committed values (pointer up, key press): where expensive work may run. */
  onValueCommit?: (value: number[]) => void
  /** One accessible name per thumb ("Earliest departure", "Latest departure"). */
  thumbLabels: string[]
  /** The spoken value of a thumb ("06:00", "$450"). */
  valueText?: (value: number) => string
  className?: string
}

/**
 * Radix slider with 24 px thumbs (WCAG 2.5.8). Not drag-only (WCAG 2.5.7): a click on the track moves
 * the nearest thumb there, and arrow keys, Page Up/Down, Home and End move a focused thumb.
 */
export function RangeSlider({ min, max, step = 1, value, onValueChange, onValueCommit, thumbLabels, valueText, className }: RangeSliderProps) {
  return (
    <SliderPrimitive.Root
      min={min}
      max={max}
      step={step}
      value={value}
      onValueChange={onValueChange}
      onValueCommit={onValueCommit}
      minStepsBetweenThumbs={0}
      className={cn('relative flex h-6 w-full touch-none items-center select-none data-[disabled]:opacity-50', className)}
    >
      <SliderPrimitive.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      {value.map((thumbValue, i) => (
        <SliderPrimitive.Thumb
          key={thumbLabels[i] ?? i}
          aria-label={thumbLabels[i]}
          aria-valuetext={valueText ? valueText(thumbValue) : undefined}
          className="block size-6 rounded-full border-2 border-primary bg-background shadow-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
      ))}
    </SliderPrimitive.Root>
  )
}
