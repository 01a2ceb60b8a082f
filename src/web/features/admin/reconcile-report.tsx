import { compactValue, keyLabel } from './compact-value.ts'

/** What a reconciliation reported, as a key/value list. */
export function ReconcileReport({ report }: { report: Record<string, unknown> }) {
  const entries = Object.entries(report)
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">The reconciliation reported nothing.</p>
  return (
    <dl className="grid gap-1.5 text-sm">
      {entries.map(([key, value]) => (
        <div key={key} className="flex items-baseline justify-between gap-4">
          <dt className="shrink-0 text-muted-foreground">{keyLabel(key)}</dt>
          <dd className="min-w-0 text-right font-medium break-words tabular-nums">{compactValue(value)}</dd>
        </div>
      ))}
    </dl>
  )
}
