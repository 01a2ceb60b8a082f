import { useId, type ReactNode } from 'react'
import type { SearchFilters } from '#shared/flights/search-params.ts'
import { Label } from '../../../../components/ui/label.tsx'
import { Switch } from '../../../../components/ui/switch.tsx'
import { useSearchStore } from '../../../../stores/search-store.ts'
import { useSearchFormContext } from '../form-context.tsx'

/** What every filter section needs: the search as it stands, a patch setter, and the form's error and focus hooks. */
export function useFilterSection() {
  const params = useSearchStore((state) => state.params)
  const filters = useSearchStore((state) => state.filters)
  const setFilters = useSearchStore((state) => state.setFilters)
  const { errorFor, fieldRef } = useSearchFormContext()
  return { id: useId(), params, filters, set: (patch: Partial<SearchFilters>) => setFilters(patch), errorFor, fieldRef }
}

/** One titled group of the "More filters" panel. */
export function Section({ title, children, description }: { title: string; description?: ReactNode; children: ReactNode }) {
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

export function SelectField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId()
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
    </div>
  )
}

export function SwitchRow({
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
export function parseWhole(value: string): number | undefined {
  if (value.trim() === '') return undefined
  const n = Math.floor(Number(value))
  return Number.isFinite(n) && n >= 0 ? n : undefined
}

