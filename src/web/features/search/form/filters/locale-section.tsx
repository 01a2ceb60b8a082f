import { CURRENCIES, LANGUAGES, REGIONS, withCurrent } from '../locale-options.ts'
import { NativeSelect } from '../../../../components/ui/native-select.tsx'
import { Section, SelectField, useFilterSection } from './filter-layout.tsx'

/** Region, language and currency: the traveller's standing preferences, kept on this device. */
export function LocaleSection() {
  const { filters, set, fieldRef } = useFilterSection()
  return (
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
  )
}
