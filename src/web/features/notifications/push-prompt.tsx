import { BellRing, X } from 'lucide-react'
import type { Alert } from '#shared/alerts/alert.ts'
import { Button } from '../../components/ui/button.tsx'
import { useAlertStore } from '../../stores/alert-store.ts'
import { toast } from '../../stores/toast-store.ts'
import { usePushSubscription } from './use-push-subscription.ts'

/**
 * On /alerts: some alert sends push notices but this device would never receive them. Offered only
 * while the browser has not been asked yet (permission "default"), and never again once dismissed.
 */
export function PushPrompt({ alerts }: { alerts: readonly Alert[] | undefined }) {
  const dismissed = useAlertStore((state) => state.pushPromptDismissed)
  const wantsPush = alerts?.some((alert) => alert.notification_channels.push) ?? false
  // The browser is only looked at when there is something to offer.
  return dismissed || !wantsPush ? null : <PushPromptCard />
}

function PushPromptCard() {
  const push = usePushSubscription()
  // After a failed attempt the permission may be granted already; keep the card for the error and a retry.
  if (push.status !== 'off' || (push.permission !== 'default' && !push.error)) return null

  const turnOn = async () => {
    if (await push.subscribe()) toast.success('Push notifications are on for this device')
  }

  return (
    <section aria-labelledby="push-prompt-title" className="flex items-start gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm">
      <BellRing className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-2">
        <h2 id="push-prompt-title" className="font-semibold">
          Get push notifications on this device
        </h2>
        <p className="text-muted-foreground">Some of your alerts send push notifications, but this browser isn't set up to receive them yet.</p>
        {push.error && <p className="text-destructive">{push.error}</p>}
        <div>
          <Button size="sm" loading={push.busy} onClick={() => void turnOn()}>
            Turn on push notifications
          </Button>
        </div>
      </div>
      <Button variant="ghost" size="icon" className="-mt-2 -mr-2 size-8" aria-label="Don't ask again" onClick={() => useAlertStore.getState().dismissPushPrompt()}>
        <X aria-hidden="true" />
      </Button>
    </section>
  )
}
