import { useQuery } from '@tanstack/react-query'
import { UserRound } from 'lucide-react'
import { Badge } from '../../components/ui/badge.tsx'
import { clientListQueryOptions } from './api.ts'

/** Whom a client alert is for, on its card (decision 043); the client list is one query for every card. */
export function ClientBadge({ clientId }: { clientId: string }) {
  const name = useQuery({ ...clientListQueryOptions(), select: (clients) => clients.find((client) => client.id === clientId)?.name }).data
  if (!name) return null
  return (
    <Badge variant="secondary">
      <UserRound aria-hidden="true" />
      <span className="sr-only">For </span>
      {name}
    </Badge>
  )
}
