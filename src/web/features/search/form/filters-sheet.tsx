import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { Button } from '../../../components/ui/button.tsx'
import { DIALOG_CONTENT_SHIELD_CLASS, DIALOG_CONTENT_SHIELD_STYLE, PageUnderOverlay } from '../../../components/ui/page-under-overlay.tsx'
import { cn } from '../../../lib/cn.ts'
import { FilterFields } from './filters/filter-fields.tsx'

/**
 * "More filters": every filter of the spec's section 3 in a side panel (full width on phones).
 * Changes apply to the next search; Clear all resets the whole form but keeps the traveller's
 * standing preferences (class, passengers, region, language, currency).
 */
export function FiltersSheet({
  open,
  onOpenChange,
  onClearAll,
  activeCount,
  takeFocusTarget,
  formVersion,
}: {
  formVersion: number
  open: boolean
  onOpenChange: (open: boolean) => void
  onClearAll: () => void
  activeCount: number
  /** A field to focus instead of the first control (the form found a problem there). */
  takeFocusTarget: () => HTMLElement | undefined
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
        <Dialog.Content
          style={DIALOG_CONTENT_SHIELD_STYLE}
          onOpenAutoFocus={(event) => {
            const target = takeFocusTarget()
            if (target) {
              event.preventDefault()
              target.focus()
            }
          }}
          className={cn(
            DIALOG_CONTENT_SHIELD_CLASS,
            'fixed inset-y-0 right-0 z-50 flex w-full flex-col border-l bg-background shadow-xl outline-none sm:max-w-[30rem]',
            'data-[state=open]:animate-in data-[state=open]:slide-in-from-right data-[state=open]:duration-200',
          )}
        >
          <PageUnderOverlay />
          <div className="flex items-start justify-between gap-4 border-b px-5 py-4">
            <div>
              <Dialog.Title className="text-lg font-semibold tracking-tight">More filters</Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                {activeCount === 0 ? 'No filters set.' : `${activeCount} ${activeCount === 1 ? 'filter' : 'filters'} set.`} Changes apply to your next
                search.
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close filters"
              className="rounded-md p-2 text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-2">
            <FilterFields key={formVersion} />
          </div>
          <div className="flex items-center justify-between gap-3 border-t bg-background px-5 py-3">
            <Button type="button" variant="ghost" onClick={onClearAll}>
              Clear all
            </Button>
            <Dialog.Close asChild>
              <Button type="button">Done</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
