import { Check, Copy, KeyRound, X } from 'lucide-react'
import { useState } from 'react'
import { Notice } from '../../components/notice.tsx'
import { Button } from '../../components/ui/button.tsx'
import { api } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'

/** What the webhooks section's parts share: the queries' keys and the secret on show. */

export const webhooksQuery = { queryKey: ['me', 'webhooks'], queryFn: () => api('GET /api/me/webhooks') }
export const deliveriesKey = (endpointId: string) => ['me', 'webhooks', endpointId, 'deliveries']

/** A signing secret on show (just created, revealed or rotated), with a copy button. */
export interface ShownSecret {
  endpointId: string
  url: string
  secret: string
  /** Why it is shown: the words above it differ. */
  reason: 'created' | 'revealed' | 'rotated'
}

const INTRO: Record<ShownSecret['reason'], string> = {
  created: 'Endpoint added. Copy its signing secret into your receiver: it verifies the FareDrop-Signature header of every delivery.',
  revealed: 'The signing secret of this endpoint:',
  rotated: 'New signing secret: the old one no longer signs deliveries, so put this one in your receiver now.',
}

export function SecretNotice({ shown, onHide }: { shown: ShownSecret; onHide: () => void }) {
  const [copied, setCopied] = useState(false)
  const copy = () =>
    void navigator.clipboard.writeText(shown.secret).then(
      () => setCopied(true),
      () => toast.error('Could not copy', 'Select the secret and copy it by hand.'),
    )
  return (
    <Notice tone={shown.reason === 'revealed' ? 'info' : 'success'} icon={KeyRound}>
      <div className="grid min-w-0 gap-2">
        <p>{INTRO[shown.reason]}</p>
        <p className="text-xs break-all text-muted-foreground">{shown.url}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 rounded bg-background px-2 py-1 font-mono text-xs break-all" aria-label="Signing secret">
            {shown.secret}
          </code>
          <Button type="button" size="sm" variant="outline" onClick={copy}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onHide}>
            <X aria-hidden="true" />
            Hide
          </Button>
        </div>
      </div>
    </Notice>
  )
}
