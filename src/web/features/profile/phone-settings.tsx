import { useQuery } from '@tanstack/react-query'
import { CheckCircle2 } from 'lucide-react'
import type { PlanId } from '#shared/plans.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { phoneQueryOptions } from '../notifications/index.ts'
import { ChannelAccess } from './channel-access.tsx'
import { PhoneNumberForm } from './phone-number-form.tsx'
import { PhoneVerification } from './phone-verification.tsx'

const HEADING_ID = 'phone-settings-heading'

/**
 * The number SMS and WhatsApp notices go to, which of the two the plan includes, and the number's
 * verification by a texted code (decision 015): notices wait until it is verified.
 */
export function PhoneSettings({ plan }: { plan: PlanId }) {
  const phone = useQuery(phoneQueryOptions)
  const state = phone.data
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={HEADING_ID} className="text-sm font-semibold">
          Phone for SMS and WhatsApp
        </h3>
        {state?.phone &&
          (state.verified ? (
            <Badge variant="success">
              <CheckCircle2 aria-hidden="true" />
              Verified
            </Badge>
          ) : (
            <Badge variant="warning">Not verified</Badge>
          ))}
      </div>
      <ul className="grid gap-1" aria-label="Phone channels in your plan">
        <ChannelAccess plan={plan} channel="whatsapp" />
        <ChannelAccess plan={plan} channel="sms" />
      </ul>
      {phone.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : phone.isError ? (
        <p className="text-sm text-muted-foreground">
          {`Couldn't load your phone number. ${errorMessage(phone.error)} `}
          <Button variant="link" className="h-auto p-0" onClick={() => void phone.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <>
          {/* Keyed by the saved number: saving or removing starts the form afresh from the new value. */}
          <PhoneNumberForm key={phone.data.phone ?? ''} state={phone.data} labelledBy={HEADING_ID} />
          {phone.data.phone && !phone.data.verified && (
            <PhoneVerification key={phone.data.phone} state={{ ...phone.data, phone: phone.data.phone }} receivedAt={phone.dataUpdatedAt} />
          )}
        </>
      )}
    </div>
  )
}
