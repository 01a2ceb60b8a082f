import type { AdminPriceCheck } from '#shared/admin.ts'
import { formatPrice } from '#shared/format.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { DataTable, type Column } from './data-table.tsx'
import { OUTCOME_LABEL } from './labels.ts'
import { EmptyState } from './query-state.tsx'
import { TimeText } from './time-text.tsx'

const OUTCOME_VARIANT = { price: 'success', missing: 'warning', failed: 'destructive' } as const

/** The engine's checks of one alert, newest first. */
export function AlertChecksTable({ checks, currency }: { checks: readonly AdminPriceCheck[]; currency: string }) {
  if (checks.length === 0) return <EmptyState title="No checks yet">Each check of this alert appears here: when it was due, what it found, and whether it notified.</EmptyState>
  const columns: Column<AdminPriceCheck>[] = [
    { key: 'checked', header: 'Checked', cell: (check) => <TimeText value={check.checkedAt} /> },
    { key: 'due', header: 'Due', cell: (check) => <TimeText value={check.dueAt} empty="On demand" /> },
    { key: 'outcome', header: 'Outcome', cell: (check) => <Badge variant={OUTCOME_VARIANT[check.outcome]}>{OUTCOME_LABEL[check.outcome]}</Badge> },
    { key: 'price', header: 'Price', cell: (check) => (check.price === null ? '—' : formatPrice(check.price, currency)) },
    { key: 'cached', header: 'Cached', cell: (check) => (check.cached ? 'Yes' : 'No') },
    { key: 'notified', header: 'Notified', cell: (check) => (check.notified ? <Badge variant="default">Notified</Badge> : 'No') },
    { key: 'detail', header: 'Detail', cell: (check) => <span className="text-muted-foreground break-words">{check.detail ?? '—'}</span> },
  ]
  return <DataTable label="Checks" columns={columns} rows={checks} rowKey={(check) => check.id} />
}
