import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button, type ButtonProps } from '../../components/ui/button.tsx'
import { toast } from '../../stores/toast-store.ts'

/**
 * Copies `text` and says so for two seconds. Shows "Copy" (or only the icon); `what` completes the
 * name for screen readers ("Copy raw answer").
 */
export function CopyButton({
  text,
  what,
  iconOnly = false,
  ...props
}: { text: string; what: string; iconOnly?: boolean } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
    } catch {
      toast.error('Could not copy', 'Select the text and copy it yourself.')
    }
  }

  const Icon = copied ? Check : Copy
  return (
    <Button
      type="button"
      variant={iconOnly ? 'ghost' : 'outline'}
      size={iconOnly ? 'icon' : 'sm'}
      className={iconOnly ? 'size-7 shrink-0' : undefined}
      onClick={() => void copy()}
      {...props}
    >
      <Icon aria-hidden="true" />
      <span aria-live="polite">
        <span className={iconOnly ? 'sr-only' : undefined}>{copied ? 'Copied' : 'Copy'}</span>
        {!copied && <span className="sr-only"> {what}</span>}
      </span>
    </Button>
  )
}
