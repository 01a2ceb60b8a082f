import { useRef } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx'

/**
 * "Are you sure?" before a delete, which cannot be undone (the alert's price history goes with it).
 * After a delete the card (and the button that opened this) is gone, so focus goes to `focusAfterDelete`.
 */
export function DeleteAlertDialog({
  name,
  open,
  onOpenChange,
  onConfirm,
  focusAfterDelete,
}: {
  focusAfterDelete: () => HTMLElement | null
  name: string
  open: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
}) {
  const confirmed = useRef(false)
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        role="alertdialog"
        onOpenAutoFocus={() => {
          confirmed.current = false
        }}
        onCloseAutoFocus={(event) => {
          if (!confirmed.current) return
          event.preventDefault()
          focusAfterDelete()?.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>Delete this alert?</DialogTitle>
          <DialogDescription>{`“${name}” and its price history will be deleted. This can't be undone; pausing keeps it instead.`}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              confirmed.current = true
              onOpenChange(false)
              onConfirm()
            }}
          >
            Delete alert
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
