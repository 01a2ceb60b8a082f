import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'

/** The advisor's clients (decision 043); every call is scoped to the signed-in advisor. */
export const clientQueryKeys = {
  all: () => ['clients'] as const,
  list: () => ['clients', 'list'] as const,
  notices: (client: string) => ['clients', 'notices', client] as const,
}

export const clientListQueryOptions = () =>
  queryOptions({
    queryKey: clientQueryKeys.list(),
    queryFn: async ({ signal }) => (await api('GET /api/clients', { signal })).clients,
  })

/** `client`: an id, "none" (the advisor's own alerts) or "all" (every client's). */
export const clientNoticesQueryOptions = (client: string) =>
  queryOptions({
    queryKey: clientQueryKeys.notices(client),
    queryFn: async ({ signal }) => (await api('GET /api/clients/notices', { query: new URLSearchParams({ client }).toString(), signal })).notices,
  })
