import { DEFAULT_PRICE_RANGE } from '#shared/flights/search-params.ts'
import { Input } from '../../../../components/ui/input.tsx'
import { Label } from '../../../../components/ui/label.tsx'
import { FieldError } from '../field-error.tsx'
import { parseWhole, Section, useFilterSection } from './filter-layout.tsx'

/** The price range shown and the limit above which flights are not fetched. */
export function PriceSection() {
  const { id, filters, set, errorFor, fieldRef } = useFilterSection()
  const priceError = filters.priceRange[0] > filters.priceRange[1] ? 'The minimum must not be above the maximum' : undefined
  return (
    <Section title="Price" description={`In ${filters.currency}, for all passengers.`}>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-min-price`}>Minimum</Label>
          <Input
            ref={fieldRef('priceRange')}
            id={`${id}-min-price`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={filters.priceRange[0]}
            aria-invalid={priceError ? true : undefined}
            aria-describedby={priceError ? `${id}-price-error` : undefined}
            onChange={(event) => set({ priceRange: [parseWhole(event.target.value) ?? 0, filters.priceRange[1]] })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-max-price`}>Maximum</Label>
          <Input
            id={`${id}-max-price`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={filters.priceRange[1]}
            aria-invalid={priceError ? true : undefined}
            aria-describedby={`${id}-price-hint${priceError ? ` ${id}-price-error` : ''}`}
            onChange={(event) => set({ priceRange: [filters.priceRange[0], parseWhole(event.target.value) ?? DEFAULT_PRICE_RANGE[1]] })}
          />
        </div>
      </div>
      <p id={`${id}-price-hint`} className="text-xs text-muted-foreground">
        A maximum of {DEFAULT_PRICE_RANGE[1]} or more means no limit.
      </p>
      <FieldError id={`${id}-price-error`} message={priceError ?? errorFor('priceRange')} />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-price-limit`}>Price limit</Label>
        <Input
          ref={fieldRef('maxPrice')}
          id={`${id}-price-limit`}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder="No limit"
          value={filters.maxPrice ?? ''}
          aria-describedby={`${id}-limit-hint`}
          onChange={(event) => {
            const n = parseWhole(event.target.value)
            set({ maxPrice: n && n > 0 ? n : undefined })
          }}
        />
        <p id={`${id}-limit-hint`} className="text-xs text-muted-foreground">
          Flights above this are not fetched at all; it takes precedence over the maximum above.
        </p>
        <FieldError id={`${id}-limit-error`} message={errorFor('maxPrice')} />
      </div>
    </Section>
  )
}
