import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { CLIENT_CHANNELS, CLIENT_LIMITS, createClientSchema, type ClientChannel, type ClientView, type CreateClient, type CreateClientInput } from '#shared/clients.ts'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { api, ApiError, errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { clientQueryKeys } from './api.ts'

const CHANNEL_LABEL: Record<ClientChannel, string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' }
const FIELDS = ['name', 'email', 'phone', 'channels'] as const

/**
 * Add a client or change one: name, contact email and phone, and how they get alerts. A new or
 * changed address is asked to confirm before anything reaches it; the dialog says so.
 */
export function ClientFormDialog({ client, open, onOpenChange }: { client: ClientView | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient()
  const form = useForm<CreateClientInput, unknown, CreateClient>({
    resolver: zodResolver(createClientSchema),
    values: { name: client?.name ?? '', email: client?.email ?? '', phone: client?.phone ?? '', channels: client?.channels ?? ['email'] },
  })
  const { errors, isSubmitting } = form.formState
  const channels = form.watch('channels') ?? []

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = client
        ? (await api('PATCH /api/clients/:id', { params: { id: client.id }, json: values })).client
        : (await api('POST /api/clients', { json: values })).client
      await queryClient.invalidateQueries({ queryKey: clientQueryKeys.all() })
      const asked = [saved.emailStatus, saved.phoneStatus].includes('pending') && saved.confirmationSentAt !== client?.confirmationSentAt
      toast.success(client ? 'Client saved' : 'Client added', asked ? `${saved.name} was asked to confirm: alerts reach them once they do.` : saved.name)
      onOpenChange(false)
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        for (const field of FIELDS) {
          const message = error.fieldErrors[field]?.[0]
          if (message) form.setError(field, { message })
        }
        if (FIELDS.some((field) => error.fieldErrors?.[field])) return
      }
      toast.error(client ? 'Could not save the client' : 'Could not add the client', errorMessage(error))
    }
  })

  const toggle = (channel: ClientChannel, on: boolean) => {
    const next = on ? [...channels, channel] : channels.filter((c) => c !== channel)
    form.setValue('channels', CLIENT_CHANNELS.filter((c) => next.includes(c)), { shouldValidate: form.formState.isSubmitted })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{client ? `Edit ${client.name}` : 'Add a client'}</DialogTitle>
          <DialogDescription>
            We ask the client to confirm each address before sending them fare alerts, and every alert lets them unsubscribe in one click.
          </DialogDescription>
        </DialogHeader>
        <form id="client-form" className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <FormField label="Name" error={errors.name?.message}>
            <Input autoComplete="off" maxLength={CLIENT_LIMITS.nameMax} {...form.register('name')} />
          </FormField>
          <FormField label="Email" error={errors.email?.message} hint="Where their email alerts go.">
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </FormField>
          <FormField label="Phone" error={errors.phone?.message} hint="For SMS or WhatsApp, in international format: +14155550100.">
            <Input type="tel" autoComplete="off" {...form.register('phone')} />
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Send alerts by</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {CLIENT_CHANNELS.map((channel) => (
                <label key={channel} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4 accent-primary" checked={channels.includes(channel)} onChange={(event) => toggle(channel, event.target.checked)} />
                  {CHANNEL_LABEL[channel]}
                </label>
              ))}
            </div>
            {errors.channels?.message && <p className="text-sm text-destructive">{errors.channels.message}</p>}
          </fieldset>
        </form>
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="client-form" loading={isSubmitting}>
            {client ? 'Save client' : 'Add client'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
