import { BellRing, CalendarClock, CalendarRange, Crown, Info, Luggage, Mail, Moon, Newspaper, Radar, TrendingDown } from 'lucide-react'
import { ClientBadge } from '../clients/index.ts'
import type { ReactNode } from 'react'
import { isAlertEditable, isAlertExpired, type Alert } from '#shared/alerts/alert.ts'
import { priceDropPercent } from '#shared/alerts/alert-text.ts'
import { quietHoursText } from '#shared/alerts/quiet-hours.ts'
import { dailyDigestText } from '#shared/alerts/daily-digest.ts'
import { bagsText, windowLine } from './alert-labels.ts'
import { formatPrice, formatRoute } from '#shared/format.ts'
import { AlertStatusBadge } from '../../components/alert-status-badge.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import { AlertCardActions } from './alert-card-actions.tsx'
import { channelsText, datesText, displayStatus, frequencyLabel, isChecked, lastCheckedText, nextCheckText, ruleText } from './alert-labels.ts'
import { PriceSparkline } from './price-sparkline.tsx'

/**
 * One alert in the list (ux-and-performance B2): what is watched, the target against today's and
 * the lowest price seen, a sparkline, how and when it is checked, and its actions (`readOnly`: all
 * shown, none usable, for the list saved for offline use).
 */
export function AlertCard({ alert, now, today, readOnly = false }: { alert: Alert; now: number; today: string; readOnly?: boolean }) {
  const expired = isAlertExpired(alert, today)
  const status = displayStatus(alert, today)
  const drop = priceDropPercent(alert.target_price, alert.lowest_price)
  const money = (amount: number | null) => (amount === null ? '—' : formatPrice(amount, alert.currency))
  const route = formatRoute(alert.origin_airport, alert.destination_airport, { multiCity: alert.search_parameters.type === 3 })
  const titleId = `alert-${alert.id}-title`

  return (
    <article aria-labelledby={titleId} className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="grid min-w-0 gap-1">
          <h3 id={titleId} className="text-base leading-snug font-semibold break-words">
            {alert.name}
          </h3>
          <p className="text-sm text-muted-foreground">
            {[route, alert.date_window ? '' : datesText(alert.departure_date, alert.return_date), alert.alertType === 'flight' ? 'Flight alert' : 'Route alert'].filter(Boolean).join(' · ')}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          {alert.client_id && <ClientBadge clientId={alert.client_id} />}
          {alert.alert_category === 'premium' && (
            <Badge variant="outline" className="border-amber-500/50 text-amber-800 dark:text-amber-300">
              <Crown aria-hidden="true" />
              Premium
            </Badge>
          )}
          <AlertStatusBadge status={status} />
        </div>
      </header>

      <div className="flex flex-wrap items-end justify-between gap-4">
        <dl className="grid grid-cols-3 gap-x-4 gap-y-1 sm:gap-x-8">
          <Figure label="Target">{formatPrice(alert.target_price, alert.currency)}</Figure>
          <Figure label="Current price">{money(alert.current_price)}</Figure>
          <Figure label="Lowest seen">{money(alert.lowest_price)}</Figure>
        </dl>
        <PriceSparkline prices={alert.prices} target={alert.target_price} currency={alert.currency} />
      </div>

      {drop !== null && (
        <p className="flex items-center gap-1.5 text-sm font-medium text-success">
          <TrendingDown className="size-4" aria-hidden="true" />
          {`${drop}% below target`}
        </p>
      )}

      {alert.status_note && (
        <p className="flex gap-2 rounded-md bg-muted px-3 py-2 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {alert.status_note}
        </p>
      )}

      <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted-foreground" aria-label="How it is checked">
        <Meta icon={<BellRing />}>{ruleText(alert)}</Meta>
        {alert.quiet_hours && <Meta icon={<Moon />}>{quietHoursText(alert.quiet_hours)}</Meta>}
        {alert.digest && <Meta icon={<Newspaper />}>{dailyDigestText(alert.digest)}</Meta>}
        {alert.date_window && <Meta icon={<CalendarRange />}>{windowLine(alert)}</Meta>}
        {alert.bags && <Meta icon={<Luggage />}>{bagsText(alert.bags)}</Meta>}
        <Meta icon={<Mail />}>{channelsText(alert.notification_channels)}</Meta>
        <Meta icon={<Radar />}>{frequencyLabel(alert.check_frequency)}</Meta>
        <Meta icon={<CalendarClock />}>{`${lastCheckedText(alert.last_checked_at, now)} · ${nextCheckText(isChecked(status) ? alert.next_check_at : null, now)}`}</Meta>
      </ul>

      <AlertCardActions alert={alert} editable={isAlertEditable(alert, today)} expired={expired} readOnly={readOnly} />
    </article>
  )
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-base font-semibold tabular-nums sm:text-lg">{children}</dd>
    </div>
  )
}

function Meta({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-1.5 [&_svg]:size-3.5 [&_svg]:shrink-0">
      <span aria-hidden="true">{icon}</span>
      {children}
    </li>
  )
}
