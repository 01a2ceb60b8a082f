import { useQueryClient } from '@tanstack/react-query'
import { ChevronDown, Eye, MoreHorizontal, RefreshCw, Send, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { WEBHOOK_EVENT_LABELS, type WebhookEndpointView } from '#shared/webhooks.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx'
import { Switch } from '../../components/ui/switch.tsx'
import { api, errorMessage } from '../../lib/api-client.ts'
import { cn } from '../../lib/cn.ts'
import { toast } from '../../stores/toast-store.ts'
import { WebhookDeliveryLog } from './webhooks-section-deliveries.tsx'
import { deliveriesKey, webhooksQuery, type ShownSecret } from './webhooks-section-shared.tsx'

type Action = 'enabled' | 'test' | 'reveal' | 'rotate' | 'delete'

/**
 * One endpoint: its URL, events and on/off switch; sending a test event, the signing secret (reveal,
 * rotate), deleting it; and its delivery log, opened on demand so the list costs one request.
 */
export function WebhookEndpointItem({ endpoint, onSecret }: { endpoint: WebhookEndpointView; onSecret: (shown: ShownSecret) => void }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState<Action | null>(null)
  const [logOpen, setLogOpen] = useState(false)
  const logId = useId()
  const params = { id: endpoint.id }

  const run = async (action: Action, work: () => Promise<void>, failure: string) => {
    setBusy(action)
    try {
      await work()
    } catch (error) {
      toast.error(failure, errorMessage(error))
    } finally {
      setBusy(null)
    }
  }
  const refreshList = () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey })

  const setEnabled = (enabled: boolean) =>
    run(
      'enabled',
      async () => {
        await api('PATCH /api/me/webhooks/:id', { params, json: { enabled } })
        await refreshList()
      },
      enabled ? 'Could not enable the endpoint' : 'Could not disable the endpoint',
    )
  const sendTest = () =>
    run(
      'test',
      async () => {
        await api('POST /api/me/webhooks/:id/test', { params })
        toast.success('Test event queued', 'It goes out within seconds; the delivery log shows the answer.')
        setLogOpen(true)
        await queryClient.invalidateQueries({ queryKey: deliveriesKey(endpoint.id) })
      },
      'Could not send a test event',
    )
  const reveal = () =>
    run(
      'reveal',
      async () => {
        const { secret } = await api('GET /api/me/webhooks/:id/secret', { params })
        onSecret({ endpointId: endpoint.id, url: endpoint.url, secret, reason: 'revealed' })
      },
      'Could not show the secret',
    )
  const rotate = () => {
    if (!window.confirm('Rotate the signing secret? The current one stops working at once: your receiver needs the new one.')) return
    void run(
      'rotate',
      async () => {
        const { secret } = await api('POST /api/me/webhooks/:id/secret', { params })
        onSecret({ endpointId: endpoint.id, url: endpoint.url, secret, reason: 'rotated' })
      },
      'Could not rotate the secret',
    )
  }
  const remove = () => {
    if (!window.confirm(`Delete the endpoint ${endpoint.url}? Its delivery log is deleted with it.`)) return
    void run(
      'delete',
      async () => {
        await api('DELETE /api/me/webhooks/:id', { params })
        toast.success('Endpoint deleted', endpoint.url)
        await refreshList()
      },
      'Could not delete the endpoint',
    )
  }

  return (
    <li className="grid gap-3 p-3 sm:p-4">
      <div className="flex items-start gap-2 sm:gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="font-mono text-sm break-all">{endpoint.url}</p>
          {endpoint.description && <p className="text-sm text-muted-foreground">{endpoint.description}</p>}
          <div className="flex flex-wrap items-center gap-1.5">
            {endpoint.events.map((type) => (
              <Badge key={type} variant="secondary" title={type}>
                {WEBHOOK_EVENT_LABELS[type].title}
              </Badge>
            ))}
            {!endpoint.enabled && <Badge variant="muted">Disabled</Badge>}
          </div>
        </div>
        <Switch
          checked={endpoint.enabled}
          disabled={busy === 'enabled'}
          onCheckedChange={(checked) => void setEnabled(checked)}
          aria-label={`Send events to ${endpoint.url}`}
          className="mt-1.5"
        />
        {/* The secret and deleting, used seldom, behind "More": the everyday actions get the room. */}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="icon" variant="ghost" className="size-9" loading={busy === 'reveal' || busy === 'rotate' || busy === 'delete'} aria-label={`More actions for ${endpoint.url}`}>
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => void reveal()}>
              <Eye aria-hidden="true" />
              Reveal secret
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={rotate}>
              <RefreshCw aria-hidden="true" />
              Rotate secret…
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={remove}>
              <Trash2 aria-hidden="true" />
              Delete endpoint…
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <div className="grid gap-2 sm:flex sm:flex-wrap">
        <Button size="sm" variant="outline" loading={busy === 'test'} disabled={!endpoint.enabled} onClick={() => void sendTest()}>
          <Send aria-hidden="true" />
          Send test event
        </Button>
        <Button size="sm" variant="outline" aria-expanded={logOpen} aria-controls={logId} onClick={() => setLogOpen((open) => !open)}>
          <ChevronDown aria-hidden="true" className={cn('transition-transform', logOpen && 'rotate-180')} />
          Delivery log
        </Button>
      </div>
      {logOpen && (
        <div id={logId}>
          <WebhookDeliveryLog endpoint={endpoint} />
        </div>
      )}
    </li>
  )
}
