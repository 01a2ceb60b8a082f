import { CheckCircle2, Lock } from 'lucide-react'
import { Link } from 'react-router'
import type { NotificationChannel, PlanId } from '#shared/plans.ts'
import { CHANNEL_LABEL } from '../alerts/index.ts'
import { channelLock, UPGRADE_PATH } from '../alerts/index.ts'

/** Whether the plan includes a channel, or which plan does with the way to upgrade. */
export function ChannelAccess({ plan, channel }: { plan: PlanId; channel: NotificationChannel }) {
  const lock = channelLock(plan, channel)
  const name = channel === 'push' ? 'Push notifications' : CHANNEL_LABEL[channel]
  return (
    <li className="flex items-start gap-2 text-sm">
      {lock ? (
        <>
          <Lock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="text-muted-foreground">
            {`${name}: ${lock.plan.name} plan and up. `}
            <Link to={UPGRADE_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
              Upgrade
            </Link>
          </span>
        </>
      ) : (
        <>
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <span>{`${name}: included in your plan`}</span>
        </>
      )}
    </li>
  )
}
