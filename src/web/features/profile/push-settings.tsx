import { BellOff, BellRing, Info } from 'lucide-react'
import type { PlanId } from '#shared/plans.ts'
import { PRODUCT_NAME } from '#shared/site.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { toast } from '../../stores/toast-store.ts'
import { usePushSubscription } from '../notifications/index.ts'
import { ChannelAccess } from './channel-access.tsx'

/** Push notifications on this browser: what state it is in and the one action that fits. */
export function PushSettings({ plan, driver }: { plan: PlanId; driver: string | undefined }) {
  const push = usePushSubscription()

  const turnOn = async () => {
    if (await push.subscribe()) toast.success('Push notifications are on for this device')
  }
  const turnOff = async () => {
    if (await push.unsubscribe()) toast.success('Push notifications are off for this device')
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Push notifications on this device</h3>
        {push.status === 'on' && <Badge variant="success">On</Badge>}
      </div>
      <ul className="grid gap-1" aria-label="Push in your plan">
        <ChannelAccess plan={plan} channel="push" />
      </ul>
      {driver === 'outbox' && (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          This server has no push service set up: push notices go to its local outbox, not to your devices. You can still turn push on here.
        </p>
      )}
      {push.status === 'checking' ? (
        <Skeleton className="h-10 w-56" />
      ) : push.status === 'unsupported' ? (
        <p className="text-sm text-muted-foreground">This browser can't receive push notifications.</p>
      ) : push.status === 'blocked' ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <BellOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {`Notifications are blocked for ${PRODUCT_NAME} in this browser. Allow them in the site settings, then reload this page.`}
        </p>
      ) : push.status === 'on' ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">Push notifications are on for this device.</p>
          <Button variant="outline" size="sm" loading={push.busy} onClick={() => void turnOff()}>
            Turn off
          </Button>
        </div>
      ) : (
        <div>
          <Button size="sm" loading={push.busy} onClick={() => void turnOn()}>
            <BellRing aria-hidden="true" />
            Turn on push notifications
          </Button>
        </div>
      )}
      {push.error && (
        <p role="alert" className="text-sm text-destructive">
          {push.error}
        </p>
      )}
    </div>
  )
}
