import { Info } from 'lucide-react'
import { useState } from 'react'
import { ALLIANCE_LABELS, ALLIANCES, type Alliance } from '#shared/flights/search-params.ts'
import { Checkbox } from '../../../../components/ui/checkbox.tsx'
import { Label } from '../../../../components/ui/label.tsx'
import { CodeListInput } from '../code-list-input.tsx'
import { FieldError } from '../field-error.tsx'
import { Section, useFilterSection } from './filter-layout.tsx'

type AirlineMode = 'any' | 'include' | 'exclude'

/** Airlines and alliances to include or exclude (one or the other, as one search can only do one). */
export function AirlinesSection() {
  const { id, filters, set, errorFor, fieldRef } = useFilterSection()
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

  return (
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
  )
}
