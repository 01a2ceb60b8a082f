import { Pencil, Search } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { isAlertEditable, type Alert, type AlertDetail } from '#shared/alerts/alert.ts'
import { searchFromAlertParams } from '#shared/alerts/alert-from-search.ts'
import { priceDropPercent } from '#shared/alerts/alert-text.ts'
import { formatPrice, formatRoute } from '#shared/format.ts'
import { AlertStatusBadge } from '../../components/alert-status-badge.tsx'
import { FareForecastLine } from '../../components/fare-forecast.tsx'
import { observedTripOf } from '#shared/flights/observed-history.ts'
import { Button } from '../../components/ui/button.tsx'
import { SheetDescription, SheetTitle } from '../../components/ui/sheet.tsx'
import { searchUrl } from '#shared/flights/search-url.ts'
import { AlertHistory } from './alert-history.tsx'
import { channelsText, datesText, displayStatus, frequencyLabel, isChecked, lastCheckedText, nextCheckText, ruleText } from './alert-labels.ts'
import { AlertNotifications } from './notifications-list.tsx'
import { TrackedSearchSummary } from './tracked-search-summary.tsx'

/** "Search now": the alert's search on the search page, sorted by price (section 9, sort_by 2). */
export function searchNowUrl(alert: Pick<Alert, 'search_parameters'>): string {
  const { params, filters } = searchFromAlertParams(alert.search_parameters)
  return searchUrl(params, filters)
}

/**
 * Everything about one alert: prices against the target, the full history chart, the tracked
 * search with "Search now", how it is checked, and its notifications with their delivery status
 * (from GET /api/alerts/:id/notifications, which the card's data alone can't show).
 */
export function AlertDetailBody({ alert, now, today, onEdit }: { alert: Alert | AlertDetail; now: number; today: string; onEdit: () => void }) {
  const { params, filters } = searchFromAlertParams(alert.search_parameters)
  const status = displayStatus(alert, today)
  const drop = priceDropPercent(alert.target_price, alert.lowest_price)
  const money = (amount: number | null) => (amount === null ? '—' : formatPrice(amount, alert.currency))
  const route = formatRoute(alert.origin_airport, alert.destination_airport, { multiCity: alert.search_parameters.type === 3 })
  return (
    // grid-cols-1 (minmax(0, 1fr)) lets the chart shrink with the panel instead of widening it.
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-2 pr-8">
        <SheetTitle className="break-words">{alert.name}</SheetTitle>
        <SheetDescription>{[route, alert.date_window ? '' : datesText(alert.departure_date, alert.return_date)].filter(Boolean).join(' · ')}</SheetDescription>
        <div>
          <AlertStatusBadge status={status} />
        </div>
      </div>

      <dl className="grid grid-cols-3 gap-3 rounded-lg border p-3">
        <Figure label="Target">{formatPrice(alert.target_price, alert.currency)}</Figure>
        <Figure label="Current price">{money(alert.current_price)}</Figure>
        <Figure label="Lowest seen">{money(alert.lowest_price)}</Figure>
        {drop !== null && <p className="col-span-3 text-sm font-medium text-success">{`${drop}% below target`}</p>}
      </dl>
      <p className="-mt-3 text-sm text-muted-foreground">{ruleText(alert)}</p>
      <FareForecastLine trip={observedTripOf(params, filters)} context="alert" />

      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild className="sm:flex-1">
          <Link to={searchNowUrl(alert)}>
            <Search aria-hidden="true" />
            Search now
          </Link>
        </Button>
        {isAlertEditable(alert, today) && (
          <Button variant="outline" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit alert
          </Button>
        )}
      </div>

      {alert.status_note && <p className="rounded-md bg-muted px-3 py-2 text-sm">{alert.status_note}</p>}

      <Section title="Price history">
        <AlertHistory prices={alert.prices} target={alert.target_price} currency={alert.currency} />
      </Section>

      <Section title="What it watches">
        <TrackedSearchSummary params={params} filters={filters} flights={alert.trackedFlights} />
      </Section>

      <Section title="Checks">
        <ul className="grid gap-1 text-sm">
          <li>{`${frequencyLabel(alert.check_frequency)} · ${channelsText(alert.notification_channels)}`}</li>
          <li className="text-muted-foreground">{`${lastCheckedText(alert.last_checked_at, now)} · ${nextCheckText(isChecked(status) ? alert.next_check_at : null, now)}`}</li>
        </ul>
      </Section>

      <Section title="Recent notifications">
        <AlertNotifications alertId={alert.id} currency={alert.currency} />
      </Section>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid grid-cols-1 gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  )
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{children}</dd>
    </div>
  )
}
