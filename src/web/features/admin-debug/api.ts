import { queryOptions } from '@tanstack/react-query'
import type { AdminDebugInfo, NoticeChannel } from '#shared/admin.ts'
import type { ReadinessResponse } from '#shared/system.ts'
import { api, ApiError, apiPath } from '../../lib/api-client.ts'

/** The /admin/debug page's calls (issue 13): what the server reports about itself, and the admins' tools. */

export const adminDebugKeys = {
  all: ['admin-debug'] as const,
  info: () => [...adminDebugKeys.all, 'info'] as const,
  errors: () => [...adminDebugKeys.all, 'errors'] as const,
  ready: () => [...adminDebugKeys.all, 'ready'] as const,
}

export const debugInfoQuery = queryOptions({
  queryKey: adminDebugKeys.info(),
  queryFn: ({ signal }) => api('GET /api/admin/debug', { signal }),
  // Worker heartbeats and uptime move on their own.
  refetchInterval: 30_000,
})

export const serverErrorsQuery = queryOptions({
  queryKey: adminDebugKeys.errors(),
  queryFn: async ({ signal }) => (await api('GET /api/admin/errors', { signal })).errors,
  refetchInterval: 30_000,
})

/**
 * /api/ready answers 503 with the same body when not ready: both are worth showing, so this one call
 * reads the body itself (the API client would turn the 503 into an error without the checks).
 */
export const readinessQuery = queryOptions({
  queryKey: adminDebugKeys.ready(),
  queryFn: async ({ signal }): Promise<ReadinessResponse> => {
    let res: Response
    try {
      res = await fetch(apiPath('GET /api/ready'), { signal, headers: { accept: 'application/json' } })
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error
      throw new ApiError(0, 'network', 'Could not reach FareDrop. Check your connection and try again.')
    }
    const body = (await res.json().catch(() => null)) as Partial<ReadinessResponse> | null
    if (!body?.checks) throw new ApiError(res.status, `http_${res.status}`, `The readiness check answered ${res.status} without its checks.`)
    return body as ReadinessResponse
  },
  refetchInterval: 15_000,
})

export interface TestSearchInput {
  from: string
  to: string
  departureDate: string
  returnDate?: string
}

export function runTestSearch(input: TestSearchInput) {
  return api('POST /api/admin/debug/test-search', { json: input })
}

export function sendTestNotice(channel: NoticeChannel) {
  return api('POST /api/admin/debug/test-notice', { json: { channel } })
}

export interface ShockInput {
  from: string
  to: string
  departureDate?: string
  factor: number
  hours: number
}

export function applyShock(input: ShockInput) {
  return api('POST /api/admin/simulator/shocks', { json: input })
}

export function clearShocks(route: { from: string; to: string }) {
  return api('POST /api/admin/simulator/shocks/clear', { json: route })
}

export const FAILURE_MODES = ['none', 'no-results', 'slow', 'error', 'rate-limited', 'missing-price'] as const
export type FailureMode = (typeof FAILURE_MODES)[number]

export interface FailureInput {
  mode: FailureMode
  delayMs?: number
  from?: string
  to?: string
}

export function setFailureMode(input: FailureInput) {
  return api('PUT /api/admin/simulator/failures', { json: input })
}

export type SimulatorState = NonNullable<AdminDebugInfo['simulator']>
export type ActiveShock = SimulatorState['shocks'][number]
export type FailureState = SimulatorState['failures']
