import { useQuery } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import type { PlanId } from '#shared/plans.ts'
import { Separator } from '../../components/ui/separator.tsx'
import { healthQueryOptions } from '../notifications/index.ts'
import { PhoneSettings } from './phone-settings.tsx'
import { PushSettings } from './push-settings.tsx'
import { SectionCard } from '../../components/section-card.tsx'

/** Where alerts reach the user besides email; each alert picks its channels among these. */
export function NotificationsSection({ plan }: { plan: PlanId }) {
  // Only to say when this server keeps push notices in its outbox; without it the section still works.
  const health = useQuery(healthQueryOptions)
  return (
    <SectionCard
      id="notifications"
      icon={Bell}
      title="Notifications"
      description="Where price alerts reach you besides email: your phone for SMS and WhatsApp, and push notifications on this device. Each alert has its own choice of channels."
    >
      <PhoneSettings plan={plan} />
      <Separator />
      <PushSettings plan={plan} driver={health.data?.drivers.push} />
    </SectionCard>
  )
}
