import { queryOptions } from '@tanstack/react-query'
import type { ReadinessResponse } from '#shared/system.ts'
import { api, apiPath } from '../../lib/api-client.ts'

export const adminOverviewQuery = queryOptions({
  queryKey: ['admin', 'overview'],
  queryFn: ({ signal }) => api('GET /api/admin/overview', { signal }),
})

/** /api/ready answers 503 with the same body when not ready; both are worth showing. */
export const readinessQuery = queryOptions({
  queryKey: ['admin', 'ready'],
  queryFn: async ({ signal }): Promise<ReadinessResponse> => (await fetch(apiPath('GET /api/ready'), { signal })).json() as Promise<ReadinessResponse>,
})
