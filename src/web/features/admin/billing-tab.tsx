import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { RefreshCcw } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { api, errorMessage } from '../../lib/api-client.ts'
import { adminBillingQuery, adminKeys, refreshAfterAction } from './api.ts'
import { FailedPaymentsTable } from './failed-payments-table.tsx'
import { count, statusText } from './labels.ts'
import { QueryError, TableSkeleton } from './query-state.tsx'
import { ReconcileReport } from './reconcile-report.tsx'
import { StatRows } from './stat-card.tsx'
import { TimeText } from './time-text.tsx'

/** Subscriptions by status, failed payments, and a reconciliation on demand. */
export function BillingTab() {
  const query = useQuery(adminBillingQuery)
  const queryClient = useQueryClient()
  const reconcile = useMutation({
    mutationFn: () => api('POST /api/admin/billing/reconcile', { json: {} }),
    onSettled: () => refreshAfterAction(queryClient, [adminKeys.billing, adminKeys.users]),
  })
  if (query.isError && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />
  const byStatus = Object.entries(query.data?.byStatus ?? {}).sort(([, a], [, b]) => b - a)
  return (
    <div className="grid gap-6">
      <div className="grid items-start gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Subscriptions by status</CardTitle>
          </CardHeader>
          <CardContent>
            {!query.data ? (
              <Skeleton className="h-24 w-full" />
            ) : byStatus.length === 0 ? (
              <p className="text-sm text-muted-foreground">No subscriptions yet: they appear here after a first checkout.</p>
            ) : (
              <StatRows rows={byStatus.map(([status, n]) => ({ label: statusText(status), value: count(n) }))} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Reconciliation</CardTitle>
            <CardDescription>
              Compares every subscription with the billing provider and repairs drift; it also runs daily. Last run:{' '}
              {query.data ? <TimeText value={query.data.lastReconciledAt} empty="never" /> : '…'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <Button className="justify-self-start" onClick={() => reconcile.mutate()} loading={reconcile.isPending}>
              {!reconcile.isPending && <RefreshCcw aria-hidden="true" />}
              Reconcile now
            </Button>
            <div role="status" aria-live="polite" className="empty:hidden">
              {reconcile.isSuccess && (
                <div className="grid gap-2 rounded-lg border border-success/40 bg-success/10 p-3">
                  <p className="text-sm font-medium">Reconciled just now</p>
                  <ReconcileReport report={reconcile.data.report} />
                </div>
              )}
            </div>
            {reconcile.isError && (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(reconcile.error)}
              </p>
            )}
          </CardContent>
        </Card>
      </div>
      <section aria-labelledby="admin-failed-payments" className="grid gap-3">
        <h2 id="admin-failed-payments" className="text-lg font-semibold">
          Failed payments
        </h2>
        {query.data ? <FailedPaymentsTable payments={query.data.failedPayments} /> : <TableSkeleton rows={3} label="Loading failed payments" />}
      </section>
    </div>
  )
}
