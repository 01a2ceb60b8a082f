import { useQuery } from '@tanstack/react-query'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FormField } from '../../components/ui/form-field.tsx'
import { NativeSelect } from '../../components/ui/native-select.tsx'
import { clientListQueryOptions } from './api.ts'

/**
 * "Tracking for": the advisor themselves or one of their clients (Unlimited, decision 043). A
 * client alert's notices go to the client's confirmed contacts, in the advisor's name.
 */
export function ClientChoice({ error, field }: { error?: string | undefined; field: UseFormRegisterReturn }) {
  const clients = useQuery(clientListQueryOptions())
  const list = clients.data ?? []
  const hint = list.length === 0 ? 'Add clients on the Clients page to track fares for them.' : "A client's alerts reach them once they have confirmed their address."
  return (
    <FormField label="Tracking for" error={error} hint={hint}>
      <NativeSelect {...field}>
        <option value="">Me</option>
        {list.map((client) => (
          <option key={client.id} value={client.id}>
            {client.name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  )
}
