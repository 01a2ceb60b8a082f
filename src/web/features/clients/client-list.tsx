import { useQueryClient } from '@tanstack/react-query'
import { Mail, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { ClientView } from '#shared/clients.ts'
import { PATHS } from '#shared/routes.ts'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx'
import { api, errorMessage } from '../../lib/api-client.ts'
import { formatRelative } from '../../lib/format.ts'
import { toast } from '../../stores/toast-store.ts'
import { clientQueryKeys } from './api.ts'
import { ContactLine } from './contact-status.tsx'

const CHANNEL_TEXT = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' } as const

/** The advisor's clients, one row each: contacts with their confirmation state, channels, alerts and actions. */
export function ClientList({ clients, onEdit }: { clients: ClientView[]; onEdit: (client: ClientView) => void }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<ClientView | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: clientQueryKeys.all() })

  const resend = async (client: ClientView) => {
    setBusy(client.id)
    try {
      await api('POST /api/clients/:id/send-confirmation', { params: { id: client.id } })
      toast.success('Confirmation request sent', client.name)
      await refresh()
    } catch (error) {
      toast.error('Could not send the request', errorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  const remove = async (client: ClientView) => {
    setDeleting(null)
    try {
      await api('DELETE /api/clients/:id', { params: { id: client.id } })
      toast.success('Client deleted', client.name)
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['alerts'] })])
    } catch (error) {
      toast.error('Could not delete the client', errorMessage(error))
    }
  }

  return (
    <>
      <ul className="divide-y rounded-lg border bg-card" aria-label="Clients">
        {clients.map((client) => {
          const waiting = client.emailStatus === 'pending' || client.phoneStatus === 'pending'
          return (
            <li key={client.id} className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center">
              <div className="grid min-w-0 gap-1">
                <p className="font-medium">{client.name}</p>
                <ContactLine label="Email" address={client.email} status={client.emailStatus} />
                <ContactLine label="Phone" address={client.phone} status={client.phoneStatus} />
                <p className="text-xs text-muted-foreground">
                  {client.channels.map((channel) => CHANNEL_TEXT[channel]).join(', ')}
                  <span aria-hidden="true"> · </span>
                  <Link className="underline-offset-2 hover:underline" to={`${PATHS.alerts}?client=${client.id}`}>
                    {client.alertCount === 1 ? '1 alert' : `${client.alertCount} alerts`}
                  </Link>
                  {waiting && client.confirmationSentAt && (
                    <>
                      <span aria-hidden="true"> · </span>
                      {`Asked ${formatRelative(client.confirmationSentAt)}`}
                    </>
                  )}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {waiting && (
                  <Button variant="outline" size="sm" loading={busy === client.id} onClick={() => void resend(client)} aria-label={`Ask ${client.name} to confirm again`}>
                    <Mail aria-hidden="true" />
                    Ask again
                  </Button>
                )}
                <Button variant="outline" size="sm" onClick={() => onEdit(client)} aria-label={`Edit ${client.name}`}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
                <Button variant="outline" size="sm" onClick={() => setDeleting(client)} aria-label={`Delete ${client.name}`}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </div>
            </li>
          )
        })}
      </ul>
      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>{`Delete ${deleting?.name ?? 'this client'}?`}</DialogTitle>
            <DialogDescription>
              {deleting && deleting.alertCount > 0
                ? `Their ${deleting.alertCount === 1 ? 'alert' : `${deleting.alertCount} alerts`} and price history will be deleted too. This can't be undone.`
                : "This can't be undone."}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => deleting && void remove(deleting)}>
              Delete client
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}
