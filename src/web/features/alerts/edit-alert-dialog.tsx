import { LIVE_ALERT_STATUSES } from '#shared/alert-status.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { AlertTriangle } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { ALERT_MESSAGES, type Alert } from '#shared/alerts/alert.ts'
import type { PremiumReason } from '#shared/alerts/alert-rules.ts'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { Notice } from '../../components/notice.tsx'
import { AlertSettingsFields } from './alert-settings-fields.tsx'
import { alertSettingsSchema, applyServerFieldErrors, type AlertSettings, type AlertSettingsInput } from './alert-settings-schema.ts'
import { premiumReasonsOf } from './api.ts'
import { usePlan } from './plan-locks.ts'
import { UpgradePrompt } from './upgrade-prompt.tsx'
import { useUpdateAlert } from './use-alert-mutations.ts'

/** The edit modal for an editable alert: name, target, channels and frequency, with the plan's locks. */
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

function EditAlertForm({ alert, onDone }: { alert: Alert; onDone: () => void }) {
  const plan = usePlan()
  const update = useUpdateAlert()
  const [failure, setFailure] = useState<string[] | null>(null)
  const [upgrade, setUpgrade] = useState<PremiumReason[] | null>(null)
  const form = useForm<AlertSettingsInput, unknown, AlertSettings>({
    resolver: zodResolver(alertSettingsSchema),
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
    },
  })

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null)
    setUpgrade(null)
    try {
      // The client travels only when it changed (a downgraded advisor may still edit a client's alert).
      const { client_id: clientId, trigger, drop_percent: dropPercent, baseline_price: baseline, renotify_step: step, quiet_hours: quiet, digest, ...rest } = values
      // The rule travels only when it changed: a changed rule starts afresh on the server (decision 051).
      const ruleChanged = trigger !== alert.trigger || (trigger === 'drop' && dropPercent !== alert.drop_percent)
      const stepChanged = step.unit !== alert.renotify_step.unit || step.value !== alert.renotify_step.value
      const was = alert.quiet_hours
      const quietChanged = quiet && was ? quiet.start !== was.start || quiet.end !== was.end || quiet.time_zone !== was.time_zone : Boolean(quiet) !== Boolean(was)
      const before = alert.digest
      const digestChanged = digest && before ? digest.hour !== before.hour || digest.time_zone !== before.time_zone : Boolean(digest) !== Boolean(before)
      await update.mutateAsync({
        id: alert.id,
        patch: {
          ...rest,
          ...(clientId === alert.client_id ? {} : { client_id: clientId }),
          ...(ruleChanged ? { trigger, drop_percent: trigger === 'drop' ? (dropPercent ?? null) : null, baseline_price: baseline ?? null } : {}),
          ...(stepChanged ? { renotify_step: step } : {}),
          ...(quietChanged ? { quiet_hours: quiet ?? null } : {}),
          ...(digestChanged ? { digest: digest ?? null } : {}),
        },
      })
      toast.success('Alert updated')
      onDone()
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) return setUpgrade(premiumReasonsOf(error))
      const elsewhere = error instanceof ApiError && error.fieldErrors ? applyServerFieldErrors(form.setError, error.fieldErrors) : []
      if (error instanceof ApiError && error.fieldErrors && elsewhere.length === 0) return
      // A specific refusal ("This alert can no longer be edited") says more than the generic message.
      const specific = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message !== ALERT_MESSAGES.updateFailed ? [error.message] : []
      setFailure([ALERT_MESSAGES.updateFailed, ...specific, ...elsewhere])
    }
  })

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
      <AlertSettingsFields
        form={form}
        plan={plan}
        currency={alert.currency}
        currentFrequency={alert.check_frequency}
        {...((LIVE_ALERT_STATUSES as readonly string[]).includes(alert.status) ? { countedFrequency: alert.check_frequency } : {})}
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
