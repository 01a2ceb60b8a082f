import { SORT_BY_LABELS, STOPS_LABELS, type SortBy, type StopsFilter } from '#shared/flights/search-params.ts'
import { NativeSelect } from '../../../../components/ui/native-select.tsx'
import { Section, SelectField, useFilterSection } from './filter-layout.tsx'

/** Sort order and the number of stops. */
export function SortStopsSection() {
  const { id, filters, set, fieldRef } = useFilterSection()
  return (
    <Section title="Sort and stops">
      <SelectField label="Sort by">
        {(selectId) => (
          <NativeSelect
            ref={fieldRef('sortBy')}
            id={selectId}
            value={filters.sortBy}
            onChange={(event) => set({ sortBy: Number(event.target.value) as SortBy })}
          >
            {Object.entries(SORT_BY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        )}
      </SelectField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Stops</legend>
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
