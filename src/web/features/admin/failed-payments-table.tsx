import type { AdminBillingSummary } from '#shared/admin.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { DataTable, type Column } from './data-table.tsx'
import { EmailText } from './email-text.tsx'
import { priceText, statusText } from './labels.ts'
import { EmptyState } from './query-state.tsx'
import { TimeText } from './time-text.tsx'

type FailedPayment = AdminBillingSummary['failedPayments'][number]

/** Subscriptions whose last payment failed, newest first. */
export function FailedPaymentsTable({ payments }: { payments: readonly FailedPayment[] }) {
  if (payments.length === 0) return <EmptyState title="No failed payments">Subscriptions whose last payment failed (past due or unpaid) appear here.</EmptyState>
  const columns: Column<FailedPayment>[] = [
    { key: 'user', header: 'User', primary: true, cell: (payment) => <EmailText email={payment.userEmail} className="font-medium" /> },
    { key: 'price', header: 'Price', cell: (payment) => priceText(payment.priceId) },
    { key: 'status', header: 'Status', cell: (payment) => <Badge variant="warning">{statusText(payment.status)}</Badge> },
    { key: 'provider', header: 'Provider', cell: (payment) => (payment.provider === 'local' ? 'Local test mode' : statusText(payment.provider)) },
    { key: 'period-end', header: 'Period end', cell: (payment) => <TimeText value={payment.currentPeriodEnd} /> },
    { key: 'failed-at', header: 'Failed', cell: (payment) => <TimeText value={payment.failedAt} empty="Unknown" /> },
  ]
  return <DataTable label="Failed payments" columns={columns} rows={payments} rowKey={(payment) => payment.subscriptionId} />
}
