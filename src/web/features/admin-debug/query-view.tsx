import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { errorMessage } from '../../lib/api-client.ts'

/**
 * What a query has: a skeleton while it first loads, the API's message when it failed (kept out of
 * the way when a background refetch fails after data came), else its data.
 */
export function QueryView<T>({
  query,
  lines = 3,
  label,
  children,
}: {
  query: UseQueryResult<T>
  /** Skeleton rows while loading. */
  lines?: number
  /** What is loading, for screen readers ("Loading configuration…"). */
  label: string
  children: (data: T) => ReactNode
}) {
  if (query.isPending) {
    return (
      <div role="status" className="grid gap-2.5">
        <span className="sr-only">{label}</span>
        {Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} className={i % 2 ? 'h-4 w-2/3' : 'h-4 w-full'} />
        ))}
      </div>
    )
  }
  if (query.isError && query.data === undefined) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(query.error)}
      </p>
    )
  }
  return (
    <>
      {query.isError && (
        <p role="alert" className="text-xs text-destructive">
          Could not refresh: {errorMessage(query.error)}
        </p>
      )}
      {children(query.data as T)}
    </>
  )
}
