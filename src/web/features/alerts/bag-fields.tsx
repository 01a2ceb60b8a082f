import { useId } from 'react'
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form'
import type { AlertBags } from '#shared/flights/bag-fees.ts'
import { Label } from '../../components/ui/label.tsx'
import { NativeSelect } from '../../components/ui/native-select.tsx'

interface BagErrors {
  carry_on?: { message?: string }
  checked?: { message?: string }
  message?: string
}

const CARRY_ON = [
  { value: 0, label: 'No carry-on bag' },
  { value: 1, label: '1 carry-on bag' },
]
const CHECKED = [
  { value: 0, label: 'No checked bag' },
  { value: 1, label: '1 checked bag' },
  { value: 2, label: '2 checked bags' },
]

/**
 * Bag-inclusive alerts (issue 17): the bags each traveller takes, so the target applies to the
 * fare plus their fees (shared/flights/bag-fees.ts). Validation is the form's resolver's, with
 * alertBagsSchema.
 */
export function BagFields<T extends FieldValues>({ control, name }: { control: Control<T>; name: FieldPathByValue<T, AlertBags | { carry_on?: unknown; checked?: unknown } | undefined> }) {
  const id = useId()
  // Taken apart so the field's ref is only handed on, never read while rendering.
  const { field: { value, onChange, onBlur, ref: focusRef }, fieldState } = useController({ control, name })
  const bags = (value ?? {}) as { carry_on?: unknown; checked?: unknown }
  const errors = fieldState.error as BagErrors | undefined
  const message = errors?.carry_on?.message ?? errors?.checked?.message ?? errors?.message
  const set = (patch: Partial<AlertBags>) => onChange({ carry_on: Number(bags.carry_on ?? 0), checked: Number(bags.checked ?? 0), ...patch })
  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-note${message ? ` ${id}-error` : ''}`}>
      <legend className="mb-1 text-sm font-medium">Bags</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-carry-on`}>Carry-on bags</Label>
          <NativeSelect
            ref={focusRef}
            id={`${id}-carry-on`}
            aria-invalid={errors?.carry_on ? true : undefined}
            value={String(bags.carry_on ?? 0)}
            onChange={(event) => set({ carry_on: Number(event.target.value) })}
            onBlur={onBlur}
          >
            {CARRY_ON.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-checked`}>Checked bags</Label>
          <NativeSelect
            id={`${id}-checked`}
            aria-invalid={errors?.checked ? true : undefined}
            value={String(bags.checked ?? 0)}
            onChange={(event) => set({ checked: Number(event.target.value) })}
            onBlur={onBlur}
          >
            {CHECKED.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <p id={`${id}-note`} className="text-xs text-muted-foreground">
        Prices include these bags, for each traveller.
      </p>
      {message && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {message}
        </p>
      )}
    </fieldset>
  )
}
