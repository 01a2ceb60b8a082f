import { TRAVEL_CLASSES, TRAVEL_CLASS_LABELS, type TravelClass } from '#shared/flights/search-params.ts'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx'

/** Cabin: economy (default), premium economy, business, first. */
export function TravelClassSelect({
  value,
  onChange,
  fieldRef,
}: {
  value: TravelClass
  onChange: (value: TravelClass) => void
  fieldRef?: (element: HTMLElement | null) => void
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as TravelClass)}>
      <SelectTrigger ref={fieldRef} aria-label="Travel class" className="w-auto min-w-[9.5rem] border-transparent shadow-none hover:bg-accent">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {TRAVEL_CLASSES.map((travelClass) => (
          <SelectItem key={travelClass} value={travelClass}>
            {TRAVEL_CLASS_LABELS[travelClass]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
