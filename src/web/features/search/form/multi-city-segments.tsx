import { Plus, X } from 'lucide-react'
import { useRef } from 'react'
import { MAX_MULTI_CITY_SEGMENTS, MIN_MULTI_CITY_SEGMENTS } from '#shared/flights/search-params.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useSearchStore } from '../../../stores/search-store.ts'
import { FieldError } from './field-error.tsx'
import { useSearchFormContext } from './form-context.tsx'
import { DateField, RouteFields } from './route-fields.tsx'

/**
 * Multi-city: 2 to 5 flights, each with from, to and date. A new flight starts where the last one
 * landed; removing one also removes its time window (the store does both).
 */
export function MultiCitySegments({ today, formVersion }: { today: string; formVersion: number }) {
  const segments = useSearchStore((state) => state.params.multiCitySegments)
  const updateSegment = useSearchStore((state) => state.updateSegment)
  const addSegment = useSearchStore((state) => state.addSegment)
  const removeSegment = useSearchStore((state) => state.removeSegment)
  const { errorFor, fieldRef } = useSearchFormContext()
  const list = useRef<HTMLOListElement>(null)
  const addButton = useRef<HTMLButtonElement | null>(null)
  const canAdd = segments.length < MAX_MULTI_CITY_SEGMENTS
  const canRemove = segments.length > MIN_MULTI_CITY_SEGMENTS
  const listError = errorFor('multiCitySegments')

  const focusSegment = (index: number) => {
    // After the store update renders: the new flight's "To" when its "From" was filled in from the last flight.
    requestAnimationFrame(() => {
      const fields = list.current?.children[index]?.querySelectorAll<HTMLInputElement>('input[role="combobox"]')
      if (!fields) return
      ;(fields[0]?.value ? fields[1] : fields[0])?.focus()
    })
  }

  return (
    <div className="grid gap-3">
      <ol ref={list} className="grid gap-3" aria-label="Flights">
        {segments.map((segment, index) => {
          const n = index + 1
          const base = `multiCitySegments.${index}`
          const previousDate = segments
            .slice(0, index)
            .map((s) => s.departureDate)
            .filter(Boolean)
            .at(-1)
          return (
            <li key={segment.id} className="rounded-lg border bg-muted/30 p-3 sm:p-4">
              <fieldset className="grid gap-3">
                <legend className="mb-3 flex w-full items-center justify-between text-sm font-semibold">Flight {n}</legend>
                <div className="grid items-start gap-3 lg:grid-cols-[minmax(0,1fr)_11rem_auto]">
                  <RouteFields
                    from={segment.from}
                    to={segment.to}
                    onChange={(patch) => updateSegment(segment.id, patch)}
                    paths={{ from: `${base}.from`, to: `${base}.to` }}
                    labelExtra={`for flight ${n}`}
                    swapLabel={`Swap origin and destination of flight ${n}`}
                    formVersion={formVersion}
                  />
                  <DateField
                    label="Date"
                    labelExtra={`of flight ${n}`}
                    value={segment.departureDate}
                    onChange={(departureDate) => updateSegment(segment.id, { departureDate })}
                    min={previousDate && previousDate > today ? previousDate : today}
                    path={`${base}.departureDate`}
                  />
                  <div className="flex justify-end lg:pt-[1.375rem]">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-11"
                      aria-label={`Remove flight ${n}`}
                      disabled={!canRemove}
                      title={canRemove ? undefined : `A multi-city trip needs at least ${MIN_MULTI_CITY_SEGMENTS} flights`}
                      onClick={() => {
                        removeSegment(segment.id)
                        requestAnimationFrame(() => addButton.current?.focus())
                      }}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </div>
                </div>
              </fieldset>
            </li>
          )
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          ref={(element) => {
            addButton.current = element
            fieldRef('addSegment')(element)
          }}
          type="button"
          variant="outline"
          disabled={!canAdd}
          aria-describedby={listError ? 'multi-city-error' : canAdd ? undefined : 'multi-city-limit'}
          onClick={() => {
            addSegment()
            focusSegment(segments.length)
          }}
        >
          <Plus aria-hidden="true" />
          Add flight
        </Button>
        {!canAdd && (
          <p id="multi-city-limit" className="text-sm text-muted-foreground">
            Up to {MAX_MULTI_CITY_SEGMENTS} flights per search.
          </p>
        )}
        <FieldError id="multi-city-error" message={listError} />
      </div>
    </div>
  )
}
