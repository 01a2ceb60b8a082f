import { queryOptions } from '@tanstack/react-query'
import type { QuotaStatus } from '#shared/alerts/alert-rules.ts'
import { api } from '../../lib/api-client.ts'

/**
 * GET /api/alerts/quota, on its own so the top navigation (Alerts badge) can read it without
 * pulling the alerts page's code (or the plan rules) into the first chunk: keep its imports type-only.
 */
export const alertQueryKeys = {
  all: ['alerts'] as const,
  lists: () => ['alerts', 'list'] as const,
  quota: () => ['alerts', 'quota'] as const,
  detail: (id: string) => ['alerts', 'detail', id] as const,
}

/** Spec section 8: a quota failure silently sets the quota to none (so creating is then not allowed). */
export const quotaQueryOptions = queryOptions({
  queryKey: alertQueryKeys.quota(),
  queryFn: async ({ signal }): Promise<QuotaStatus | null> => {
    try {
      return await api('GET /api/alerts/quota', { signal })
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error
      return null
    }
  },
})
