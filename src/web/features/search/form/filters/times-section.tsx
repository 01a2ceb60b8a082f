import { DEFAULT_TIME_WINDOW } from '#shared/flights/search-params.ts'
import { TimeWindowFields } from '../../../../components/time-window-fields.tsx'
import { Section, useFilterSection } from './filter-layout.tsx'

/** Departure and arrival time windows, per leg. */
export function TimesSection() {
  const { params, filters, set, fieldRef } = useFilterSection()
  return (
    <Section title="Times" description="Local times at the airports, whole hours.">
      {params.tripType === 'multi-city' ? (
        params.multiCitySegments.map((segment, index) => (
          <TimeWindowFields
            key={segment.id}
            fieldRef={index === 0 ? fieldRef('multiCityTimes') : undefined}
            legend={`Flight ${index + 1}${segment.from && segment.to ? ` · ${segment.from.split(',')[0]} → ${segment.to.split(',')[0]}` : ''}`}
            value={filters.multiCityTimes[segment.id] ?? DEFAULT_TIME_WINDOW}
            onChange={(window) => set({ multiCityTimes: { ...filters.multiCityTimes, [segment.id]: window } })}
          />
        ))
      ) : (
        <>
          <TimeWindowFields
            fieldRef={fieldRef('outboundTimes')}
            legend="Outbound"
            value={filters.outboundTimes}
            onChange={(outboundTimes) => set({ outboundTimes })}
          />
          {params.tripType === 'round-trip' && (
            <TimeWindowFields
              fieldRef={fieldRef('returnTimes')}
              legend="Return"
              value={filters.returnTimes}
              onChange={(returnTimes) => set({ returnTimes })}
            />
          )}
        </>
      )}
    </Section>
  )
}
