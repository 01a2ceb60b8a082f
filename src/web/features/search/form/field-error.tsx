import { AlertCircle } from 'lucide-react'
import { cn } from '../../../lib/cn.ts'

/** A field's error under it, in the design system's style; give the field `aria-describedby={id}`. */
export function FieldError({ id, message, className }: { id: string; message: string | undefined; className?: string }) {
  if (!message) return null
  return (
    <p id={id} className={cn('flex items-start gap-1.5 text-sm font-medium text-destructive', className)}>
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  )
}
