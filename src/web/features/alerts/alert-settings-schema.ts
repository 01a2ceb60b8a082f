import type { FieldPath, UseFormSetError, UseFormSetFocus } from 'react-hook-form'
import { z } from 'zod'
import { ALERT_MESSAGES, createAlertSchema } from '#shared/alerts/alert.ts'
import { dropPercentSchema, ruleProblems } from '#shared/alerts/alert-trigger.ts'
import { DAILY_DIGEST_MESSAGES } from '#shared/alerts/daily-digest.ts'
import { DATE_WINDOW_MESSAGES, dateWindowSchema, type DateWindow, type DateWindowInput } from '#shared/alerts/date-window.ts'
import { earliestTravelDate } from '#shared/flights/travel-date.ts'
import { alertBagsSchema } from '#shared/flights/bag-fees.ts'

/**
 * What the create and edit forms edit: name, target, channels and frequency, with the API's own
 * field schemas and messages (taken from createAlertSchema's shape, so the form can never accept
 * what the server refuses).
 */
const { name, target_price, notification_channels, check_frequency, trigger, baseline_price, renotify_step, quiet_hours, digest } = createAlertSchema.shape
/** Bags per traveller; 0 and 0 is none (the server stores none as null). */
const bags = alertBagsSchema.optional()
/** The form's "Tracking for" select: "" is the advisor themselves. */
const client_id = z.preprocess((value) => (value === '' ? null : value), createAlertSchema.shape.client_id)
/** The drop field is empty unless the rule is a drop: "" reads as none. */
const drop_percent = z.preprocess((value) => (value === '' ? null : value), dropPercentSchema.nullable().optional())

/** Whether two windows are the same rule (a stored one comes back from the API with its keys in another order). */
export function sameDateWindow(a: DateWindowInput | null | undefined, b: DateWindowInput | null | undefined): boolean {
  if (!a || !b) return !a && !b
  const nights = (window: DateWindowInput) => (window.nights ? `${String(window.nights.min)}-${String(window.nights.max)}` : '')
  return (
    a.depart_from === b.depart_from &&
    a.depart_to === b.depart_to &&
    Boolean(a.weekends_only) === Boolean(b.weekends_only) &&
    nights(a) === nights(b) &&
    (a.outbound_times ?? '') === (b.outbound_times ?? '') &&
    (a.return_times ?? '') === (b.return_times ?? '')
  )
}

/**
 * What an edit keeps: the alert's stored window (which may have begun: only a new or changed window
 * must start today or later, as the server judges it) and its own departure date (the alert goes
 * back to it when its window is turned off, so that date must not have passed).
 */
export interface KeptDates {
  window: DateWindow | null
  ownDeparture: string | null
}

function settingsSchema(kept: KeptDates | null) {
  /** A new or changed window starts on a day that can still be travelled (the server says the same with its own clock). */
  const date_window = dateWindowSchema
    .refine((window) => (kept !== null && sameDateWindow(window, kept.window)) || window.depart_from >= earliestTravelDate(new Date()), {
      message: DATE_WINDOW_MESSAGES.past,
      path: ['depart_from'],
    })
    .nullable()
    .optional()
    .refine((window) => window || !kept?.window || !kept.ownDeparture || kept.ownDeparture >= earliestTravelDate(new Date()), ALERT_MESSAGES.pastDeparture)
  return z
    .object({ name, target_price, notification_channels, check_frequency, client_id, trigger, drop_percent, baseline_price, renotify_step, quiet_hours, digest, date_window, bags })
    .superRefine((settings, ctx) => {
      if (!Object.values(settings.notification_channels).some(Boolean)) {
        ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.noChannel, path: ['notification_channels'] })
      }
      const rule = { trigger: settings.trigger, drop_percent: settings.drop_percent ?? null, baseline_price: settings.baseline_price ?? null }
      for (const [path, message] of Object.entries(ruleProblems(rule))) ctx.addIssue({ code: 'custom', message, path: [path === 'baseline_price' ? 'trigger' : path] })
      if (settings.quiet_hours && settings.digest) ctx.addIssue({ code: 'custom', message: DAILY_DIGEST_MESSAGES.withQuietHours, path: ['digest'] })
    })
}

/** The create form's settings. */
export const alertSettingsSchema = settingsSchema(null)
/** The edit dialog's: the same fields and messages, judged against what the alert keeps. */
export const editAlertSettingsSchema = (kept: KeptDates) => settingsSchema(kept)

export type AlertSettingsInput = z.input<typeof alertSettingsSchema>
export type AlertSettings = z.output<typeof alertSettingsSchema>

const FORM_FIELDS = ['name', 'target_price', 'notification_channels', 'check_frequency', 'client_id', 'trigger', 'drop_percent', 'renotify_step', 'quiet_hours', 'digest', 'date_window', 'bags'] as const

/**
 * Puts the server's field errors on the form's fields ("notification_channels.sms" on the channel
 * group); returns the messages that belong to no field (the search parameters, say).
 */
export function applyServerFieldErrors(
  setError: UseFormSetError<AlertSettingsInput>,
  fieldErrors: Record<string, string[]>,
  setFocus?: UseFormSetFocus<AlertSettingsInput>,
): string[] {
  const elsewhere: string[] = []
  let focused = false
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const field = FORM_FIELDS.find((candidate) => path === candidate || path.startsWith(`${candidate}.`))
    const message = messages[0]
    if (!message) continue
    if (!field) {
      elsewhere.push(message)
      continue
    }
    // The window's and the bags' parts keep their own path ("date_window.depart_from"), so the message shows beside that input.
    const target = (NESTED_FIELDS as readonly string[]).includes(field) && /^[a-z_]+(\.[a-z_]+)*$/.test(path) ? (path as FieldPath<AlertSettingsInput>) : field
    setError(target, { type: 'server', message })
    // The first one is focused (and so scrolled to): the answer comes back while the traveller is at the Save button.
    if (!focused) setFocus?.(field)
    focused = true
  }
  return elsewhere
}

const NESTED_FIELDS = ['date_window', 'bags'] as const
