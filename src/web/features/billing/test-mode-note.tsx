import { FlaskConical } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

export const TEST_MODE_TEXT = 'Test mode: no real payment'

/**
 * Says plainly that no money moves: the server runs the local test mode (no Stripe keys) or Stripe
 * with a test key. `detail` says what that means where it shows; `children` (the test cards) follow.
 */
export function TestModeNote({ detail, className, children }: { detail?: string; className?: string; children?: ReactNode }) {
  return (
    <div
      role="note"
      aria-label="Test mode"
      className={cn('grid gap-3 rounded-lg border border-warning/60 bg-warning/15 px-4 py-3 text-sm text-foreground', className)}
    >
      <div className="flex items-start gap-3">
        <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className="grid gap-0.5">
          <p className="font-semibold">{TEST_MODE_TEXT}</p>
          {detail && <p>{detail}</p>}
        </div>
      </div>
      {children}
    </div>
  )
}
