import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client.ts'

/** Server data lives here and nowhere else. Client errors (4xx) are not retried. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
      mutations: { retry: false },
    },
  })
}
