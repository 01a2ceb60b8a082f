import { LIVE_ALERT_STATUSES } from '#shared/alert-status.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { AlertTriangle } from 'lucide-react'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { ALERT_MESSAGES, type Alert } from '#shared/alerts/alert.ts'
import type { PremiumReason } from '#shared/alerts/alert-rules.ts'
import { combinationDatesText } from '#shared/alerts/date-window.ts'
import type { AlertBags } from '#shared/flights/bag-fees.ts'
import type { DatePair } from '#shared/flights/flexible-dates.ts'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { Notice } from '../../components/notice.tsx'
import { AlertSettingsFields } from './alert-settings-fields.tsx'
import { applyServerFieldErrors, editAlertSettingsSchema, sameDateWindow, type AlertSettings, type AlertSettingsInput } from './alert-settings-schema.ts'
import { BagFields } from './bag-fields.tsx'
import { FlexibleWindowField } from './flexible-window-field.tsx'
import { premiumReasonsOf } from './api.ts'
import { usePlan } from './plan-locks.ts'
import { UpgradePrompt } from './upgrade-prompt.tsx'
import { useUpdateAlert } from './use-alert-mutations.ts'

/**
 * The edit modal for an editable alert: name, target, channels and frequency, with the plan's locks;
 * for a route alert also its flexible dates and bags, as creation offers them (decision 055).
 */
export function EditAlertDialog({ alert, onClose }: { alert: Alert | null; onClose: () => void }) {
  return (
    <Dialog open={alert !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <EditAlertContent alert={alert} onClose={onClose} />
      </DialogContent>
    </Dialog>
  )
}

function EditAlertContent({ alert: live, onClose }: { alert: Alert | null; onClose: () => void }) {
  // Keeps the form on screen during the exit animation, after the editing id is cleared.
  const [opened] = useState(live)
  const alert = live ?? opened
  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit alert</DialogTitle>
        <DialogDescription>{alert ? `Change how “${alert.name}” is watched.` : 'This alert is no longer available.'}</DialogDescription>
      </DialogHeader>
      {alert && <EditAlertForm key={alert.id} alert={alert} onDone={onClose} />}
    </>
  )
}

/** Said on the window when reasonable use refused the save: a flexible alert's checks count each search. */
export const WINDOW_SEARCHES_COUNTED = 'Reasonable use counts every search of this window’s checks: fewer departure days, fewer trip lengths or weekends only make fewer.'

/** Whether the form's bags are the alert's (none and 0 + 0 are the same). */
function sameBags(bags: { carry_on?: unknown; checked?: unknown } | null | undefined, stored: AlertBags | null): boolean {
  return Number(bags?.carry_on ?? 0) === (stored?.carry_on ?? 0) && Number(bags?.checked ?? 0) === (stored?.checked ?? 0)
}

