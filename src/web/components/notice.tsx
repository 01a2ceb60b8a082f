import { cva } from 'class-variance-authority'
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

const noticeVariants = cva('flex gap-3 rounded-lg border p-3 text-sm', {
  variants: {
    tone: {
      info: 'border-primary/30 bg-primary/5',
      success: 'border-success/40 bg-success/10',
      warning: 'border-warning/60 bg-warning/15',
      error: 'border-destructive/40 bg-destructive/10',
    },
  },
})

/** An inline message above a form; errors and warnings are announced at once. */
export function Notice({ tone, icon: Icon, children }: { tone: 'info' | 'success' | 'warning' | 'error'; icon: LucideIcon; children: ReactNode }) {
  return (
    <div role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'} className={noticeVariants({ tone })}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">{children}</div>
    </div>
  )
}
