import { useId } from 'react'
import { DEFAULT_TIME_WINDOW, type TimeWindow } from '#shared/flights/search-params.ts'
import { Button } from './ui/button.tsx'
import { NativeSelect } from './ui/native-select.tsx'

const HOURS = Array.from({ length: 24 }, (_, hour) => hour)
const pad = (hour: number) => String(hour).padStart(2, '0')

/** SerpApi's windows are whole hours, the end hour included: 6–18 means 06:00 to 18:59. */
export function formatWindow(start: number, end: number): string {
  if (start === 0 && end === 23) return 'Any time'
  return `${pad(start)}:00–${pad(end)}:59`
}

/**
 * Departure and arrival hour windows for one leg (0–23), as four selects rather than a dragged
 * slider (WCAG 2.5.7). An end before its start moves along with it.
 */
export function TimeWindowFields({
  legend,
  value,
  onChange,
  fieldRef,
}: {
  legend: string
  value: TimeWindow
  onChange: (value: TimeWindow) => void
  fieldRef?: (element: HTMLElement | null) => void
}) {
  const id = useId()
  const [depStart, depEnd, arrStart, arrEnd] = value
  const isDefault = value.every((hour, i) => hour === DEFAULT_TIME_WINDOW[i])

  const range = (kind: 'Departure' | 'Arrival', start: number, end: number, set: (start: number, end: number) => void, first?: boolean) => (
    <div className="grid gap-1.5">
      <p id={`${id}-${kind}`} className="text-xs font-medium text-muted-foreground">
        {kind} <span className="text-foreground">{formatWindow(start, end)}</span>
      </p>
      <div className="flex items-center gap-2">
        <NativeSelect
          ref={first ? fieldRef : undefined}
          aria-label={`${legend}: earliest ${kind.toLowerCase()}`}
          value={start}
          onChange={(event) => {
            const next = Number(event.target.value)
            set(next, Math.max(next, end))
          }}
          className="flex-1"
        >
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {pad(hour)}:00
            </option>
          ))}
        </NativeSelect>
        <span className="text-sm text-muted-foreground" aria-hidden="true">
          to
        </span>
        <NativeSelect
          aria-label={`${legend}: latest ${kind.toLowerCase()}`}
          value={end}
          onChange={(event) => {
            const next = Number(event.target.value)
            set(Math.min(start, next), next)
          }}
          className="flex-1"
        >
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {pad(hour)}:59
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  )

  return (
    <fieldset className="grid gap-3 rounded-lg border p-3">
      <legend className="flex w-full items-center justify-between px-1 text-sm font-medium">{legend}</legend>
      {range('Departure', depStart, depEnd, (s, e) => onChange([s, e, arrStart, arrEnd]), true)}
      {range('Arrival', arrStart, arrEnd, (s, e) => onChange([depStart, depEnd, s, e]))}
      {!isDefault && (
        <Button type="button" variant="link" size="sm" className="h-auto justify-self-start p-0" onClick={() => onChange([...DEFAULT_TIME_WINDOW])}>
          Any time<span className="sr-only"> for {legend}</span>
        </Button>
      )}
    </fieldset>
  )
}
