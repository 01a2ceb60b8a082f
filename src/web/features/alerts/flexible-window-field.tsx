import { useId } from 'react'
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form'
import { DATE_WINDOW_MAX_DAYS, dateWindowSchema, windowCost, windowCostText, windowCoverText, type DateWindowInput, type WindowProvider } from '#shared/alerts/date-window.ts'
import { checksPerDay } from '#shared/alerts/reasonable-use.ts'
import { FLEX_DEFAULT_NIGHTS } from '#shared/flights/fare-calendar.ts'
import { addIsoDays } from '#shared/flights/iso-days.ts'
import { earliestTravelDate } from '#shared/flights/travel-date.ts'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { WindowTimesFields } from './window-times-fields.tsx'

/** The errors the window's schema gives, by field (react-hook-form keeps them under the window's path). */
interface WindowErrors {
  message?: string
  depart_from?: { message?: string }
  depart_to?: { message?: string }
  nights?: { message?: string; min?: { message?: string }; max?: { message?: string } }
  outbound_times?: { message?: string }
  return_times?: { message?: string }
}

/** A new window: two weeks of departures from the search's date (or today), its trip length or 5–9 nights. */
export function defaultDateWindow(today: string, roundTrip: boolean, initial: { depart_from?: string; nights?: { min: number; max: number } } = {}): DateWindowInput {
  const from = initial.depart_from && initial.depart_from >= today ? initial.depart_from : today
  return { depart_from: from, depart_to: addIsoDays(from, 13), weekends_only: false, nights: roundTrip ? (initial.nights ?? { ...FLEX_DEFAULT_NIGHTS }) : null }
}

/**
 * Flexible dates for an alert (issue 17): any departure day in a window of up to 62 days, weekends
 * only if wanted, and for round trips a range of trip lengths. Off, the alert keeps its one date
 * pair (the value is null). What checking the window costs shows before saving, from the same rule
 * the engine spreads its searches by (date-window.ts windowCost). Validation is the form's
 * resolver's, with dateWindowSchemaFor(today).
 */
