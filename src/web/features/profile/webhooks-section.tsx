import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, Webhook } from 'lucide-react'
import { useState } from 'react'
import { MAX_WEBHOOK_ENDPOINTS } from '#shared/webhooks.ts'
import { Notice } from '../../components/notice.tsx'
import { SectionCard } from '../../components/section-card.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { WebhookEndpointItem } from './webhooks-section-endpoint.tsx'
import { WebhookEndpointForm } from './webhooks-section-form.tsx'
import { SecretNotice, webhooksQuery, type ShownSecret } from './webhooks-section-shared.tsx'

export const WEBHOOKS_ID = 'webhooks'

/**
 * Unlimited's outgoing webhooks (decision 044): endpoints that receive `alert.triggered` and
 * `alert.status_changed` as signed HTTPS POSTs, each with its secret and its delivery log.
 */
export function WebhooksSection() {
  const endpoints = useQuery(webhooksQuery)
  const [shown, setShown] = useState<ShownSecret | null>(null)
  const count = endpoints.data?.endpoints.length ?? 0

  return (
    <SectionCard
      id={WEBHOOKS_ID}
      icon={Webhook}
      title="Webhooks"
      description={`Send alert events to your own systems as they happen: signed HTTPS POSTs, retried for about a day if your endpoint is down. Up to ${MAX_WEBHOOK_ENDPOINTS} endpoints.`}
    >
      <div className="grid gap-5">
        {shown && <SecretNotice key={`${shown.endpointId}:${shown.reason}:${shown.secret}`} shown={shown} onHide={() => setShown(null)} />}
        {count < MAX_WEBHOOK_ENDPOINTS ? (
          <WebhookEndpointForm onCreated={setShown} />
        ) : (
          <p className="text-sm text-muted-foreground">{`You have ${MAX_WEBHOOK_ENDPOINTS} endpoints, the most an account may have. Delete one to add another.`}</p>
        )}

        {endpoints.isPending ? (
          <Skeleton className="h-24 w-full rounded-lg" />
        ) : endpoints.isError ? (
          <Notice tone="error" icon={AlertTriangle}>
            <p>Could not load your webhook endpoints. {errorMessage(endpoints.error)}</p>
          </Notice>
        ) : count === 0 ? (
          <p className="text-sm text-muted-foreground">No endpoints yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Webhook endpoints">
            {endpoints.data.endpoints.map((endpoint) => (
              <WebhookEndpointItem key={endpoint.id} endpoint={endpoint} onSecret={setShown} />
            ))}
          </ul>
        )}
      </div>
    </SectionCard>
  )
}
