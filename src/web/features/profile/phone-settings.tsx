import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { setPhoneSchema } from '#shared/notifications.ts'
import type { PlanId } from '#shared/plans.ts'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { ApiError, errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { phoneQueryOptions, removePhone, savePhone } from '../notifications/api.ts'
import { ChannelAccess } from './channel-access.tsx'

const HEADING_ID = 'phone-settings-heading'

/** The number SMS and WhatsApp notices go to, and which of the two the plan includes. */
export function PhoneSettings({ plan }: { plan: PlanId }) {
  const phone = useQuery(phoneQueryOptions)
  return (
    <div className="grid gap-3">
      <h3 id={HEADING_ID} className="text-sm font-semibold">
        Phone for SMS and WhatsApp
      </h3>
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
        // Keyed by the saved number: saving or removing starts the form afresh from the new value.
        <PhoneForm key={phone.data ?? ''} saved={phone.data} />
      )}
    </div>
  )
}

function PhoneForm({ saved }: { saved: string | null }) {
  const queryClient = useQueryClient()
  const form = useForm({ resolver: zodResolver(setPhoneSchema), defaultValues: { phone: saved ?? '' } })
  const [removing, setRemoving] = useState(false)
  const { errors, isSubmitting } = form.formState
  const stored = (phone: string | null) => queryClient.setQueryData(phoneQueryOptions.queryKey, phone)

  const onSubmit = form.handleSubmit(async ({ phone }) => {
    try {
      stored((await savePhone(phone)).phone)
      toast.success('Phone number saved')
    } catch (error) {
      const message = error instanceof ApiError ? error.fieldErrors?.phone?.[0] : undefined
      if (message) form.setError('phone', { message })
      else toast.error("Couldn't save your phone number", errorMessage(error))
    }
  })

  const remove = async () => {
    setRemoving(true)
    try {
      await removePhone()
      stored(null)
      toast.success('Phone number removed')
    } catch (error) {
      toast.error("Couldn't remove your phone number", errorMessage(error))
      setRemoving(false)
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={HEADING_ID} className="grid gap-3">
      <FormField
        label="Phone number"
        error={errors.phone?.message}
        hint={saved ? 'SMS and WhatsApp notices go to this number.' : 'International format: + then the country code and number.'}
      >
        <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="+14155550100" {...form.register('phone')} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {saved && (
          <Button type="button" variant="outline" loading={removing} disabled={isSubmitting} onClick={() => void remove()}>
            Remove number
          </Button>
        )}
        <Button type="submit" loading={isSubmitting} disabled={removing}>
          Save number
        </Button>
      </div>
    </form>
  )
}
