import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { findCachedAlert } from './alert-cache.ts'
import { AlertDetailBody } from './alert-detail-body.tsx'
import { alertDetailQueryOptions } from './api.ts'

/**
 * The alert detail panel, opened by /alerts?alert=<id> so it can be linked and Back closes it.
 * The card's data shows at once; the detail (history, notifications) fills in when it arrives.
 */
export function AlertDetailSheet({ id, now, today, onClose, onEdit }: { id: string | null; now: number; today: string; onClose: () => void; onEdit: (id: string) => void }) {
  return (
    <Sheet open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent closeLabel="Close details" className="w-full overflow-y-auto sm:max-w-xl">
        <DetailContent id={id} now={now} today={today} onClose={onClose} onEdit={onEdit} />
      </SheetContent>
    </Sheet>
  )
}

function DetailContent({ id: live, now, today, onClose, onEdit }: { id: string | null; now: number; today: string; onClose: () => void; onEdit: (id: string) => void }) {
  // Stays on the same alert during the exit animation, after the URL has dropped the id.
  const [opened] = useState(live)
  const id = live ?? opened ?? ''
  const queryClient = useQueryClient()
  const query = useQuery({ ...alertDetailQueryOptions(id), enabled: id !== '' })
  const alert = query.data ?? (query.isError ? undefined : findCachedAlert(queryClient, id))

  if (alert) {
    return (
      <AlertDetailBody
        alert={alert}
        now={now}
        today={today}
        onEdit={() => {
          onClose()
          onEdit(alert.id)
        }}
      />
    )
  }
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404
    return (
      <div className="grid gap-3">
        <SheetTitle>{gone ? 'Alert not found' : "Couldn't load this alert"}</SheetTitle>
        <SheetDescription>{gone ? 'It may have been deleted, or the link belongs to another account.' : 'Please try again in a moment.'}</SheetDescription>
        <Button variant="outline" className="justify-self-start" onClick={gone ? onClose : () => void query.refetch()}>
          {gone ? 'Back to alerts' : 'Try again'}
        </Button>
      </div>
    )
  }
  return (
    <div className="grid gap-4" role="status">
      <SheetTitle className="sr-only">Loading alert</SheetTitle>
      <SheetDescription className="sr-only">The alert's details are loading.</SheetDescription>
      <Skeleton className="h-7 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-52 w-full" />
    </div>
  )
}
