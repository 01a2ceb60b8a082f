import { SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import { FieldError } from '../field-error.tsx'
import { Stepper } from '../stepper.tsx'
import { Section, useFilterSection } from './filter-layout.tsx'

/** Carry-on bags, at most one per seated passenger (and 5). */
export function BagsSection() {
  const { id, params, filters, set, errorFor, fieldRef } = useFilterSection()
  const bagCap = params.adults + params.children + filters.infants_in_seat
  return (
    <Section title="Bags" description="Carry-on bags to include in the price.">
      <div ref={fieldRef('bags')} tabIndex={-1} className="outline-none">
        <Stepper
          label="Carry-on bags"
          unit="bag"
          value={filters.bags}
          min={0}
          max={Math.min(5, bagCap)}
          onChange={(bags) => set({ bags })}
          describedBy={filters.bags >= bagCap ? `${id}-bags-note` : errorFor('bags') ? `${id}-bags-error` : undefined}
        />
      </div>
      {filters.bags >= bagCap && filters.bags < 5 && (
        <p id={`${id}-bags-note`} className="text-xs text-muted-foreground">
          {SEARCH_MESSAGES.tooManyBags}.
        </p>
      )}
      <FieldError id={`${id}-bags-error`} message={errorFor('bags')} />
    </Section>
  )
}
