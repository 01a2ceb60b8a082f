import { RotateCcw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'
import type { NoticeAction, NoticeTarget } from './use-notification-actions.ts'

/** Retry or discard the selected dead letters, or (after a confirmation) every dead letter. */
export function BulkNoticeActions({
  selected,
  hasDead,
  busy,
  onRun,
}: {
  selected: readonly string[]
  hasDead: boolean
  busy: boolean
  onRun: (action: NoticeAction, target: NoticeTarget) => Promise<unknown>
}) {
  const [confirm, setConfirm] = useState<NoticeAction>('retry')
  const [open, setOpen] = useState(false)
  const ask = (action: NoticeAction) => {
    setConfirm(action)
    setOpen(true)
  }
  const n = selected.length
  return (
    <div role="group" aria-label="Bulk actions" className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" disabled={n === 0 || busy} onClick={() => void onRun('retry', { ids: [...selected] }).catch(() => {})}>
        <RotateCcw aria-hidden="true" />
        Retry selected{n > 0 ? ` (${n})` : ''}
      </Button>
      <Button variant="outline" size="sm" disabled={n === 0 || busy} onClick={() => void onRun('discard', { ids: [...selected] }).catch(() => {})}>
        <Trash2 aria-hidden="true" />
        Discard selected{n > 0 ? ` (${n})` : ''}
      </Button>
      <Button variant="secondary" size="sm" disabled={!hasDead || busy} onClick={() => ask('retry')}>
        Retry all dead
      </Button>
      <Button variant="secondary" size="sm" className="text-destructive" disabled={!hasDead || busy} onClick={() => ask('discard')}>
        Discard all dead
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={confirm === 'discard' ? 'Discard every dead letter?' : 'Retry every dead letter?'}
        description={
          confirm === 'discard'
            ? 'Every dead letter, not only those shown, is marked discarded and never sent. This cannot be undone.'
            : 'Every dead letter, not only those shown, goes back in the queue and is sent again with fresh attempts.'
        }
        confirmLabel={confirm === 'discard' ? 'Discard all' : 'Retry all'}
        destructive={confirm === 'discard'}
        onConfirm={() => onRun(confirm, { all: true })}
      />
    </div>
  )
}
