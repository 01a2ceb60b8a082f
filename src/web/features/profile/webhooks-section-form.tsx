import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import {
  createWebhookEndpointSchema,
  MAX_WEBHOOK_DESCRIPTION_LENGTH,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type CreateWebhookEndpointInput,
} from '#shared/webhooks.ts'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { api, ApiError, errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { webhooksQuery, type ShownSecret } from './webhooks-section-shared.tsx'

const FIELDS = ['url', 'events', 'description'] as const

/**
 * Adds an endpoint: URL, the events to send, a description. The shared schema checks it here with
 * the server's own messages; what only the server can tell (a private address, the cap) comes back
 * under the field it is about, or as a toast.
 */
export function WebhookEndpointForm({ onCreated }: { onCreated: (shown: ShownSecret) => void }) {
  const queryClient = useQueryClient()
  const eventsId = useId()
  const form = useForm<CreateWebhookEndpointInput>({
    resolver: zodResolver(createWebhookEndpointSchema),
    defaultValues: { url: '', events: [...WEBHOOK_EVENT_TYPES], description: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const answer = await api('POST /api/me/webhooks', { json: input })
      onCreated({ endpointId: answer.endpoint.id, url: answer.endpoint.url, secret: answer.secret, reason: 'created' })
      form.reset()
      await queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey })
    } catch (error) {
      // The server's field messages ("events.0" is about the events) go under their fields.
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined
      const placed = FIELDS.filter((field) => {
        const message = Object.entries(fieldErrors ?? {}).find(([key]) => key.split('.')[0] === field)?.[1][0]
        if (message) form.setError(field, { message }, { shouldFocus: true })
        return Boolean(message)
      })
      if (placed.length === 0) toast.error('Could not add the endpoint', errorMessage(error))
    }
  })

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add a webhook endpoint" className="grid gap-4 sm:rounded-lg sm:border sm:p-4">
      <FormField label="Endpoint URL" error={errors.url?.message} hint="Your HTTPS address that receives the events.">
        <Input type="url" inputMode="url" autoComplete="off" placeholder="https://crm.example.com/faredrop" maxLength={MAX_WEBHOOK_URL_LENGTH} {...form.register('url')} />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.events ? `${eventsId}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Events to send</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex items-start gap-2 text-sm">
            <input type="checkbox" value={type} className="mt-0.5 size-4 shrink-0 accent-primary" aria-invalid={errors.events ? true : undefined} {...form.register('events')} />
            <span className="grid gap-0.5">
              <span>
                {WEBHOOK_EVENT_LABELS[type].title} <code className="text-xs text-muted-foreground">{type}</code>
              </span>
              <span className="text-xs text-muted-foreground">{WEBHOOK_EVENT_LABELS[type].hint}</span>
            </span>
          </label>
        ))}
        {errors.events && (
          <p id={`${eventsId}-error`} className="text-sm text-destructive">
            {errors.events.message ?? errors.events.root?.message}
          </p>
        )}
      </fieldset>
      <FormField label="Description (optional)" error={errors.description?.message} hint="What receives it, such as “Agency CRM”.">
        <Input autoComplete="off" maxLength={MAX_WEBHOOK_DESCRIPTION_LENGTH} {...form.register('description')} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
          <Plus aria-hidden="true" />
          Add endpoint
        </Button>
      </div>
    </form>
  )
}