function EditAlertForm({ alert, onDone }: { alert: Alert; onDone: () => void }) {
  const plan = usePlan()
  const update = useUpdateAlert()
  const [failure, setFailure] = useState<string[] | null>(null)
  const [upgrade, setUpgrade] = useState<PremiumReason[] | null>(null)
  const ownDates = { departureDate: alert.search_parameters.outbound_date ?? null, returnDate: alert.search_parameters.type === 1 ? (alert.search_parameters.return_date ?? null) : null }
  const [schema] = useState(() => editAlertSettingsSchema({ window: alert.date_window, ownDeparture: ownDates.departureDate }))
  const form = useForm<AlertSettingsInput, unknown, AlertSettings>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: alert.name,
      target_price: alert.target_price,
      notification_channels: { ...alert.notification_channels },
      check_frequency: alert.check_frequency,
      client_id: alert.client_id ?? '',
      trigger: alert.trigger,
      drop_percent: alert.drop_percent ?? '',
      // A rule chosen or changed here is measured from the alert's price now (the form says "today's"),
      // or from the price when it was set while it has none.
      baseline_price: alert.current_price ?? alert.baseline_price,
      renotify_step: { ...alert.renotify_step },
      quiet_hours: alert.quiet_hours ? { ...alert.quiet_hours } : null,
      digest: alert.digest ? { ...alert.digest } : null,
      date_window: alert.date_window ? { ...alert.date_window, nights: alert.date_window.nights ? { ...alert.date_window.nights } : null } : null,
      bags: { carry_on: alert.bags?.carry_on ?? 0, checked: alert.bags?.checked ?? 0 },
    },
  })
  // Flexible dates and bags, where creation offers them (decision 055): a route alert's window (one way
  // or round trip; the same switch as creation, so a fixed-date alert can become flexible), its bags.
  const flexible = alert.alertType === 'route' && alert.search_parameters.type !== 3
  const frequency = useWatch({ control: form.control, name: 'check_frequency' })
  const windowNow = useWatch({ control: form.control, name: 'date_window' })
  const bagsNow = useWatch({ control: form.control, name: 'bags' })
  const pricingChanged = !sameDateWindow(windowNow, alert.date_window) || !sameBags(bagsNow, alert.bags)

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null)
    setUpgrade(null)
    try {
      // The client travels only when it changed (a downgraded advisor may still edit a client's alert).
      const { client_id: clientId, trigger, drop_percent: dropPercent, baseline_price: baseline, renotify_step: step, quiet_hours: quiet, digest, date_window: dateWindow, bags, ...rest } = values
      // The rule travels only when it changed: a changed rule starts afresh on the server (decision 051).
      const ruleChanged = trigger !== alert.trigger || (trigger === 'drop' && dropPercent !== alert.drop_percent)
      const stepChanged = step.unit !== alert.renotify_step.unit || step.value !== alert.renotify_step.value
      const was = alert.quiet_hours
      const quietChanged = quiet && was ? quiet.start !== was.start || quiet.end !== was.end || quiet.time_zone !== was.time_zone : Boolean(quiet) !== Boolean(was)
      const before = alert.digest
      const digestChanged = digest && before ? digest.hour !== before.hour || digest.time_zone !== before.time_zone : Boolean(digest) !== Boolean(before)
      // The window and the bags travel only when they changed: either starts the alert afresh (decision 055).
      const windowChanged = !sameDateWindow(dateWindow, alert.date_window)
      const bagsChanged = !sameBags(bags, alert.bags)
      await update.mutateAsync({
        id: alert.id,
        patch: {
          ...rest,
          ...(clientId === alert.client_id ? {} : { client_id: clientId }),
          ...(ruleChanged ? { trigger, drop_percent: trigger === 'drop' ? (dropPercent ?? null) : null, baseline_price: baseline ?? null } : {}),
          ...(stepChanged ? { renotify_step: step } : {}),
          ...(quietChanged ? { quiet_hours: quiet ?? null } : {}),
          ...(digestChanged ? { digest: digest ?? null } : {}),
          ...(windowChanged ? { date_window: dateWindow ?? null } : {}),
          ...(bagsChanged ? { bags: bags && (bags.carry_on > 0 || bags.checked > 0) ? bags : null } : {}),
        },
      })
      toast.success('Alert updated')
      onDone()
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) return setUpgrade(premiumReasonsOf(error))
      const elsewhere = error instanceof ApiError && error.fieldErrors ? applyServerFieldErrors(form.setError, error.fieldErrors, form.setFocus) : []
      // Reasonable use (decision 040) is said on the frequency; with a window, its searches are what it counted.
      if (error instanceof ApiError && error.fieldErrors?.check_frequency && values.date_window) {
        form.setError('date_window', { type: 'server', message: WINDOW_SEARCHES_COUNTED })
      }
      if (error instanceof ApiError && error.fieldErrors && elsewhere.length === 0) return
      // A specific refusal ("This alert can no longer be edited") says more than the generic message.
      const specific = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message !== ALERT_MESSAGES.updateFailed ? [error.message] : []
      setFailure([ALERT_MESSAGES.updateFailed, ...specific, ...elsewhere])
    }
  })

  const live = (LIVE_ALERT_STATUSES as readonly string[]).includes(alert.status)
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit alert" className="grid gap-5">
      {upgrade && <UpgradePrompt reasons={upgrade} />}
      {failure && (
        <Notice tone="error" icon={AlertTriangle}>
          {failure.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Notice>
      )}
      {flexible && (
        <FlexibleWindowField
          control={form.control}
          name="date_window"
          roundTrip={alert.search_parameters.type === 1}
          frequency={frequency ?? alert.check_frequency}
          {...(ownDates.departureDate ? { initial: { depart_from: ownDates.departureDate } } : {})}
          {...(alert.date_window && ownDates.departureDate ? { offNote: `Without a window, the alert goes back to its own dates: ${combinationDatesText(ownDates as DatePair)}.` } : {})}
        />
      )}
      {alert.alertType === 'route' && <BagFields control={form.control} name="bags" />}
      {pricingChanged && (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          New dates or bags start the alert afresh: its price is checked again at once.
        </p>
      )}
      <AlertSettingsFields
        form={form}
        plan={plan}
        currency={alert.currency}
        currentFrequency={alert.check_frequency}
        {...(live ? { countedFrequency: alert.check_frequency, countedWindow: alert.date_window } : {})}
      />
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Save changes
        </Button>
      </DialogFooter>
    </form>
  )
}
