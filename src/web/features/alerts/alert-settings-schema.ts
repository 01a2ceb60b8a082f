import type { UseFormSetError } from 'react-hook-form'
import { z } from 'zod'
import { ALERT_MESSAGES, createAlertSchema } from '#shared/alerts/alert.ts'
import { dropPercentSchema, ruleProblems } from '#shared/alerts/alert-trigger.ts'
import { DAILY_DIGEST_MESSAGES } from '#shared/alerts/daily-digest.ts'
import { DATE_WINDOW_MESSAGES, dateWindowSchema } from '#shared/alerts/date-window.ts'
import { earliestTravelDate } from '#shared/flights/travel-date.ts'
import { alertBagsSchema } from '#shared/flights/bag-fees.ts'

/**
 * What the create and edit forms edit: name, target, channels and frequency, with the API's own
 * field schemas and messages (taken from createAlertSchema's shape, so the form can never accept
 * what the server refuses).
 */
const { name, target_price, notification_channels, check_frequency, trigger, baseline_price, renotify_step, quiet_hours, digest } = createAlertSchema.shape
/** A new or changed window starts on a day that can still be travelled (the server says the same with its own clock). */
/** Bags per traveller; 0 and 0 is none (the server stores none as null). */
const bags = alertBagsSchema.optional()
const date_window = dateWindowSchema
  .refine((window) => window.depart_from >= earliestTravelDate(new Date()), { message: DATE_WINDOW_MESSAGES.past, path: ['depart_from'] })
  .nullable()
  .optional()
/** The form's "Tracking for" select: "" is the advisor themselves. */
const client_id = z.preprocess((value) => (value === '' ? null : value), createAlertSchema.shape.client_id)
/** The drop field is empty unless the rule is a drop: "" reads as none. */
const drop_percent = z.preprocess((value) => (value === '' ? null : value), dropPercentSchema.nullable().optional())

export const alertSettingsSchema = z
  .object({ name, target_price, notification_channels, check_frequency, client_id, trigger, drop_percent, baseline_price, renotify_step, quiet_hours, digest, date_window, bags })
  .superRefine((settings, ctx) => {
    if (!Object.values(settings.notification_channels).some(Boolean)) {
      ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.noChannel, path: ['notification_channels'] })
    }
    const rule = { trigger: settings.trigger, drop_percent: settings.drop_percent ?? null, baseline_price: settings.baseline_price ?? null }
    for (const [path, message] of Object.entries(ruleProblems(rule))) ctx.addIssue({ code: 'custom', message, path: [path === 'baseline_price' ? 'trigger' : path] })
    if (settings.quiet_hours && settings.digest) ctx.addIssue({ code: 'custom', message: DAILY_DIGEST_MESSAGES.withQuietHours, path: ['digest'] })
  })

export type AlertSettingsInput = z.input<typeof alertSettingsSchema>
export type AlertSettings = z.output<typeof alertSettingsSchema>

const FORM_FIELDS = ['name', 'target_price', 'notification_channels', 'check_frequency', 'client_id', 'trigger', 'drop_percent', 'renotify_step', 'quiet_hours', 'digest', 'date_window', 'bags'] as const

/**
 * Puts the server's field errors on the form's fields ("notification_channels.sms" on the channel
 * group); returns the messages that belong to no field (the search parameters, say).
 */
export function applyServerFieldErrors(setError: UseFormSetError<AlertSettingsInput>, fieldErrors: Record<string, string[]>): string[] {
  const elsewhere: string[] = []
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const field = FORM_FIELDS.find((candidate) => path === candidate || path.startsWith(`${candidate}.`))
    const message = messages[0]
    if (!message) continue
    if (field) setError(field, { type: 'server', message })
    else elsewhere.push(message)
  }
  return elsewhere
}
