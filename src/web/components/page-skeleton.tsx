import { Skeleton } from './ui/skeleton.tsx'

/** Placeholder shown while a page's code loads. */
export function PageSkeleton() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6" role="status" aria-live="polite">
      <span className="sr-only">Loading page…</span>
      <Skeleton className="h-9 w-2/3 max-w-md" />
      <Skeleton className="mt-4 h-5 w-full max-w-xl" />
      <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-36 w-full rounded-xl" />
        ))}
      </div>
    </div>
  )
}
