import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'

export interface AdminOverview {
  overview: { users: number; verifiedUsers: number; admins: number; activeSessions: number }
  drivers: Record<string, string>
}

export const adminOverviewQuery = queryOptions({
  queryKey: ['admin', 'overview'],
  queryFn: ({ signal }) => api<AdminOverview>('/api/admin/overview', { signal }),
})

export interface Readiness {
  status: 'ready' | 'not-ready'
  checks: { database: boolean; migrations: boolean; worker: boolean }
}

/** /api/ready answers 503 with the same body when not ready; both are worth showing. */
export const readinessQuery = queryOptions({
  queryKey: ['admin', 'ready'],
  queryFn: async ({ signal }): Promise<Readiness> => (await fetch('/api/ready', { signal })).json() as Promise<Readiness>,
})
