import { useId, type ReactNode } from 'react'
import { Label } from '../../components/ui/label.tsx'
import { NativeSelect } from '../../components/ui/native-select.tsx'
import { cn } from '../../lib/cn.ts'

/** A labelled native select of (value, label) options. */
export function SelectField<V extends string>({
  label,
  value,
  onChange,
  options,
  className,
  hint,
}: {
  label: string
  value: V
  onChange: (value: V) => void
  options: readonly { value: V; label: string }[]
  className?: string
  hint?: ReactNode
}) {
  const id = useId()
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value as V)} aria-describedby={hint ? `${id}-hint` : undefined}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  )
}
