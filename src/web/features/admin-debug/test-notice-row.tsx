import { useMutation } from '@tanstack/react-query'
import { CheckCircle2, XCircle } from 'lucide-react'
import type { NoticeChannel } from '#shared/admin.ts'
import { Button } from '../../components/ui/button.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { sendTestNotice } from './api.ts'
import { CHANNEL_NAMES } from './debug-format.ts'


/** One channel: the button that sends a test notice to the signed-in admin, and how it went. */
export function TestNoticeRow({ channel }: { channel: NoticeChannel }) {
  const send = useMutation({ mutationFn: () => sendTestNotice(channel) })
  const result = send.data
  return (
    <li className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[11.5rem_1fr] sm:items-start">
      <Button type="button" variant="outline" size="sm" loading={send.isPending} onClick={() => send.mutate()}>
        Send test {CHANNEL_NAMES[channel]}
      </Button>
      <div className="min-w-0 text-sm">
        <div role="status">
          {send.isSuccess && result && (
            <p className="flex items-start gap-1.5">
              {result.delivered ? (
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              ) : (
                <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
              )}
              <span className="min-w-0 break-words">
                <span className="font-medium">{result.delivered ? 'Delivered' : 'Not delivered'}</span> via{' '}
                <span className="font-mono">{result.driver}</span>: {result.detail}
              </span>
            </p>
          )}
          {send.isIdle && <p className="hidden pt-1.5 text-muted-foreground sm:block">Not sent yet.</p>}
        </div>
        {send.isError && (
          <p role="alert" className="pt-1.5 text-destructive">
            {errorMessage(send.error)}
          </p>
        )}
      </div>
    </li>
  )
}
