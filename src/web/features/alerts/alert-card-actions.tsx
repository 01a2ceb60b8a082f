import { ChevronRight, Pause, Pencil, Play, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { Alert } from '#shared/alerts/alert.ts'
import { Button } from '../../components/ui/button.tsx'
import { useAlertStore } from '../../stores/alert-store.ts'
import { ALERT_LIST_HEADING_ID } from './alert-list-states.tsx'
import { DeleteAlertDialog } from './delete-alert-dialog.tsx'
import { useDeleteAlert, useSetAlertStatus } from './use-alert-mutations.ts'

/** Statuses a user can pause from; "paused" can be resumed. The rest belong to the price checker. */
const PAUSABLE = new Set<Alert['status']>(['active', 'triggered', 'at_risk'])

/**
 * A card's actions: details, pause/resume, edit (editable alerts only) and delete (after a
 * confirmation). Each accessible name carries the alert's name, since every card has the same buttons.
 * `readOnly` (the list saved for offline use): the same buttons, all disabled, since each needs the server.
 */
export function AlertCardActions({ alert, editable, expired, readOnly = false }: { alert: Alert; editable: boolean; expired: boolean; readOnly?: boolean }) {
  const [confirmDelete, setConfirmDelete] = useState(false)
  const setStatus = useSetAlertStatus()
  const remove = useDeleteAlert()
  const startEdit = useAlertStore((state) => state.startEdit)
  const canPause = !expired && PAUSABLE.has(alert.status)
  const canResume = !expired && alert.status === 'paused'

  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
      {readOnly ? (
        <Button variant="ghost" size="sm" className="-ml-2" disabled aria-label={`Details of ${alert.name}`}>
          Details
          <ChevronRight aria-hidden="true" />
        </Button>
      ) : (
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to={`?alert=${encodeURIComponent(alert.id)}`} preventScrollReset aria-label={`Details of ${alert.name}`}>
            Details
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      )}
      <div className="flex flex-wrap items-center gap-1.5">
        {canPause && (
          <Button variant="outline" size="sm" disabled={readOnly} onClick={() => setStatus.mutate({ id: alert.id, status: 'paused' })} aria-label={`Pause ${alert.name}`}>
            <Pause aria-hidden="true" />
            Pause
          </Button>
        )}
        {canResume && (
          <Button variant="outline" size="sm" disabled={readOnly} onClick={() => setStatus.mutate({ id: alert.id, status: 'active' })} aria-label={`Resume ${alert.name}`}>
            <Play aria-hidden="true" />
            Resume
          </Button>
        )}
        {editable && (
          <Button variant="ghost" size="sm" disabled={readOnly} onClick={() => startEdit(alert.id)} aria-label={`Edit ${alert.name}`}>
            <Pencil aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Edit</span>
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          disabled={readOnly}
          onClick={() => setConfirmDelete(true)}
          aria-label={`Delete ${alert.name}`}
        >
          <Trash2 aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Delete</span>
        </Button>
      </div>
      <DeleteAlertDialog
        name={alert.name}
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        onConfirm={() => remove.mutate(alert.id)}
        focusAfterDelete={() => document.getElementById(ALERT_LIST_HEADING_ID)}
      />
    </div>
  )
}
