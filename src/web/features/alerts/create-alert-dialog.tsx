import { useState } from 'react'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx'
import { useAlertDraftStore } from '../../stores/alert-draft-store.ts'
import { CreateAlertForm, NoDraft } from './create-alert-form.tsx'
import { draftAlertType } from './draft-payload.ts'

/**
 * The creation modal, fed by the search page's "Track this route / flight" draft: over the search
 * results (`?track=1`, issue 16) or on /alerts (`?create=1`). `onClose` clears the draft, step and
 * search context (section 4) and the URL flag; `onCreated` (else `onClose`) follows a saved alert.
 */
export function CreateAlertDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated?: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <CreateAlertContent onClose={onClose} onCreated={onCreated ?? onClose} />
      </DialogContent>
    </Dialog>
  )
}

function CreateAlertContent({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const live = useAlertDraftStore((state) => state.draft)
  // Closing clears the draft before the exit animation ends; the form stays on screen until then.
  const [opened] = useState(live)
  const draft = live ?? opened
  const kind = draft ? draftAlertType(draft) : null
  return (
    <>
      <DialogHeader>
        <DialogTitle>{kind === 'flight' ? 'Track this flight' : kind === 'route' ? 'Track this route' : 'Create an alert from a search'}</DialogTitle>
        <DialogDescription>
          {kind === 'flight'
            ? "We'll check the price of these exact flights and tell you when the price drops, the way you choose below."
            : kind === 'route'
              ? "We'll check the cheapest fare for this trip and tell you when the price drops, the way you choose below."
              : 'There is no search to track yet.'}
        </DialogDescription>
      </DialogHeader>
      {draft ? <CreateAlertForm draft={draft} onDone={onClose} onCreated={onCreated} /> : <NoDraft />}
    </>
  )
}
