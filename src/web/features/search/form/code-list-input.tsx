import { Plus, X } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { FieldError } from './field-error.tsx'

/**
 * A list of short codes (airline "BA", airport "ORD") as removable chips, with a text field to add
 * more: Enter or the Add button adds, each chip has its own remove button.
 */
export function CodeListInput({
  label,
  hint,
  codes,
  onChange,
  pattern,
  formatMessage,
  placeholder,
  max = 20,
  error,
  inputRef,
  extra,
}: {
  label: string
  hint?: string
  codes: string[]
  onChange: (codes: string[]) => void
  /** Uppercased input must match this. */
  pattern: RegExp
  /** Shown when the typed text doesn't match `pattern`. */
  formatMessage: string
  placeholder?: string
  max?: number
  error?: string
  inputRef?: (element: HTMLElement | null) => void
  /** Names shown next to a code in its chip ("STAR_ALLIANCE" → "Star Alliance"). */
  extra?: Record<string, string>
}) {
  const id = useId()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const full = codes.length >= max
  const shown = problem ?? error

  const add = () => {
    const code = text.trim().toUpperCase()
    if (!code) return
    if (!pattern.test(code)) return setProblem(formatMessage)
    if (codes.includes(code)) return setProblem(`${code} is already in the list`)
    onChange([...codes, code])
    setText('')
    setProblem(null)
  }

  const describedBy = [shown ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm leading-none font-medium">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id={id}
          value={text}
          placeholder={placeholder}
          disabled={full}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value)
            setProblem(null)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              add()
            }
          }}
          className="uppercase placeholder:normal-case"
        />
        <Button type="button" variant="outline" onClick={add} disabled={full || text.trim() === ''}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={shown ?? undefined} />
      {codes.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${label}: ${codes.length} added`}>
          {codes.map((code) => (
            <li key={code} className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-0.5 pl-2.5 text-sm font-medium text-secondary-foreground">
              {extra?.[code] ?? code}
              <button
                type="button"
                aria-label={`Remove ${extra?.[code] ?? code}`}
                onClick={() => onChange(codes.filter((c) => c !== code))}
                className="inline-flex size-6 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
