import type { AlertStatus } from '#shared/alert-status.ts'
import type { Db } from '../db/client.ts'
import type { alerts, AlertNotificationPayload } from '../db/schema.ts'
import { queueWebhookEvents, type RaisedEvent } from './queue-events.ts'

type AlertFields = Pick<typeof alerts.$inferSelect, 'id' | 'userId' | 'name' | 'clientId'>

/** A price event the engine notifies about (the notice's own words and links). */
export interface AlertTriggered {
  alert: AlertFields & Pick<typeof alerts.$inferSelect, 'targetPrice' | 'currency' | 'departureDate' | 'returnDate'>
  /** The engine's key of the price event (its triggering observation). */
  eventKey: string
  price: number
  lowestPrice: number | null
  notice: Pick<AlertNotificationPayload, 'route' | 'bookingUrl'>
}

/**
 * `alert.triggered` for each price event, in the engine's write (price-checks/queue-notifications.ts),
 * keyed by the event as the notices are: a check retried after a crash queues nothing new.
 */
export function queueAlertTriggeredEvents(tx: Db, triggers: readonly AlertTriggered[], now: Date): Promise<number> {
  return queueWebhookEvents(
    tx,
    triggers.map(({ alert, eventKey, price, lowestPrice, notice }): RaisedEvent<'alert.triggered'> => ({
      userId: alert.userId,
      type: 'alert.triggered',
      key: `alert.triggered:${alert.id}:${eventKey}`,
      data: {
        alert_id: alert.id,
        name: alert.name,
        route: notice.route,
        departure_date: alert.departureDate,
        return_date: alert.returnDate,
        target_price: alert.targetPrice,
        price,
        currency: alert.currency,
        lowest_price: lowestPrice,
        booking_url: notice.bookingUrl,
        client_id: alert.clientId,
      },
    })),
    now,
  )
}

export interface AlertStatusChange {
  alert: AlertFields
  from: AlertStatus
  to: AlertStatus
  /** Why, when FareDrop made the change (the alert's status note); null for the owner's own. */
  note: string | null
}

/**
 * `alert.status_changed` for every change of an alert's stored status, in the transaction that
 * writes it. The one function every place that changes a status calls (the engine, the owner's
 * pause and resume, plan changes, support's disable and enable; decision 044); entries whose status
 * did not change are left out, so callers may pass every alert they wrote.
 */
export function queueAlertStatusChanges(tx: Db, changes: readonly AlertStatusChange[], now: Date): Promise<number> {
  return queueWebhookEvents(
    tx,
    changes
      .filter((change) => change.from !== change.to)
      .map(({ alert, from, to, note }): RaisedEvent<'alert.status_changed'> => ({
        userId: alert.userId,
        type: 'alert.status_changed',
        // The same change at the same moment is one event, however often the write is retried.
        key: `alert.status_changed:${alert.id}:${from}:${to}:${now.toISOString()}`,
        data: { alert_id: alert.id, name: alert.name, from, to, status_note: note, client_id: alert.clientId },
      })),
    now,
  )
}
