import { DEFAULT_MAX_LAYOVER_HOURS, SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import { CodeListInput } from '../code-list-input.tsx'
import { NativeSelect } from '../../../../components/ui/native-select.tsx'
import { Section, SelectField, useFilterSection } from './filter-layout.tsx'

const DURATION_HOURS = [3, 4, 5, 6, 8, 10, 12, 15, 18, 24, 30, 36, 48]

/** Layover length, total travel time and airports to avoid connecting in. */
export function ConnectionsSection() {
  const { filters, set, errorFor, fieldRef } = useFilterSection()
  const durationHours = filters.maxDuration ? Math.round(filters.maxDuration / 60) : 0
  const durationOptions = durationHours && !DURATION_HOURS.includes(durationHours) ? [...DURATION_HOURS, durationHours].sort((a, b) => a - b) : DURATION_HOURS
  return (
    <Section title="Connections and duration">
      <SelectField label="Longest layover">
        {(selectId) => (
          <NativeSelect
            ref={fieldRef('maxLayoverDuration')}
            id={selectId}
            value={Math.round(filters.maxLayoverDuration)}
            onChange={(event) => set({ maxLayoverDuration: Number(event.target.value) })}
          >
            <option value={DEFAULT_MAX_LAYOVER_HOURS}>Any length</option>
            {Array.from({ length: DEFAULT_MAX_LAYOVER_HOURS - 1 }, (_, i) => i + 1).map((hours) => (
              <option key={hours} value={hours}>
                Up to {hours} {hours === 1 ? 'hour' : 'hours'}
              </option>
            ))}
          </NativeSelect>
        )}
      </SelectField>
      <SelectField label="Longest total travel time">
        {(selectId) => (
          <NativeSelect
            ref={fieldRef('maxDuration')}
            id={selectId}
            value={durationHours}
            onChange={(event) => {
              const hours = Number(event.target.value)
              set({ maxDuration: hours > 0 ? hours * 60 : undefined })
            }}
          >
            <option value={0}>Any duration</option>
            {durationOptions.map((hours) => (
              <option key={hours} value={hours}>
                Up to {hours} hours
              </option>
            ))}
          </NativeSelect>
        )}
      </SelectField>
      <CodeListInput
        label="Avoid connecting in"
        hint="3-letter airport codes, e.g. ORD, LHR."
        codes={filters.excludeConnectingAirports}
        onChange={(excludeConnectingAirports) => set({ excludeConnectingAirports })}
        pattern={/^[A-Z]{3}$/}
        formatMessage={SEARCH_MESSAGES.airportCode}
        placeholder="e.g. ORD"
        error={errorFor('excludeConnectingAirports')}
        inputRef={fieldRef('excludeConnectingAirports')}
      />
    </Section>
  )
}
