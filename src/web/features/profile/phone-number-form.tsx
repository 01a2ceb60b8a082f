import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { setPhoneSchema } from '#shared/notifications.ts'
import type { PhoneState } from '#shared/phone-verification.ts'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { ApiError, errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { phoneQueryOptions, removePhone, savePhone } from '../notifications/index.ts'

function hint(state: PhoneState): string {
  if (!state.phone) return 'International format: + then the country code and number.'
  return state.verified ? 'SMS and WhatsApp notices go to this number.' : 'SMS and WhatsApp notices start once this number is verified.'
}

/** Saving a new number texts it a code (the verification panel below takes over); removing it stops phone notices. */
export function PhoneNumberForm({ state, labelledBy }: { state: PhoneState; labelledBy: string }) {
  const queryClient = useQueryClient()
  const form = useForm({ resolver: zodResolver(setPhoneSchema), defaultValues: { phone: state.phone ?? '' } })
  const [removing, setRemoving] = useState(false)
  const { errors, isSubmitting } = form.formState
  const stored = (next: PhoneState) => queryClient.setQueryData(phoneQueryOptions.queryKey, next)
  // After a failure the server may still have changed something (saved the number, then the text failed).
  const reread = () => void queryClient.invalidateQueries({ queryKey: phoneQueryOptions.queryKey })

  const onSubmit = form.handleSubmit(async ({ phone }) => {
    try {
      stored(await savePhone(phone))
      toast.success('Phone number saved')
    } catch (error) {
      // A number the server refuses, or too many codes asked for: said under the field.
      const message = error instanceof ApiError ? (error.fieldErrors?.phone?.[0] ?? (error.status === 429 ? error.message : undefined)) : undefined
      if (message) form.setError('phone', { message })
      else toast.error("Couldn't save your phone number", errorMessage(error))
      reread()
    }
  })

  const remove = async () => {
    setRemoving(true)
    try {
      stored(await removePhone())
      toast.success('Phone number removed')
    } catch (error) {
      toast.error("Couldn't remove your phone number", errorMessage(error))
      setRemoving(false)
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={labelledBy} className="grid gap-3">
      <FormField label="Phone number" error={errors.phone?.message} hint={hint(state)}>
        <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="+14155550100" {...form.register('phone')} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {state.phone && (
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
