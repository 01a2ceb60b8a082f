import { Section, SwitchRow, useFilterSection } from './filter-layout.tsx'

/** Lower-emission flights only. */
export function EmissionsSection() {
  const { filters, set, fieldRef } = useFilterSection()
  return (
    <Section title="Emissions">
      <SwitchRow
        label="Less emissions only"
        hint="Show only flights with lower than typical CO₂ emissions."
        checked={filters.lessEmissions}
        onCheckedChange={(lessEmissions) => set({ lessEmissions })}
        switchRef={fieldRef('lessEmissions')}
      />
    </Section>
  )
}
