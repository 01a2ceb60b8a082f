import { useId, useState, type ReactNode } from 'react'
import { ALLIANCE_LABELS, type Alliance } from '#shared/flights/search-params.ts'
import { formatDuration, formatPrice } from '#shared/format.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { cn } from '../../../lib/cn.ts'
import type { PostSearchFilters } from '../../../stores/search-store.ts'
import { formatMinutes } from '../../../lib/flight-time.ts'
import { STOPS_KEYS, STOPS_LABELS, type PostSearchFacets } from './post-search-filters.ts'
import { RangeSlider } from './range-slider.tsx'

const DAY = 1440

export interface FiltersPanelProps {
  filters: PostSearchFilters
  facets: PostSearchFacets
  currency: string
  onChange: (patch: Partial<PostSearchFilters>) => void
  onReset: () => void
  /** Names of the groups narrowing the list; "Clear filters" shows while there are any. */
  active: string[]
  /** Inside the mobile sheet, whose own title says "Filters". */
  hideTitle?: boolean
  className?: string
}

/**
 * The post-search filters for one leg. Every option shows how many flights it would bring back
 * given the other filters, so a zero is visible before it is chosen. Sliders keep a local draft
 * while dragging and apply on release (or key press), so a drag never re-renders 300 cards per
 * pixel; each slider has typed or keyboard alternatives (WCAG 2.5.7).
 */
export function FiltersPanel({ filters, facets, currency, onChange, onReset, active, hideTitle = false, className }: FiltersPanelProps) {
  return (
    <div className={cn('grid gap-5', className)}>
      <div className={cn('flex min-h-6 items-center justify-between gap-2', hideTitle && 'justify-end')}>
        {!hideTitle && <h2 className="text-base font-semibold">Filters</h2>}
        {active.length > 0 && (
          <Button variant="link" size="sm" className="h-auto px-0" onClick={onReset}>
            Clear filters
          </Button>
        )}
      </div>

      <FilterSection title="Stops">
        {STOPS_KEYS.map((key) => (
          <CheckRow
            key={key}
            label={STOPS_LABELS[key]}
            checked={filters.stops[key]}
            count={facets.stops[key].count}
            price={facets.stops[key].minPrice}
            currency={currency}
            onCheckedChange={(checked) => onChange({ stops: { ...filters.stops, [key]: checked } })}
          />
        ))}
      </FilterSection>

      {facets.airlines.length > 0 && (
        <FilterSection
          title="Airlines"
          action={
            filters.airlines.length > 0 ? (
              <Button variant="link" size="sm" className="h-auto px-0 text-xs" onClick={() => onChange({ airlines: [] })}>
                Select all
              </Button>
            ) : null
          }
        >
          <IncludeList
            options={facets.airlines.map((airline) => ({ key: airline.key, label: airline.name, count: airline.count, minPrice: airline.minPrice }))}
            selected={filters.airlines}
            currency={currency}
            onChange={(airlines) => onChange({ airlines })}
          />
        </FilterSection>
      )}

      <FilterSection title="Alliances">
        {facets.alliances.map((alliance) => (
          <CheckRow
            key={alliance.key}
            label={ALLIANCE_LABELS[alliance.key]}
            checked={filters.alliances.includes(alliance.key)}
            count={alliance.count}
            price={alliance.minPrice}
            currency={currency}
            onCheckedChange={(checked) =>
              onChange({ alliances: checked ? [...filters.alliances, alliance.key] : filters.alliances.filter((a: Alliance) => a !== alliance.key) })
            }
          />
        ))}
      </FilterSection>

      {facets.priceBounds && (
        <PriceFilter
          key={`${filters.priceRange.min}-${filters.priceRange.max}`}
          range={filters.priceRange}
          bounds={facets.priceBounds}
          currency={currency}
          onChange={(priceRange) => onChange({ priceRange })}
        />
      )}

      <TimeFilter
        key={`dep-${filters.times.departure.join('-')}`}
        title="Departure time"
        window={filters.times.departure}
        onChange={(departure) => onChange({ times: { ...filters.times, departure } })}
      />
      <TimeFilter
        key={`arr-${filters.times.arrival.join('-')}`}
        title="Arrival time"
        window={filters.times.arrival}
        onChange={(arrival) => onChange({ times: { ...filters.times, arrival } })}
      />

      {facets.connectingAirports.length > 0 && (
        <FilterSection
          title="Connecting airports"
          action={
            filters.connectingAirports.length > 0 ? (
              <Button variant="link" size="sm" className="h-auto px-0 text-xs" onClick={() => onChange({ connectingAirports: [] })}>
                Select all
              </Button>
            ) : null
          }
        >
          <IncludeList
            options={facets.connectingAirports.map((airport) => ({ ...airport, label: `${airport.key} · ${airport.label}` }))}
            selected={filters.connectingAirports}
            currency={currency}
            onChange={(connectingAirports) => onChange({ connectingAirports })}
          />
        </FilterSection>
      )}

      {facets.durationBounds && facets.durationBounds.max > facets.durationBounds.min && (
        <DurationFilter key={`dur-${filters.duration.max}`} max={filters.duration.max} bounds={facets.durationBounds} onChange={(max) => onChange({ duration: { ...filters.duration, max } })} />
      )}
    </div>
  )
}

function FilterSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="relative grid gap-2 border-t pt-4">
      <legend className="float-left mb-1 text-sm font-semibold">{title}</legend>
      {action && <div className="absolute top-3.5 right-0">{action}</div>}
      {children}
    </fieldset>
  )
}

interface CheckRowProps {
  label: string
  checked: boolean
  count: number
  price: number | null
  currency: string
  onCheckedChange: (checked: boolean) => void
  extra?: ReactNode
}

function CheckRow({ label, checked, count, price, currency, onCheckedChange, extra }: CheckRowProps) {
  const id = useId()
  return (
    <div className="group flex min-h-7 items-center gap-2 text-sm">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onCheckedChange(value === true)} className="size-4.5" />
      <label htmlFor={id} className={cn('flex min-w-0 flex-1 cursor-pointer items-baseline gap-1.5', count === 0 && 'text-muted-foreground')}>
        <span className="truncate">{label}</span>{' '}
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
          {/* On screen "(14)", never "(14 )"; read "(14 flights)". */}
          <span aria-hidden="true">({count})</span>
          <span className="sr-only">{`(${count} ${count === 1 ? 'flight' : 'flights'})`}</span>
        </span>
      </label>
      {extra}
      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{price !== null ? formatPrice(price, currency) : ''}</span>
    </div>
  )
}

interface IncludeOption {
  key: string
  label: string
  count: number
  minPrice: number | null
}

/**
 * Checkboxes that all start ticked (an empty selection means "all", as the store keeps it).
 * Unticking narrows; "Only" keeps just one. Unticking the last ticked option goes back to all,
 * since the store cannot hold "none" and none would be a dead end anyway.
 */
function IncludeList({ options, selected, currency, onChange }: { options: IncludeOption[]; selected: string[]; currency: string; onChange: (next: string[]) => void }) {
  const all = options.map((option) => option.key)
  const isChecked = (key: string) => selected.length === 0 || selected.includes(key)
  const toggle = (key: string, checked: boolean) => {
    const current = selected.length === 0 ? all : selected
    const next = checked ? [...new Set([...current, key])] : current.filter((k) => k !== key)
    onChange(next.length === 0 || all.every((k) => next.includes(k)) ? [] : next)
  }
  return (
    <div className="grid gap-0.5">
      {options.map((option) => (
        <CheckRow
          key={option.key}
          label={option.label}
          checked={isChecked(option.key)}
          count={option.count}
          price={option.minPrice}
          currency={currency}
          onCheckedChange={(checked) => toggle(option.key, checked)}
          extra={
            options.length > 1 ? (
              <button
                type="button"
                className="shrink-0 rounded px-1 text-xs text-primary underline-offset-2 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 hover:underline focus-visible:opacity-100 pointer-coarse:opacity-100"
                onClick={() => onChange([option.key])}
              >
                Only{' '}
                <span className="sr-only">{option.label}</span>
              </button>
            ) : null
          }
        />
      ))}
    </div>
  )
}

function roundDown(value: number, step: number) {
  return Math.floor(value / step) * step
}
function roundUp(value: number, step: number) {
  return Math.ceil(value / step) * step
}

