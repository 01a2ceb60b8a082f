import { useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, RefreshCw, RotateCw } from 'lucide-react'
import { useState } from 'react'
import { deliveryStatusLabel, type WebhookDeliveryView, type WebhookEndpointView } from '#shared/webhooks.ts'
import { Notice } from '../../components/notice.tsx'
import { Badge, type BadgeProps } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { api, errorMessage } from '../../lib/api-client.ts'
import { formatDateTime, formatRelative } from '../../lib/format.ts'
import { toast } from '../../stores/toast-store.ts'
import { deliveriesKey } from './webhooks-section-shared.tsx'

/** While a first attempt is due (a test event just sent), the log looks again this often. */
const WATCH_MS = 2_000

const BADGE: Record<string, BadgeProps['variant']> = { Delivered: 'success', Failed: 'destructive', Retrying: 'warning', Pending: 'muted' }

/** An endpoint's deliveries, newest first, a page at a time: status, answer, attempts, timing, the bodies, and Resend. */
export function WebhookDeliveryLog({ endpoint }: { endpoint: WebhookEndpointView }) {
  // The newest page is a query (refreshed while a first attempt is due); older pages are fetched on
  // demand and kept here. (useInfiniteQuery would bring its observer into the landing page's shared
  // chunk: decision 019's size budget.)
  const log = useQuery({
    queryKey: deliveriesKey(endpoint.id),
    queryFn: () => api('GET /api/me/webhooks/:id/deliveries', { params: { id: endpoint.id } }),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending' && d.attempts === 0) ? WATCH_MS : false),
  })
  const [older, setOlder] = useState<{ deliveries: WebhookDeliveryView[]; hasMore: boolean } | null>(null)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const loadOlder = async (shown: WebhookDeliveryView[]) => {
    setLoadingOlder(true)
    try {
      const before = shown.at(-1)?.id
      const page = await api('GET /api/me/webhooks/:id/deliveries', { params: { id: endpoint.id }, query: before ? new URLSearchParams({ before }) : '' })
      setOlder({ deliveries: [...(older?.deliveries ?? []), ...page.deliveries], hasMore: page.hasMore })
    } catch (error) {
      toast.error('Could not load older deliveries', errorMessage(error))
    } finally {
      setLoadingOlder(false)
    }
  }

  if (log.isPending) return <Skeleton className="h-16 w-full rounded-lg" />
  if (log.isError) {
    return (
      <Notice tone="error" icon={AlertTriangle}>
        <p>Could not load the delivery log. {errorMessage(log.error)}</p>
      </Notice>
    )
  }
  // The newest page may have moved on since older pages were loaded: each delivery once.
  const newest = new Set(log.data.deliveries.map((delivery) => delivery.id))
  const deliveries = [...log.data.deliveries, ...(older?.deliveries ?? []).filter((delivery) => !newest.has(delivery.id))]
  const hasMore = older ? older.hasMore : log.data.hasMore
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">Delivery log</h3>
        <Button size="sm" variant="ghost" loading={log.isRefetching} onClick={() => void log.refetch()}>
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {deliveries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No deliveries yet. Send a test event to try the endpoint.</p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label={`Deliveries to ${endpoint.url}`}>
          {deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} endpointEnabled={endpoint.enabled} />
          ))}
        </ul>
      )}
      {hasMore && (
        <Button size="sm" variant="outline" className="justify-self-center" loading={loadingOlder} onClick={() => void loadOlder(deliveries)}>
          Show older deliveries
        </Button>
      )}
    </div>
  )
}

function DeliveryRow({ delivery, endpointEnabled }: { delivery: WebhookDeliveryView; endpointEnabled: boolean }) {
  const queryClient = useQueryClient()
  const [resending, setResending] = useState(false)
  const label = deliveryStatusLabel(delivery)
  const resend = async () => {
    setResending(true)
    try {
      await api('POST /api/me/webhooks/deliveries/:id/resend', { params: { id: delivery.id } })
      toast.success('Delivery queued again', `Event ${delivery.eventId}`)
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(delivery.endpointId) })
    } catch (error) {
      toast.error('Could not resend', errorMessage(error))
    } finally {
      setResending(false)
    }
  }
  const facts = [
    delivery.responseStatus !== null ? `HTTP ${delivery.responseStatus}` : null,
    delivery.durationMs !== null ? `${delivery.durationMs} ms` : null,
    `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`,
  ].filter(Boolean)

  return (
    <li className="grid gap-2 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant={BADGE[label]}>{label}</Badge>
        <code className="text-xs">{delivery.eventType}</code>
        <span className="text-xs text-muted-foreground" title={formatDateTime(delivery.createdAt)}>
          {formatRelative(delivery.createdAt)}
        </span>
        <Button size="sm" variant="ghost" className="ml-auto" loading={resending} disabled={!endpointEnabled} onClick={() => void resend()}>
          <RotateCw aria-hidden="true" />
          Resend
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        {facts.join(' · ')}
        {delivery.nextAttemptAt && delivery.attempts > 0 && <span title={formatDateTime(delivery.nextAttemptAt)}> · next attempt {formatRelative(delivery.nextAttemptAt)}</span>}
      </p>
      {delivery.lastError && <p className="text-xs break-words text-destructive">{delivery.lastError}</p>}
      <details className="text-xs">
        <summary className="cursor-pointer text-muted-foreground select-none">Request and response</summary>
        <div className="mt-2 grid gap-2">
          <p className="break-words text-muted-foreground">Event {delivery.eventId}</p>
          <pre tabIndex={0} className="max-h-48 overflow-auto rounded bg-muted p-2 font-mono break-words whitespace-pre-wrap" aria-label="Event sent">
            {JSON.stringify(delivery.payload, null, 2)}
          </pre>
          <pre tabIndex={0} className="max-h-48 overflow-auto rounded bg-muted p-2 font-mono break-words whitespace-pre-wrap" aria-label="Response body">
            {delivery.responseBody === null ? 'No response yet.' : delivery.responseBody || '(empty body)'}
          </pre>
        </div>
      </details>
    </li>
  )
}
