import { Info, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useId, useState, type ReactNode } from 'react'
import {
  ALLIANCE_LABELS,
  ALLIANCES,
  DEFAULT_MAX_LAYOVER_HOURS,
  DEFAULT_PRICE_RANGE,
  DEFAULT_TIME_WINDOW,
  SEARCH_MESSAGES,
  SORT_BY_LABELS,
  STOPS_LABELS,
  type Alliance,
  type SearchFilters,
  type SortBy,
  type StopsFilter,
} from '#shared/flights/search-params.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { Switch } from '../../../components/ui/switch.tsx'
import { cn } from '../../../lib/cn.ts'
import { useSearchStore } from '../../../stores/search-store.ts'
import { CodeListInput } from './code-list-input.tsx'
import { FieldError } from './field-error.tsx'
import { useSearchFormContext } from './form-context.tsx'
import { CURRENCIES, LANGUAGES, REGIONS, withCurrent } from './locale-options.ts'
import { NativeSelect } from './native-select.tsx'
import { Stepper } from './stepper.tsx'
import { TimeWindowFields } from './time-window-fields.tsx'

type AirlineMode = 'any' | 'include' | 'exclude'
const DURATION_HOURS = [3, 4, 5, 6, 8, 10, 12, 15, 18, 24, 30, 36, 48]

/**
 * "More filters": every filter of the spec's section 3 in a side panel (full width on phones).
 * Changes apply to the next search; Clear all resets the whole form but keeps the traveller's
 * standing preferences (class, passengers, region, language, currency).
 */
export function FiltersSheet({
  open,
  onOpenChange,
  onClearAll,
  activeCount,
  takeFocusTarget,
  formVersion,
}: {
  formVersion: number
  open: boolean
  onOpenChange: (open: boolean) => void
  onClearAll: () => void
  activeCount: number
  /** A field to focus instead of the first control (the form found a problem there). */
  takeFocusTarget: () => HTMLElement | undefined
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            const target = takeFocusTarget()
            if (target) {
              event.preventDefault()
              target.focus()
            }
          }}
          className={cn(
            'fixed inset-y-0 right-0 z-50 flex w-full flex-col border-l bg-background shadow-xl outline-none sm:max-w-[30rem]',
            'data-[state=open]:animate-in data-[state=open]:slide-in-from-right data-[state=open]:duration-200',
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b px-5 py-4">
            <div>
              <Dialog.Title className="text-lg font-semibold tracking-tight">More filters</Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                {activeCount === 0 ? 'No filters set.' : `${activeCount} ${activeCount === 1 ? 'filter' : 'filters'} set.`} Changes apply to your next
                search.
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close filters"
              className="rounded-md p-2 text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-2">
            <FilterFields key={formVersion} />
          </div>
          <div className="flex items-center justify-between gap-3 border-t bg-background px-5 py-3">
            <Button type="button" variant="ghost" onClick={onClearAll}>
              Clear all
            </Button>
            <Dialog.Close asChild>
              <Button type="button">Done</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function Section({ title, children, description }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section className="grid gap-3 border-b py-5 last:border-b-0">
      <div>
        <h3 className="text-base font-semibold">{title}</h3>
        {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  )
}

function SelectField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId()
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
    </div>
  )
}

function SwitchRow({
  label,
  hint,
  checked,
  onCheckedChange,
  switchRef,
}: {
  label: string
  hint: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  switchRef?: (element: HTMLElement | null) => void
}) {
  const id = useId()
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch ref={switchRef} id={id} checked={checked} onCheckedChange={onCheckedChange} aria-describedby={`${id}-hint`} />
    </div>
  )
}

/** Whole numbers only; '' means "not set". */
function parseWhole(value: string): number | undefined {
  if (value.trim() === '') return undefined
  const n = Math.floor(Number(value))
  return Number.isFinite(n) && n >= 0 ? n : undefined
}

