import { X } from 'lucide-react'
import { Dialog as SheetPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'
import { DIALOG_CONTENT_SHIELD_CLASS, DIALOG_CONTENT_SHIELD_STYLE, PageUnderOverlay } from './page-under-overlay.tsx'

export const Sheet = SheetPrimitive.Root
export const SheetTrigger = SheetPrimitive.Trigger
export const SheetClose = SheetPrimitive.Close

/** A panel that slides in from the side (the mobile navigation drawer, an alert's details). */
export function SheetContent({
  className,
  children,
  side = 'right',
  closeLabel = 'Close menu',
  style,
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & { side?: 'left' | 'right'; /** The close button's accessible name. */ closeLabel?: string }) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
      <SheetPrimitive.Content
        className={cn(
          DIALOG_CONTENT_SHIELD_CLASS,
          'fixed inset-y-0 z-50 flex h-full flex-col gap-4 bg-background p-6 shadow-lg outline-none',
          side === 'right' ? 'right-0 border-l' : 'left-0 border-r',
          className,
        )}
        style={{ ...DIALOG_CONTENT_SHIELD_STYLE, ...style }}
        {...props}
      >
        <PageUnderOverlay />
        {children}
        <SheetPrimitive.Close className="absolute right-4 top-4 rounded-sm p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring">
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">{closeLabel}</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  )
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof SheetPrimitive.Description>) {
  return <SheetPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
}
