import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from '../stores/toast-store.ts'
import { Button, type ButtonProps } from './ui/button.tsx'

/**
 * Copies `text` to the clipboard and says so for two seconds. Shows `label` ("Copy codes"), or only
 * the icon; `what` completes the name for screen readers where the label alone is vague ("Copy" →
 * "Copy raw answer").
 */
export function CopyButton({
  text,
  label = 'Copy',
  what,
  iconOnly = false,
  ...props
}: { text: string; label?: string; what?: string; iconOnly?: boolean } & Omit<ButtonProps, 'onClick' | 'children'>) {
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
      onClick={() => void copy()}
      {...props}
      className={iconOnly ? `size-7 shrink-0 ${props.className ?? ''}` : props.className}
    >
      <Icon aria-hidden="true" />
      <span aria-live="polite">
        <span className={iconOnly ? 'sr-only' : undefined}>{copied ? 'Copied' : label}</span>
        {!copied && what && <span className="sr-only"> {what}</span>}
      </span>
    </Button>
  )
}