export function FilterFields() {
  const id = useId()
  const params = useSearchStore((state) => state.params)
  const filters = useSearchStore((state) => state.filters)
  const setFilters = useSearchStore((state) => state.setFilters)
  const { errorFor, fieldRef } = useSearchFormContext()
  const set = (patch: Partial<SearchFilters>) => setFilters(patch)

  // The mode follows the lists; "Only these"/"Exclude these" with nothing added yet is remembered here.
  const [chosenMode, setChosenMode] = useState<AirlineMode>('any')
  const airlineMode: AirlineMode = filters.includeAirlines.length > 0 ? 'include' : filters.excludeAirlines.length > 0 ? 'exclude' : chosenMode
  const airlineCodes = airlineMode === 'exclude' ? filters.excludeAirlines : airlineMode === 'include' ? filters.includeAirlines : []
  const setAirlineCodes = (codes: string[]) =>
    set(airlineMode === 'exclude' ? { excludeAirlines: codes, includeAirlines: [] } : { includeAirlines: codes, excludeAirlines: [] })
  const changeMode = (mode: AirlineMode) => {
    setChosenMode(mode)
    const current = [...new Set([...filters.includeAirlines, ...filters.excludeAirlines])]
    if (mode === 'any') set({ includeAirlines: [], excludeAirlines: [] })
    else if (mode === 'include') set({ includeAirlines: current, excludeAirlines: [] })
    else set({ excludeAirlines: current, includeAirlines: [] })
  }
  const alliances = airlineCodes.filter((code): code is Alliance => (ALLIANCES as readonly string[]).includes(code))
  const airlines = airlineCodes.filter((code) => !(ALLIANCES as readonly string[]).includes(code))
  const toggleAlliance = (alliance: Alliance, on: boolean) =>
    setAirlineCodes(on ? [...airlineCodes, alliance] : airlineCodes.filter((code) => code !== alliance))

  const bagCap = params.adults + params.children + filters.infants_in_seat
  const priceError = filters.priceRange[0] > filters.priceRange[1] ? 'The minimum must not be above the maximum' : undefined
  const durationHours = filters.maxDuration ? Math.round(filters.maxDuration / 60) : 0
  const durationOptions = durationHours && !DURATION_HOURS.includes(durationHours) ? [...DURATION_HOURS, durationHours].sort((a, b) => a - b) : DURATION_HOURS

  return (
    <div>
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

      <Section title="Airlines and alliances">
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Airlines</legend>
          {(
            [
              ['any', 'Any airline'],
              ['include', 'Only these airlines'],
              ['exclude', 'Exclude these airlines'],
            ] as Array<[AirlineMode, string]>
          ).map(([mode, label], index) => (
            <label key={mode} className="flex cursor-pointer items-center gap-2.5 text-sm">
              <input
                ref={index === 0 ? fieldRef('includeAirlines') : undefined}
                type="radio"
                name={`${id}-airline-mode`}
                value={mode}
                checked={airlineMode === mode}
                onChange={() => changeMode(mode)}
                aria-describedby={`${id}-airline-note`}
                className="size-4 accent-primary"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <p id={`${id}-airline-note`} className="flex items-start gap-1.5 text-xs text-muted-foreground">
          <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          Include or exclude, not both: one search can only do one of the two.
        </p>
        <FieldError id={`${id}-airline-error`} message={errorFor('includeAirlines') ?? errorFor('excludeAirlines')} />
        {airlineMode !== 'any' && (
          <>
            <CodeListInput
              label={airlineMode === 'include' ? 'Airlines to include' : 'Airlines to exclude'}
              hint="2-character IATA codes, e.g. BA, LH, DL."
              codes={airlines}
              onChange={(codes) => setAirlineCodes([...codes, ...alliances])}
              pattern={/^[A-Z0-9]{2}$/}
              formatMessage="Enter a 2-character airline code (e.g. BA)"
              placeholder="e.g. BA"
            />
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{airlineMode === 'include' ? 'Alliances to include' : 'Alliances to exclude'}</legend>
              {ALLIANCES.map((alliance) => (
                <div key={alliance} className="flex items-center gap-2.5">
                  <Checkbox
                    id={`${id}-${alliance}`}
                    checked={alliances.includes(alliance)}
                    onCheckedChange={(checked) => toggleAlliance(alliance, checked === true)}
                  />
                  <Label htmlFor={`${id}-${alliance}`} className="font-normal">
                    {ALLIANCE_LABELS[alliance]}
                  </Label>
                </div>
              ))}
            </fieldset>
          </>
        )}
      </Section>

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

      <Section title="Emissions">
        <SwitchRow
          label="Less emissions only"
          hint="Show only flights with lower than typical CO₂ emissions."
          checked={filters.lessEmissions}
          onCheckedChange={(lessEmissions) => set({ lessEmissions })}
          switchRef={fieldRef('lessEmissions')}
        />
      </Section>

      <Section title="Region, language and currency" description="Remembered on this device for your next visit.">
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label="Region">
            {(selectId) => (
              <NativeSelect ref={fieldRef('gl')} id={selectId} value={filters.gl} onChange={(event) => set({ gl: event.target.value })}>
                {withCurrent(REGIONS, filters.gl).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </SelectField>
          <SelectField label="Language">
            {(selectId) => (
              <NativeSelect ref={fieldRef('hl')} id={selectId} value={filters.hl} onChange={(event) => set({ hl: event.target.value })}>
                {withCurrent(LANGUAGES, filters.hl).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </SelectField>
          <SelectField label="Currency">
            {(selectId) => (
              <NativeSelect
                ref={fieldRef('currency')}
                id={selectId}
                value={filters.currency}
                onChange={(event) => set({ currency: event.target.value })}
                className="sm:col-span-2"
              >
                {withCurrent(CURRENCIES, filters.currency).map(([code, name]) => (
                  <option key={code} value={code}>
                    {code} · {name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </SelectField>
        </div>
      </Section>

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
    </div>
  )
}