export function FlexibleWindowField<T extends FieldValues>({
  control,
  name,
  roundTrip,
  frequency,
  provider = 'serpapi',
  unfiltered,
  today = earliestTravelDate(new Date()),
  initial,
  offNote,
}: {
  control: Control<T>
  name: FieldPathByValue<T, DateWindowInput | null | undefined>
  roundTrip: boolean
  /** The alert's check frequency ("12h"), for the cost line. */
  frequency: string
  /** Whose cost to show; the live provider's (SerpApi) unless told, as the frequency field does. */
  provider?: WindowProvider
  /** The alert's search has no filters a fare calendar cannot answer (date-window.ts WindowCostOptions). */
  unfiltered?: boolean
  today?: string
  /** The search's own dates, to start the window from. */
  initial?: { depart_from?: string; nights?: { min: number; max: number } }
  /** Said while the window is off (editing a flexible alert: the dates it goes back to). */
  offNote?: string
}) {
  const id = useId()
  // Taken apart so the field's ref is only handed on, never read while rendering.
  const { field: { value: current, onChange, onBlur, ref: focusRef }, fieldState } = useController({ control, name })
  const value = current as DateWindowInput | null | undefined
  const errors = fieldState.error as WindowErrors | undefined
  const set = (patch: Partial<DateWindowInput>) => onChange({ ...value, ...patch })
  const toggle = (on: boolean) => onChange(on ? defaultDateWindow(today, roundTrip, initial) : null)

  const parsed = value ? dateWindowSchema.safeParse(value) : null
  const cost = parsed?.success ? windowCost(parsed.data, provider, checksPerDay(frequency), { today, ...(unfiltered === undefined ? {} : { unfiltered }) }) : null
  const cover = cost && windowCoverText(cost)
  const nightsError = errors?.nights?.min?.message ?? errors?.nights?.max?.message ?? errors?.nights?.message
  const nights = value?.nights as { min?: unknown; max?: unknown } | null | undefined

  return (
    <fieldset className="grid gap-2 text-sm">
      <legend className="sr-only">Flexible dates</legend>
      <label className="flex min-h-7 cursor-pointer items-center gap-2 font-medium">
        <input
          ref={value ? undefined : focusRef}
          type="checkbox"
          checked={Boolean(value)}
          onChange={(event) => toggle(event.target.checked)}
          onBlur={onBlur}
          className="size-4 accent-primary"
        />
        Any dates in a window
      </label>
      {!value && offNote && <p className="pl-6 text-xs text-muted-foreground">{offNote}</p>}
      {value && (
        <div className="grid gap-3 pl-6">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="First departure" error={errors?.depart_from?.message}>
              {/* The form focuses here when the window has an error. */}
              <Input ref={focusRef} type="date" min={today} value={value.depart_from ?? ''} onChange={(event) => set({ depart_from: event.target.value })} />
            </FormField>
            <FormField label="Last departure" error={errors?.depart_to?.message} hint={`Up to ${DATE_WINDOW_MAX_DAYS} days of departures.`}>
              <Input
                type="date"
                min={value.depart_from || today}
                {...(value.depart_from ? { max: addIsoDays(value.depart_from, DATE_WINDOW_MAX_DAYS - 1) } : {})}
                value={value.depart_to ?? ''}
                onChange={(event) => set({ depart_to: event.target.value })}
              />
            </FormField>
          </div>
          <label className="flex min-h-7 cursor-pointer items-center gap-2">
            <input type="checkbox" checked={value.weekends_only ?? false} onChange={(event) => set({ weekends_only: event.target.checked })} className="size-4 accent-primary" />
            Weekends only
          </label>
          <p className="text-xs text-muted-foreground">
            {roundTrip ? 'Leave on a Friday or Saturday, come back on the Sunday or Monday after.' : 'Leave on a Friday or Saturday.'}
          </p>
          {roundTrip && (
            <div className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span id={`${id}-nights`}>Trip length</span>
                {/* Kept together: on a phone the range moves under its label as one line, not "5 to" and "9 nights". */}
                <span className="flex items-center gap-2">
                  <Input
                    aria-label="Fewest nights"
                    aria-invalid={errors?.nights?.min ? true : undefined}
                    inputMode="numeric"
                    className="w-20"
                    value={String(nights?.min ?? '')}
                    onChange={(event) => set({ nights: { min: event.target.value, max: nights?.max ?? '' } })}
                  />
                  <span className="text-muted-foreground">to</span>
                  <Input
                    aria-label="Most nights"
                    aria-invalid={errors?.nights?.max ? true : undefined}
                    inputMode="numeric"
                    className="w-20"
                    value={String(nights?.max ?? '')}
                    onChange={(event) => set({ nights: { min: nights?.min ?? '', max: event.target.value } })}
                  />
                  <span className="text-muted-foreground">nights</span>
                </span>
              </div>
              {nightsError && (
                <p role="alert" className="text-xs text-destructive">
                  {nightsError}
                </p>
              )}
            </div>
          )}
          <WindowTimesFields
            outbound={value.outbound_times}
            back={value.return_times}
            roundTrip={roundTrip}
            errors={{ outbound: errors?.outbound_times?.message, back: errors?.return_times?.message }}
            onChange={(times) => set(times)}
          />
          <div className="grid gap-1 text-xs text-muted-foreground" aria-live="polite">
            <p>{cost ? windowCostText(cost) : 'Choose the dates to see what checking them costs.'}</p>
            {cover && <p>{cover}</p>}
          </div>
        </div>
      )}
      {/* The window as a whole: the server's word on it (a trip length it doesn't fit, reasonable use), or turning it off when that can't be. */}
      {errors?.message && (
        <p role="alert" className="pl-6 text-xs text-destructive">
          {errors.message}
        </p>
      )}
    </fieldset>
  )
}
