import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { AdminAlertDetail } from './admin-alert-detail.tsx'
import { adminAlertQuery } from './api.ts'
import { QueryError } from './query-state.tsx'

/** One alert's checks, prices and notices in a side sheet, opened by `?alert=<id>`. */
export function AdminAlertSheet({ id, onClose }: { id: string | null; onClose: () => void }) {
  // Keeps showing the alert during the closing animation, after the URL has dropped its id.
  const [last, setLast] = useState(id)
  if (id !== null && id !== last) setLast(id)
  const shown = id ?? last
  return (
    <Sheet open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent closeLabel="Close alert" className="w-full overflow-y-auto sm:max-w-3xl">
        {shown !== null && <SheetBody id={shown} />}
      </SheetContent>
    </Sheet>
  )
}

function SheetBody({ id }: { id: string }) {
  const query = useQuery(adminAlertQuery(id))
  if (query.data) return <AdminAlertDetail detail={query.data} />
  if (query.isError) {
    return (
      <div className="grid gap-3">
        <SheetTitle>Couldn't load this alert</SheetTitle>
        <SheetDescription className="sr-only">The alert's details could not be read.</SheetDescription>
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    )
  }
  return (
    <div className="grid gap-4" role="status">
      <SheetTitle className="sr-only">Loading alert</SheetTitle>
      <SheetDescription className="sr-only">The alert's checks, prices and notices are loading.</SheetDescription>
      <Skeleton className="h-7 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  )
}
