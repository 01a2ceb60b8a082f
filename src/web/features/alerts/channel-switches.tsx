import { useQuery } from '@tanstack/react-query'
import { Info, Lock, PhoneOff } from 'lucide-react'
import { useId } from 'react'
import { Controller, useWatch, type Control } from 'react-hook-form'
import type { ClientView } from '#shared/clients.ts'
import { PREMIUM_REASON_LABEL } from '#shared/alerts/alert-rules.ts'
import type { PhoneState } from '#shared/phone-verification.ts'
import { NOTIFICATION_CHANNELS, type NotificationChannel, type PlanId } from '#shared/plans.ts'
import { PATHS } from '#shared/routes.ts'
import { Label } from '../../components/ui/label.tsx'
import { Switch } from '../../components/ui/switch.tsx'
import { Link } from 'react-router'
import { clientChannelNote, clientListQueryOptions } from '../clients/index.ts'
import { phoneQueryOptions } from '../notifications/index.ts'
import { CHANNEL_LABEL } from './alert-labels.ts'
import type { AlertSettingsInput } from './alert-settings-schema.ts'
import { channelLock, UPGRADE_PATH } from './plan-locks.ts'

/**
 * One switch per channel. Channels the plan lacks are locked, with the upgrade reason and the plan
 * that unlocks them; a locked channel that is already on (an older alert) can still be switched off.
 * For a client's alert (Unlimited, decision 043) the notices go to the client, so the notes speak
 * of the client's contacts instead of the advisor's phone.
 */
export function ChannelSwitches({ control, plan, error }: { control: Control<AlertSettingsInput>; plan: PlanId; error?: string }) {
  const id = useId()
  const { forClient, client } = useChosenClient(control, plan)
  // Only to say when SMS and WhatsApp would wait for the advisor's number; the switches work without it.
  const phone = useQuery({ ...phoneQueryOptions, enabled: !forClient })
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">{client ? `Notify ${client.name} by` : forClient ? 'Notify the client by' : 'Notify me by'}</legend>
      <ul className="grid gap-2 sm:grid-cols-2">
        {NOTIFICATION_CHANNELS.map((channel) => (
          <ChannelSwitch key={channel} channel={channel} control={control} plan={plan} phone={forClient ? undefined : phone.data} client={client} />
        ))}
      </ul>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** Whether the alert is for a client (chosen under "Tracking for"), and that client once the list has loaded. */
function useChosenClient(control: Control<AlertSettingsInput>, plan: PlanId): { forClient: boolean; client: ClientView | null } {
  const clientId = useWatch({ control, name: 'client_id' })
  const forClient = plan === 'unlimited' && Boolean(clientId)
  const clients = useQuery({ ...clientListQueryOptions(), enabled: forClient })
  return { forClient, client: (forClient && clients.data?.find((client) => client.id === clientId)) || null }
}

/** Where notices on a phone channel stand when the number isn't verified (decision 015): they wait. */
function phoneNote(channel: NotificationChannel, phone: PhoneState | undefined): { text: string; link: string } | null {
  if ((channel !== 'sms' && channel !== 'whatsapp') || !phone || phone.verified) return null
  return phone.phone
    ? { text: 'Your phone number needs verifying before these notices are sent. ', link: 'Verify it' }
    : { text: 'Add and verify a phone number to get these notices. ', link: 'Add a number' }
}

function ChannelSwitch({
  channel,
  control,
  plan,
  phone,
  client,
}: {
  channel: NotificationChannel
  control: Control<AlertSettingsInput>
  plan: PlanId
  phone: PhoneState | undefined
  client: ClientView | null
}) {
  const id = useId()
  const lock = channelLock(plan, channel)
  const note = lock || client ? null : phoneNote(channel, phone)
  const forClient = lock || !client ? null : clientChannelNote(client, channel)
  // Push shares SMS's premium reason on the server (decision 012) but is named for itself here.
  const what = channel === 'push' ? 'Push notifications' : lock ? PREMIUM_REASON_LABEL[lock.reason] : ''
  return (
    <li className="flex items-start justify-between gap-3 rounded-lg border p-3">
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={id}>{CHANNEL_LABEL[channel]}</Label>
        {lock && (
          <p id={`${id}-lock`} className="text-xs text-muted-foreground">
            <Lock className="mr-1 inline size-3 align-[-1px]" aria-hidden="true" />
            {`${what} need the ${lock.plan.name} plan. `}
            <Link to={UPGRADE_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
              Upgrade
            </Link>
          </p>
        )}
        {note && (
          <p id={`${id}-phone`} className="text-xs text-muted-foreground">
            <PhoneOff className="mr-1 inline size-3 align-[-1px]" aria-hidden="true" />
            {note.text}
            <Link to={`${PATHS.profile}#notifications`} className="font-medium text-primary underline-offset-4 hover:underline">
              {note.link}
            </Link>
          </p>
        )}
        {forClient && (
          <p id={`${id}-client`} className="text-xs text-muted-foreground">
            <Info className="mr-1 inline size-3 align-[-1px]" aria-hidden="true" />
            {forClient}
          </p>
        )}
      </div>
      <Controller
        control={control}
        name={`notification_channels.${channel}`}
        render={({ field }) => (
          <Switch
            id={id}
            checked={Boolean(field.value)}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            disabled={Boolean(lock) && !field.value}
            aria-describedby={lock ? `${id}-lock` : note ? `${id}-phone` : forClient ? `${id}-client` : undefined}
          />
        )}
      />
    </li>
  )
}
