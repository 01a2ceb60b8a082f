import { BellOff, WifiOff } from 'lucide-react'
import { useMemo } from 'react'
import { Notice } from '../../components/notice.tsx'
import { AlertCard } from './alert-card.tsx'
import { ALERT_LIST_HEADING_ID } from './alert-list-states.tsx'
import { AlertFiltersBar } from './alert-filters-bar.tsx'
import { AlertsHeader } from './alerts-header.tsx'
import { readSavedAlertList, savedAtText } from './offline-alerts.ts'

/** Why the live list can't be had: no network at all, or a network that doesn't reach FareDrop. */
export type OfflineReason = 'offline' | 'unreachable'

const HEADLINE: Record<OfflineReason, string> = { offline: "You're offline.", unreachable: "FareDrop can't be reached." }
export const CHANGES_OFF = "changes are off until you're back online."
export const NOTHING_SAVED = "Your alerts will show here once you're back online."

/**
 * /alerts without the network (decision 035): the list last loaded on this device, read-only, and
 * how old it is. Prices, quota and check times are as of then, which the notice says; the quota
 * and anything that writes stay off, since the server can't be asked. The screen goes back to the
 * live list by itself once the network returns (alerts-screen.tsx).
 */
export function OfflineAlertsScreen({ reason, userId, now, today }: { reason: OfflineReason; userId: string | undefined; now: number; today: string }) {
  const saved = useMemo(() => (userId ? readSavedAlertList(userId) : null), [userId])
  return (
    <div className="grid gap-6">
      <AlertsHeader offline />
      <Notice tone="warning" icon={WifiOff}>
        <p className="font-medium">
          {saved
            ? `${HEADLINE[reason]} Showing your alerts as of ${savedAtText(saved.savedAt, now)} — ${CHANGES_OFF}`
            : `${HEADLINE[reason]} ${NOTHING_SAVED}`}
        </p>
      </Notice>
      {saved && (
        <>
          <AlertFiltersBar readOnly={saved.value.filters} />
          {saved.value.alerts.length === 0 ? (
            <p className="flex items-center justify-center gap-2 rounded-xl border border-dashed px-6 py-12 text-sm text-muted-foreground">
              <BellOff className="size-4" aria-hidden="true" />
              No alerts matched these filters when the list was last loaded.
            </p>
          ) : (
            <div className="grid gap-3">
              <h2 id={ALERT_LIST_HEADING_ID} className="sr-only">
                Alerts
              </h2>
              <ul aria-labelledby={ALERT_LIST_HEADING_ID} className="grid gap-4">
                {saved.value.alerts.map((alert) => (
                  <li key={alert.id}>
                    <AlertCard alert={alert} now={now} today={today} readOnly />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </div>
  )
}
