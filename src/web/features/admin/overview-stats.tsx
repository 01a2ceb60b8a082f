import { Activity, Bell, CircleDollarSign, Plane, Send, Users } from 'lucide-react'
import { Link } from 'react-router'
import { NOTICE_CHANNELS, type AdminOverview } from '#shared/admin.ts'
import { ALERT_STATUSES, ALERT_STATUS_LABEL } from '#shared/alert-status.ts'
import { formatPrice } from '#shared/format.ts'
import { PLAN_IDS } from '#shared/plans.ts'
import { adminTabHref } from './admin-tab-href.ts'
import { CHANNEL_LABEL, count, formatLag, formatRatio, priceText, tierLabel } from './labels.ts'
import { StatCard, StatRows } from './stat-card.tsx'

const money = (amount: number) => formatPrice(Math.round(amount * 100) / 100, 'USD')

/** The overview's figures, one card per group. */
export function OverviewStats({ overview }: { overview: AdminOverview }) {
  const { users, alerts, checks, priceDrops, notices, provider, billing } = overview
  const sentLast7Days = NOTICE_CHANNELS.reduce((sum, channel) => sum + notices.byChannel[channel].sent, 0)
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard id="users" icon={Users} title="Users" value={count(users.total)} caption={`${count(users.newLast7Days)} new in the last 7 days`}>
        <StatRows
          rows={[
            { label: 'Verified', value: count(users.verified) },
            { label: 'Admins', value: count(users.admins) },
            { label: 'Disabled', value: count(users.disabled), tone: users.disabled > 0 ? 'warning' : undefined },
            { label: 'Active sessions', value: count(users.activeSessions) },
          ]}
        />
        <StatRows className="border-t pt-3" rows={PLAN_IDS.map((tier) => ({ label: tierLabel(tier), value: count(users.byTier[tier]) }))} />
      </StatCard>

      <StatCard id="alerts" icon={Bell} title="Alerts" value={count(alerts.live)} caption="live (active, price alert, at risk)">
        <StatRows rows={ALERT_STATUSES.map((status) => ({ label: ALERT_STATUS_LABEL[status], value: count(alerts.byStatus[status]) }))} />
      </StatCard>

      <StatCard id="checks" icon={Activity} title="Price checks" value={count(checks.lastHour)} caption={`in the last hour · ${count(checks.lastDay)} in the last day`}>
        <StatRows
          rows={[
            { label: 'Failed (last day)', value: count(checks.failedLastDay), tone: checks.failedLastDay > 0 ? 'danger' : undefined },
            { label: 'Lag p50', value: formatLag(checks.lagP50Seconds) },
            { label: 'Lag p95', value: formatLag(checks.lagP95Seconds) },
            { label: 'Overdue now', value: count(checks.overdue), tone: checks.overdue > 0 ? 'warning' : undefined },
          ]}
        />
        <StatRows
          className="border-t pt-3"
          rows={[
            { label: 'Price drops (last day)', value: count(priceDrops.lastDay) },
            { label: 'Price drops (7 days)', value: count(priceDrops.last7Days) },
          ]}
        />
      </StatCard>

      <StatCard id="notices" icon={Send} title="Notices" value={count(sentLast7Days)} caption="sent in the last 7 days">
        <table aria-label="Notices by channel, last 7 days" className="w-full text-sm tabular-nums">
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="pb-1 text-left font-medium">
                Channel
              </th>
              <th scope="col" className="pb-1 text-right font-medium">
                Sent
              </th>
              <th scope="col" className="pb-1 text-right font-medium">
                Failed
              </th>
              <th scope="col" className="pb-1 text-right font-medium">
                Pending
              </th>
            </tr>
          </thead>
          <tbody>
            {NOTICE_CHANNELS.map((channel) => {
              const row = notices.byChannel[channel]
              return (
                <tr key={channel}>
                  <th scope="row" className="py-0.5 text-left font-normal text-muted-foreground">
                    {CHANNEL_LABEL[channel]}
                  </th>
                  <td className="text-right font-medium">{count(row.sent)}</td>
                  <td className={row.failed > 0 ? 'text-right font-medium text-destructive' : 'text-right font-medium'}>{count(row.failed)}</td>
                  <td className="text-right font-medium">{count(row.pending)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
        <div className="flex items-baseline justify-between gap-3 border-t pt-3 text-sm">
          <span className="text-muted-foreground">Dead letters</span>
          <span className="flex items-baseline gap-2">
            <span className={notices.dead > 0 ? 'font-medium text-destructive tabular-nums' : 'font-medium tabular-nums'}>{count(notices.dead)}</span>
            {notices.dead > 0 && (
              <Link to={adminTabHref('notifications')} className="text-primary underline-offset-4 hover:underline">
                Review
              </Link>
            )}
          </span>
        </div>
      </StatCard>

      <ProviderCard provider={provider} />

      <StatCard id="revenue" icon={CircleDollarSign} title="Revenue" value={money(billing.mrr)} caption="monthly recurring revenue">
        <StatRows
          rows={[
            { label: 'Active subscriptions', value: count(billing.activeSubscriptions) },
            { label: 'Past due', value: count(billing.pastDue), tone: billing.pastDue > 0 ? 'warning' : undefined },
          ]}
        />
        {billing.byPrice.length > 0 && (
          <StatRows
            className="border-t pt-3"
            rows={billing.byPrice.map((price) => ({ label: priceText(price.priceId), value: `${count(price.subscriptions)} · ${money(price.mrr)}` }))}
          />
        )}
      </StatCard>
    </div>
  )
}

function ProviderCard({ provider }: { provider: AdminOverview['provider'] }) {
  const { dailyBudget: budget, callsToday } = provider
  const used = budget ? Math.min(1, callsToday / budget) : null
  return (
    <StatCard
      id="provider"
      icon={Plane}
      title="Flight provider"
      value={budget ? `${count(callsToday)} / ${count(budget)}` : count(callsToday)}
      caption={budget ? `calls today of the daily budget (${Math.round((used ?? 0) * 100)}% used)` : 'calls today · no daily budget'}
    >
      {used !== null && (
        <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
          <div className={used >= 0.9 ? 'h-full bg-destructive' : used >= 0.7 ? 'h-full bg-warning' : 'h-full bg-primary'} style={{ width: `${used * 100}%` }} />
        </div>
      )}
      <StatRows
        rows={[
          { label: 'Provider', value: provider.name },
          { label: 'Cache hit ratio (last day)', value: formatRatio(provider.cacheHitRatio) },
          ...(budget ? [{ label: 'Calls left today', value: count(Math.max(0, budget - callsToday)), tone: used !== null && used >= 0.9 ? ('danger' as const) : undefined }] : []),
        ]}
      />
      <SpendRows month={provider.month} />
    </StatCard>
  )
}

/** What the provider costs this month (issue 17: at most 15 % of what paying users pay). */
function SpendRows({ month }: { month: AdminOverview['provider']['month'] }) {
  const share = month.shareOfRevenue
  return (
    <StatRows
      className="border-t pt-3"
      rows={[
        { label: `Spend this month (${count(month.calls)} ${month.calls === 1 ? 'call' : 'calls'} at $${month.pricePerCall} each)`, value: money(month.spend) },
        { label: 'Per paying user, at this month’s pace', value: month.perPayingUser === null ? '—' : money(month.perPayingUser) },
        {
          label: 'Share of revenue (goal ≤ 15%)',
          value: share === null ? '—' : `${Math.round(share * 1000) / 10}%`,
          tone: share !== null && share > 0.15 ? ('danger' as const) : undefined,
        },
      ]}
    />
  )
}
