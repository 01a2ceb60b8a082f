import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Building2, MapPin, PlaneLanding, PlaneTakeoff } from 'lucide-react'
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react'
import type { AirportSuggestion } from '#shared/flights/model.ts'
import { SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import { cn } from '../../../lib/cn.ts'
import { fetchAirports } from '../api.ts'
import { airportLabelKey, airportOptionLabel, useAirportLabel } from './airport-label.ts'
import { FieldError } from './field-error.tsx'
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts'

/** Suggestions start at 2 characters, 250 ms after the last keystroke (ux-and-performance B1). */
export const MIN_QUERY_LENGTH = 2
export const SUGGEST_DEBOUNCE_MS = 250
/** Tailwind's `max-sm`: where the picker takes the whole screen. */
const PHONE_QUERY = '(width < 40rem)'

interface AirportOption {
  key: string
  code: string
  kind: 'city' | 'airport'
  /** Indented under its city. */
  nested: boolean
  title: string
  detail: string
  /** What the field shows once picked. */
  fieldLabel: string
}

/** A city ("London (all airports)") is followed by its airports, indented; an airport is listed once. */
export function toOptions(results: AirportSuggestion[]): AirportOption[] {
  const options: AirportOption[] = []
  const listed = new Set<string>()
  for (const result of results) {
    if (result.kind === 'city') {
      const codes = result.code.split(',')
      options.push({
        key: `city:${result.code}`,
        code: result.code,
        kind: 'city',
        nested: false,
        title: result.name,
        detail: `${result.country} · ${codes.slice(0, 4).join(', ')}${codes.length > 4 ? ` +${codes.length - 4}` : ''}`,
        fieldLabel: airportOptionLabel(result),
      })
      for (const airport of result.airports ?? []) {
        if (listed.has(airport.code)) continue
        listed.add(airport.code)
        options.push({
          key: `airport:${airport.code}`,
          code: airport.code,
          kind: 'airport',
          nested: true,
          title: airport.name,
          detail: result.city,
          fieldLabel: airportOptionLabel({ kind: 'airport', code: airport.code, city: result.city }),
        })
      }
    } else if (!listed.has(result.code)) {
      listed.add(result.code)
      options.push({
        key: `airport:${result.code}`,
        code: result.code,
        kind: 'airport',
        nested: false,
        title: result.name,
        detail: `${result.city}, ${result.country}`,
        fieldLabel: airportOptionLabel(result),
      })
    }
  }
  return options
}

const IATA = /^[A-Za-z]{3}$/

/**
 * From/To: an editable combobox with list autocomplete (WAI-ARIA APG). Typing (2+ characters)
 * lists airports and cities; ↓/↑ move through them, Enter picks, Escape closes the list (and a
 * second Escape restores the chosen value). Leaving the field with an exact 3-letter code accepts
 * that code; any other unfinished text is kept and explained, never silently replaced.
 */
export function AirportCombobox({
  label,
  labelExtra,
  direction,
  value,
  onChange,
  error,
  inputRef,
  className,
  inputClassName,
  placeholder = 'City or airport',
}: {
  label: string
  /** Visually hidden words for the accessible name ("for flight 2"). */
  labelExtra?: string
  direction: 'from' | 'to'
  /** Comma-joined airport codes ('' when none). */
  value: string
  onChange: (code: string) => void
  error?: string
  inputRef?: (element: HTMLElement | null) => void
  className?: string
  inputClassName?: string
  placeholder?: string
}) {
  const id = useId()
  const inputId = `${id}-input`
  const listId = `${id}-listbox`
  const errorId = `${id}-error`
  const queryClient = useQueryClient()
  const chosenLabel = useAirportLabel(value)

  /** Text being typed, tied to the value it started from: when the value changes (pick, swap, Clear all) the draft is gone. */
  const [draft, setDraft] = useState<{ text: string; base: string; invalid: boolean } | null>(null)
  const editing = draft !== null && draft.base === value
  const text = editing ? draft.text : chosenLabel
  const [open, setOpen] = useState(false)
  /** Focus is in the field: on a phone the picker then takes the whole screen (input on top, list below). */
  const [picking, setPicking] = useState(false)

  const query = editing && !draft.invalid ? draft.text.trim() : ''
  const debounced = useDebouncedValue(query, SUGGEST_DEBOUNCE_MS)
  const ready = debounced.length >= MIN_QUERY_LENGTH && debounced === query
  const suggestions = useQuery({
    queryKey: ['airports', debounced.toLowerCase()],
    queryFn: ({ signal }) => fetchAirports(debounced, signal),
    enabled: debounced.length >= MIN_QUERY_LENGTH,
    staleTime: 60 * 60_000,
    placeholderData: keepPreviousData,
  })
  const results = suggestions.data?.results
  const options = useMemo(() => (results ? toOptions(results) : []), [results])
  const [active, setActive] = useState<{ index: number; options: AirportOption[] }>({ index: -1, options: [] })
  const activeIndex = active.options === options ? active.index : -1

  const expanded = open && query.length >= MIN_QUERY_LENGTH
  const waiting = !ready || suggestions.isFetching
  const showOptions = expanded && options.length > 0 && !(suggestions.isPlaceholderData && !ready)
  const optionId = (index: number) => `${id}-option-${index}`

  let status: ReactNode = null
  if (expanded) {
    if (suggestions.isError && !waiting) status = 'Suggestions are unavailable. Type a 3-letter airport code instead.'
    else if (showOptions) status = `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.`
    else if (waiting) status = 'Searching airports…'
    else status = `No airports match “${query}”. Check the spelling or type a 3-letter code.`
  }

  const pick = (option: AirportOption) => {
    queryClient.setQueryData(airportLabelKey(option.code), option.fieldLabel)
    setDraft(null)
    setOpen(false)
    onChange(option.code)
  }

  const commit = () => {
    if (!editing) return
    const typed = draft.text.trim()
    if (typed === '') {
      setDraft(null)
      if (value !== '') onChange('')
      return
    }
    if (IATA.test(typed)) {
      const code = typed.toUpperCase()
      const known = options.find((option) => option.kind === 'airport' && option.code === code)
      if (known) queryClient.setQueryData(airportLabelKey(code), known.fieldLabel)
      setDraft(null)
      onChange(code)
      return
    }
    const exact = options.find((option) => option.fieldLabel.toLowerCase() === typed.toLowerCase() || option.title.toLowerCase() === typed.toLowerCase())
    if (exact) return pick(exact)
    // Keep what was typed and say what is missing; the search can't use it as it is.
    setDraft({ text: draft.text, base: '', invalid: true })
    if (value !== '') onChange('')
  }

  const move = (step: 1 | -1) => {
    if (options.length === 0) return
    const next = activeIndex < 0 ? (step === 1 ? 0 : options.length - 1) : (activeIndex + step + options.length) % options.length
    setActive({ index: next, options })
    document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (!editing) return
        event.preventDefault()
        if (!open) {
          setOpen(true)
          if (event.altKey) return
        }
        if (showOptions || !open) move(event.key === 'ArrowDown' ? 1 : -1)
        return
      case 'Enter':
        if (showOptions && activeIndex >= 0) {
          event.preventDefault()
          pick(options[activeIndex]!)
        } else {
          // Accept a typed code before the form submits (the submit reads the store).
          commit()
          setOpen(false)
        }
        return
      case 'Escape':
        if (expanded) {
          event.preventDefault()
          setOpen(false)
        } else if (editing) {
          event.preventDefault()
          setDraft(null)
        } else if (window.matchMedia?.(PHONE_QUERY).matches) {
          // Nothing left to cancel: a phone's full-screen picker closes (the Android back button sends Escape).
          event.preventDefault()
          event.currentTarget.blur()
        }
        return
      default:
        return
    }
  }

  const shownError = editing && draft.invalid ? SEARCH_MESSAGES.airportCode : error
  const Icon = direction === 'from' ? PlaneTakeoff : PlaneLanding

  return (
    <div
      data-picking={picking || undefined}
      className={cn(
        'relative grid gap-1.5',
        // A phone's picker fills the screen, so the keyboard never hides the suggestions.
        'max-sm:data-picking:fixed max-sm:data-picking:inset-0 max-sm:data-picking:z-50 max-sm:data-picking:flex max-sm:data-picking:flex-col max-sm:data-picking:gap-3 max-sm:data-picking:bg-background max-sm:data-picking:p-4',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={inputId} className="text-sm leading-none font-medium in-data-picking:max-sm:text-base in-data-picking:max-sm:font-semibold">
          {label}
          {labelExtra && ' '}
          {labelExtra && <span className="sr-only">{labelExtra}</span>}
        </label>
        {/* Only on a phone's full-screen picker: the way back to the form (blurring keeps what was typed, as leaving the field does). */}
        <button
          type="button"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => (document.activeElement as HTMLElement | null)?.blur()}
          className="hidden rounded-md px-3 py-2 text-sm font-medium text-primary max-sm:in-data-picking:inline-flex"
        >
          Done
        </button>
      </div>
      <div className="relative">
        {/* Centred on the 2.75rem input, not on the box: the phone's picker puts the list in that box too. */}
        <Icon className="pointer-events-none absolute top-[1.375rem] left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showOptions}
          aria-controls={listId}
          aria-activedescendant={showOptions && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setDraft({ text: event.target.value, base: value, invalid: false })
            setOpen(true)
          }}
          onFocus={(event) => {
            setPicking(true)
            event.currentTarget.select()
          }}
          onBlur={() => {
            setPicking(false)
            setOpen(false)
            commit()
          }}
          onKeyDown={onKeyDown}
          className={cn(
            'flex h-11 w-full min-w-0 rounded-md border border-input bg-background py-2 pr-3 pl-9 text-base shadow-xs transition-colors dark:bg-input/30 md:text-sm',
            'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive',
            inputClassName,
          )}
        />
        <div
          className={cn(
            'absolute top-full left-0 z-50 mt-1 w-full min-w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg',
            'max-sm:in-data-picking:static max-sm:in-data-picking:mt-3 max-sm:in-data-picking:min-w-0 max-sm:in-data-picking:border-0 max-sm:in-data-picking:bg-background max-sm:in-data-picking:shadow-none',
            !expanded && 'hidden',
          )}
        >
          <ul
            id={listId}
            role="listbox"
            aria-label={`${label} suggestions`}
            hidden={!showOptions}
            className="max-h-80 overflow-y-auto p-1 max-sm:in-data-picking:max-h-[calc(100dvh-9rem)] max-sm:in-data-picking:px-0"
          >
            {showOptions &&
              options.map((option, index) => {
                const OptionIcon = option.kind === 'city' ? Building2 : MapPin
                return (
                  <li
                    key={option.key}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => pick(option)}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-md px-2.5 py-2 text-sm hover:bg-accent hover:text-accent-foreground max-sm:py-3',
                      option.nested && 'pl-9',
                      index === activeIndex && 'bg-accent text-accent-foreground outline-2 -outline-offset-2 outline-ring',
                    )}
                  >
                    <OptionIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <span className="min-w-0 flex-1">
                      <span className={cn('block truncate', option.kind === 'city' ? 'font-semibold' : 'font-medium')}>{option.title}</span>
                      <span className="block truncate text-xs text-muted-foreground">{option.detail}</span>
                    </span>
                    {option.kind === 'airport' && (
                      <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 font-mono text-xs font-semibold text-muted-foreground">{option.code}</span>
                    )}
                  </li>
                )
              })}
          </ul>
          {!showOptions && status && <p className="px-3 py-2.5 text-sm text-muted-foreground">{status}</p>}
        </div>
      </div>
      <span role="status" className="sr-only">
        {status}
      </span>
      <FieldError id={errorId} message={shownError} />
    </div>
  )
}
