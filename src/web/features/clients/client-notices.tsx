import { useQuery } from '@tanstack/react-query'
import { format, parseISO } from 'date-fns'
import { AlertTriangle, Bell } from 'lucide-react'
import { useId, useState } from 'react'
import type { ClientView } from '#shared/clients.ts'
import { formatPrice } from '#shared/format.ts'
import { Notice } from '../../components/notice.tsx'
import { SectionCard } from '../../components/section-card.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import { Label } from '../../components/ui/label.tsx'
import { NativeSelect } from '../../components/ui/native-select.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { deliveryOf } from '../../lib/notice-delivery.ts'
import { clientNoticesQueryOptions } from './api.ts'

const CHANNEL_TEXT = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp', push: 'Push' } as const

/** Every client's notices in one list, newest first, filterable by client (or the advisor's own alerts). */
export function ClientNotices({ clients }: { clients: ClientView[] }) {
  const id = useId()
  const [client, setClient] = useState('all')
  const notices = useQuery(clientNoticesQueryOptions(client))
  return (
    <SectionCard id="client-notices" icon={Bell} title="Notices" description="What your clients were sent, and why a notice was held back.">
      <div className="grid gap-4">
        <div className="grid max-w-xs gap-1.5">
          <Label htmlFor={`${id}-client`}>Client</Label>
          <NativeSelect id={`${id}-client`} value={client} onChange={(event) => setClient(event.target.value)}>
            <option value="all">All clients</option>
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
            <option value="none">My own alerts</option>
          </NativeSelect>
        </div>
        {notices.isPending ? (
          <Skeleton className="h-16 w-full rounded-lg" />
        ) : notices.isError ? (
          <Notice tone="error" icon={AlertTriangle}>
            <p>Could not load the notices. {errorMessage(notices.error)}</p>
          </Notice>
        ) : notices.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No notices yet. They appear here when a fare drops to a target.</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Notices">
            {notices.data.map((notice) => {
              const delivery = deliveryOf(notice)
              return (
                <li key={notice.id} className="grid gap-1 p-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {notice.alertName}
                      <span className="font-normal text-muted-foreground">{` · ${notice.clientName ?? 'You'}`}</span>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {`${CHANNEL_TEXT[notice.channel]} · ${formatPrice(notice.price, notice.currency)} · ${format(parseISO(notice.sentAt ?? notice.createdAt), 'MMM d, HH:mm')}`}
                      {notice.note && ` · Not sent: ${notice.note}`}
                    </p>
                  </div>
                  <Badge variant={delivery.variant} className="justify-self-start">
                    {delivery.label}
                  </Badge>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </SectionCard>
  )
}