function PriceFilter({ range, bounds, currency, onChange }: { range: PostSearchFilters['priceRange']; bounds: { min: number; max: number }; currency: string; onChange: (range: PostSearchFilters['priceRange']) => void }) {
  const step = bounds.max - bounds.min > 500 ? 10 : 5
  const low = roundDown(bounds.min, step)
  const high = Math.max(roundUp(bounds.max, step), low + step)
  const [draft, setDraft] = useState<[number, number]>([Math.max(low, Math.min(range.min, high)), range.max === null ? high : Math.max(low, Math.min(range.max, high))])
  const minId = useId()
  const maxId = useId()
  const commit = ([min, max]: [number, number]) => {
    const next = { min: min <= low ? 0 : min, max: max >= high ? null : max }
    if (next.min !== range.min || next.max !== range.max) onChange(next)
  }
  const label = range.min === 0 && range.max === null ? 'Any price' : `${formatPrice(draft[0], currency)} – ${draft[1] >= high ? `${formatPrice(high, currency)}+` : formatPrice(draft[1], currency)}`
  const typed = (which: 0 | 1, raw: string) => {
    const value = Number(raw)
    if (raw.trim() === '' || !Number.isFinite(value) || value < 0) {
      // Emptying a box removes that bound.
      const next: [number, number] = which === 0 ? [low, draft[1]] : [draft[0], high]
      setDraft(next)
      commit(next)
      return
    }
    const next: [number, number] = which === 0 ? [Math.min(value, draft[1]), draft[1]] : [draft[0], Math.max(value, draft[0])]
    setDraft(next)
    commit(next)
  }
  return (
    <FilterSection title="Price">
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {label}
      </p>
      <RangeSlider
        min={low}
        max={high}
        step={step}
        value={draft}
        onValueChange={(value) => setDraft([value[0]!, value[1]!])}
        onValueCommit={(value) => commit([value[0]!, value[1]!])}
        thumbLabels={['Minimum price', 'Maximum price']}
        valueText={(value) => formatPrice(value, currency)}
      />
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <label htmlFor={minId} className="text-xs text-muted-foreground">
            Min ({currency})
          </label>
          <Input
            id={minId}
            type="number"
            inputMode="numeric"
            min={0}
            step={step}
            className="h-9"
            defaultValue={range.min > 0 ? range.min : ''}
            placeholder={String(low)}
            onBlur={(event) => typed(0, event.currentTarget.value)}
            onKeyDown={(event) => event.key === 'Enter' && typed(0, event.currentTarget.value)}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={maxId} className="text-xs text-muted-foreground">
            Max ({currency})
          </label>
          <Input
            id={maxId}
            type="number"
            inputMode="numeric"
            min={0}
            step={step}
            className="h-9"
            defaultValue={range.max ?? ''}
            placeholder={String(high)}
            onBlur={(event) => typed(1, event.currentTarget.value)}
            onKeyDown={(event) => event.key === 'Enter' && typed(1, event.currentTarget.value)}
          />
        </div>
      </div>
    </FilterSection>
  )
}

export function timeWindowText(window: [number, number]): string {
  if (window[0] <= 0 && window[1] >= DAY) return 'Any time'
  return `${formatMinutes(window[0])}–${formatMinutes(window[1])}`
}

function TimeFilter({ title, window, onChange }: { title: string; window: [number, number]; onChange: (window: [number, number]) => void }) {
  const [draft, setDraft] = useState<[number, number]>(window)
  const noun = title.split(' ')[0]!.toLowerCase()
  return (
    <FilterSection title={title}>
      <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
        {timeWindowText(draft)}
      </p>
      <RangeSlider
        min={0}
        max={DAY}
        step={30}
        value={draft}
        onValueChange={(value) => setDraft([value[0]!, value[1]!])}
        onValueCommit={(value) => {
          const next: [number, number] = [value[0]!, value[1]!]
          if (next[0] !== window[0] || next[1] !== window[1]) onChange(next)
        }}
        thumbLabels={[`Earliest ${noun}`, `Latest ${noun}`]}
        valueText={formatMinutes}
      />
      <div className="flex justify-between text-[11px] text-muted-foreground" aria-hidden="true">
        <span>00:00</span>
        <span>12:00</span>
        <span>24:00</span>
      </div>
    </FilterSection>
  )
}

function DurationFilter({ max, bounds, onChange }: { max: number | null; bounds: { min: number; max: number }; onChange: (max: number | null) => void }) {
  const low = roundDown(bounds.min, 15)
  const high = roundUp(bounds.max, 15)
  const [draft, setDraft] = useState(max === null ? high : Math.max(low, Math.min(max, high)))
  return (
    <FilterSection title="Duration">
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {max === null && draft >= high ? 'Any duration' : `Under ${formatDuration(draft)}`}
      </p>
      <RangeSlider
        min={low}
        max={high}
        step={15}
        value={[draft]}
        onValueChange={(value) => setDraft(value[0]!)}
        onValueCommit={(value) => {
          const next = value[0]! >= high ? null : value[0]!
          if (next !== max) onChange(next)
        }}
        thumbLabels={['Maximum total duration']}
        valueText={formatDuration}
      />
    </FilterSection>
  )
}
