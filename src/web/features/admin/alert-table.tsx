import type { AdminAlertRow } from '#shared/admin.ts'
import { formatPrice, formatShortDate } from '#shared/format.ts'
import { AlertStatusBadge } from '../../components/alert-status-badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { DataTable, type Column } from './data-table.tsx'
import { EmailText } from './email-text.tsx'
import { frequencyLabel } from './labels.ts'
import { TimeText } from './time-text.tsx'

const price = (value: number | null, currency: string) => (value === null ? <span className="text-muted-foreground">—</span> : formatPrice(value, currency))

export function datesText(alert: Pick<AdminAlertRow, 'departureDate' | 'returnDate'>): string {
  if (!alert.departureDate) return 'Any dates'
  return alert.returnDate ? `${formatShortDate(alert.departureDate)} – ${formatShortDate(alert.returnDate)}` : formatShortDate(alert.departureDate)
}

/** Every alert found; a name opens its detail. */
export function AlertTable({ alerts, onOpen }: { alerts: readonly AdminAlertRow[]; onOpen: (id: string) => void }) {
  const columns: Column<AdminAlertRow>[] = [
    {
      key: 'alert',
      header: 'Alert',
      primary: true,
      cell: (alert) => (
        <div className="grid min-w-0 gap-0.5 md:min-w-48 md:max-w-64">
          <Button variant="link" className="h-auto justify-start p-0 text-left font-medium whitespace-normal" onClick={() => onOpen(alert.id)}>
            {alert.name}
          </Button>
          <EmailText email={alert.userEmail} className="text-muted-foreground" />
        </div>
      ),
    },
    { key: 'route', header: 'Route', cell: (alert) => <span className="whitespace-nowrap">{alert.route}</span> },
    { key: 'dates', header: 'Dates', cell: (alert) => <span className="whitespace-nowrap">{datesText(alert)}</span> },
    { key: 'status', header: 'Status', cell: (alert) => <AlertStatusBadge status={alert.status} /> },
    {
      key: 'prices',
      header: 'Target / current / lowest',
      label: 'Target / current / lowest',
      cell: (alert) => (
        <span className="whitespace-nowrap tabular-nums">
          {price(alert.targetPrice, alert.currency)} / {price(alert.currentPrice, alert.currency)} / {price(alert.lowestPrice, alert.currency)}
        </span>
      ),
    },
    { key: 'frequency', header: 'Frequency', cell: (alert) => <span className="whitespace-nowrap">{frequencyLabel(alert.checkFrequency)}</span> },
    {
      key: 'checks',
      header: 'Next / last check',
      cell: (alert) => (
        <div className="grid gap-0.5">
          <TimeText value={alert.nextCheckAt} empty="Not scheduled" />
          <span className="text-xs text-muted-foreground">
            last <TimeText value={alert.lastCheckedAt} empty="never" />
          </span>
        </div>
      ),
    },
  ]
  return <DataTable label="Alerts" columns={columns} rows={alerts} rowKey={(alert) => alert.id} />
}
