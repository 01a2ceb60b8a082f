import { CONTACT_STATUS_LABELS, type ContactStatus } from '#shared/clients.ts'
import { Badge } from '../../components/ui/badge.tsx'

const VARIANT = { none: 'muted', pending: 'warning', confirmed: 'success', unsubscribed: 'destructive' } as const

/** One contact of a client with where it stands ("Waiting for confirmation", "Confirmed"…). */
export function ContactLine({ label, address, status }: { label: string; address: string | null; status: ContactStatus }) {
  if (!address) return null
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="sr-only">{label}: </span>
      <span className="min-w-0 break-all text-muted-foreground">{address}</span>
      <Badge variant={VARIANT[status]}>{CONTACT_STATUS_LABELS[status]}</Badge>
    </p>
  )
}
