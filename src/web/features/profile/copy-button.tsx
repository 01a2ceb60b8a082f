import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button, type ButtonProps } from '../../components/ui/button.tsx'
import { toast } from '../../stores/toast-store.ts'

/** Copies `text` to the clipboard and says so for two seconds. */
export function CopyButton({ text, label = 'Copy', copiedLabel = 'Copied', ...props }: { text: string; label?: string; copiedLabel?: string } & ButtonProps) {
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

  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()} {...props}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  )
}
