import { Section, SwitchRow, useFilterSection } from './filter-layout.tsx'

/** Deep search and hidden flights. */
export function SearchDepthSection() {
  const { filters, set, fieldRef } = useFilterSection()
  return (
    <Section title="Search depth">
      <SwitchRow
        label="Deep search"
        hint="Slower, but finds the same flights and prices as Google Flights in a browser."
        checked={filters.deepSearch}
        onCheckedChange={(deepSearch) => set({ deepSearch })}
        switchRef={fieldRef('deepSearch')}
      />
      <SwitchRow
        label="Show hidden flights"
        hint="Include flights Google Flights normally hides (e.g. long or unusual itineraries)."
        checked={filters.showHidden}
        onCheckedChange={(showHidden) => set({ showHidden })}
        switchRef={fieldRef('showHidden')}
      />
    </Section>
  )
}
