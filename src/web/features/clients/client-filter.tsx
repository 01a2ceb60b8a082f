import { useQuery } from '@tanstack/react-query'
import { Label } from '../../components/ui/label.tsx'
import { NativeSelect } from '../../components/ui/native-select.tsx'
import { clientListQueryOptions } from './api.ts'

/** The alert list's "Client" filter (Unlimited): every alert, the advisor's own, or one client's. */
export function ClientFilter({ id, value, onChange, className }: { id: string; value: string; onChange: (value: string) => void; className?: string }) {
  const clients = useQuery(clientListQueryOptions())
  const list = clients.data ?? []
  // A filter for a client deleted since (kept in the browser) shows as "All" until the list says otherwise.
  const known = value === '' || value === 'none' || list.some((client) => client.id === value) || clients.isPending
  return (
    <div className={`grid gap-1.5 ${className ?? ''}`}>
      <Label htmlFor={id}>Client</Label>
      <NativeSelect id={id} value={known ? value : ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">All alerts</option>
        <option value="none">My own alerts</option>
        {list.map((client) => (
          <option key={client.id} value={client.id}>
            {client.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}
