import { Ban, Play, RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import type { AdminAlertDetail as Detail } from '#shared/admin.ts'
import { formatPrice } from '#shared/format.ts'
import { AlertStatusBadge } from '../../components/alert-status-badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { SheetDescription, SheetTitle } from '../../components/ui/sheet.tsx'
import { AlertChecksTable } from './alert-checks-table.tsx'
import { AlertNoticesTable } from './alert-notices-table.tsx'
import { AlertPrices } from './alert-prices.tsx'
import { datesText } from './alert-table.tsx'
import { frequencyLabel } from './labels.ts'
import { StatRows } from './stat-card.tsx'
import { TimeText } from './time-text.tsx'
import { useAlertAction } from './use-alert-actions.ts'

/** The alert's facts and actions, then its checks, prices and notices. */
export function AdminAlertDetail({ detail }: { detail: Detail }) {
  const { alert } = detail
  const action = useAlertAction(alert.id, alert.name)
  const money = (value: number | null) => (value === null ? '—' : formatPrice(value, alert.currency))
  const busy = action.isPending ? action.variables : null
  return (
    <div className="grid gap-6">
      <div className="grid gap-2 pr-8">
        <SheetTitle>{alert.name}</SheetTitle>
        <SheetDescription>
          {alert.userEmail} · {alert.route} · {datesText(alert)}
        </SheetDescription>
        <div className="flex flex-wrap items-center gap-2">
          <AlertStatusBadge status={alert.status} />
          {alert.statusNote && <span className="text-sm text-muted-foreground">{alert.statusNote}</span>}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => action.mutate('check')} loading={busy === 'check'} disabled={action.isPending}>
          {busy !== 'check' && <RefreshCw aria-hidden="true" />}
          Check now
        </Button>
        {alert.status === 'disabled' ? (
          <Button size="sm" variant="outline" onClick={() => action.mutate('enable')} loading={busy === 'enable'} disabled={action.isPending}>
            {busy !== 'enable' && <Play aria-hidden="true" />}
            Re-enable
          </Button>
        ) : (
          <Button size="sm" variant="outline" className="text-destructive" onClick={() => action.mutate('disable')} loading={busy === 'disable'} disabled={action.isPending}>
            {busy !== 'disable' && <Ban aria-hidden="true" />}
            Disable
          </Button>
        )}
      </div>
      <StatRows
        className="sm:grid-cols-2 sm:gap-x-8"
        rows={[
          { label: 'Target', value: money(alert.targetPrice) },
          { label: 'Current', value: money(alert.currentPrice) },
          { label: 'Lowest', value: money(alert.lowestPrice) },
          { label: 'Frequency', value: frequencyLabel(alert.checkFrequency) },
          { label: 'Next check', value: <TimeText value={alert.nextCheckAt} empty="Not scheduled" /> },
          { label: 'Last check', value: <TimeText value={alert.lastCheckedAt} empty="Never" /> },
          { label: 'Created', value: <TimeText value={alert.createdAt} /> },
        ]}
      />
      <DetailSection title={`Checks (${detail.checks.length})`}>
        <AlertChecksTable checks={detail.checks} currency={alert.currency} />
      </DetailSection>
      <DetailSection title={`Prices (${detail.prices.length})`}>
        <AlertPrices prices={detail.prices} target={alert.targetPrice} currency={alert.currency} />
      </DetailSection>
      <DetailSection title={`Notices (${detail.notices.length})`}>
        <AlertNoticesTable notices={detail.notices} currency={alert.currency} />
      </DetailSection>
    </div>
  )
}

function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  )
}
