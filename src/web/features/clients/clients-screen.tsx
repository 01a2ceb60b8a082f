import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, Plus, Users } from 'lucide-react'
import { useState } from 'react'
import type { ClientView } from '#shared/clients.ts'
import { Notice } from '../../components/notice.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { clientListQueryOptions } from './api.ts'
import { ClientFormDialog } from './client-form-dialog.tsx'
import { ClientList } from './client-list.tsx'
import { BrandSection } from './brand-section.tsx'
import { ClientNotices } from './client-notices.tsx'

/**
 * /clients (Unlimited, decision 043): the advisor's clients, their confirmation state and every
 * notice they were sent. Alerts for a client are made from a search, choosing the client in the form.
 */
export function ClientsScreen() {
  const clients = useQuery(clientListQueryOptions())
  const [editing, setEditing] = useState<ClientView | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const open = (client: ClientView | null) => {
    setEditing(client)
    setFormOpen(true)
  }

  return (
    <div className="grid gap-8">
      <PageHeader
        title="Clients"
        description="Track fares for the travellers you look after. Each client confirms their address once; then their alerts reach them in your name."
        actions={
          <Button onClick={() => open(null)}>
            <Plus aria-hidden="true" />
            Add client
          </Button>
        }
      />
      {clients.isPending ? (
        <Skeleton className="h-32 w-full rounded-lg" />
      ) : clients.isError ? (
        <Notice tone="error" icon={AlertTriangle}>
          <p>Could not load your clients. {errorMessage(clients.error)}</p>
        </Notice>
      ) : clients.data.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <Users className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No clients yet</p>
          <p className="max-w-md text-sm text-muted-foreground">
            Add a client with their email or phone. We ask them to confirm, then you can set fare alerts for them from any search.
          </p>
          <Button variant="outline" onClick={() => open(null)}>
            <Plus aria-hidden="true" />
            Add your first client
          </Button>
        </div>
      ) : (
        <>
          <ClientList clients={clients.data} onEdit={open} />
          <ClientNotices clients={clients.data} />
        </>
      )}
      <BrandSection />
      <ClientFormDialog client={editing} open={formOpen} onOpenChange={setFormOpen} />
    </div>
  )
}
