import { STOPS_LABELS, type StopsFilter } from '#shared/flights/search-params.ts'
import { Section, useFilterSection } from './filter-layout.tsx'

/**
 * The number of stops. The order of the results is not chosen here: the results' one "Sort by"
 * control does that (issue 16); the search's `sort_by` stays in links and alerts, unchanged.
 */
export function StopsSection() {
  const { id, filters, set, fieldRef } = useFilterSection()
  return (
    <Section title="Stops">
      <fieldset className="grid gap-2">
        <legend className="sr-only">Stops</legend>
        {(Object.entries(STOPS_LABELS) as Array<[string, string]>).map(([value, label], index) => (
          <label key={value} className="flex cursor-pointer items-center gap-2.5 text-sm">
            <input
              ref={index === 0 ? fieldRef('stops') : undefined}
              type="radio"
              name={`${id}-stops`}
              value={value}
              checked={filters.stops === Number(value)}
              onChange={() => set({ stops: Number(value) as StopsFilter })}
              className="size-4 accent-primary"
            />
            {label}
          </label>
        ))}
      </fieldset>
    </Section>
  )
}
