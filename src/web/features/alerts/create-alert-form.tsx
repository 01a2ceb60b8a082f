import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, Search } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link } from 'react-router'
import { ALERT_MESSAGES, DEFAULT_CHECK_FREQUENCY, DEFAULT_NOTIFICATION_CHANNELS } from '#shared/alerts/alert.ts'
import { DEFAULT_RENOTIFY_STEP, ruleTarget, triggerText } from '#shared/alerts/alert-trigger.ts'
import { suggestedTargetPrice } from '#shared/alerts/alert-text.ts'
import { formatPrice } from '#shared/format.ts'
import { PATHS } from '#shared/routes.ts'
import { Button } from '../../components/ui/button.tsx'
import { DialogFooter } from '../../components/ui/dialog.tsx'
import { ApiError } from '../../lib/api-client.ts'
import type { AlertDraft } from '../../stores/alert-draft-store.ts'
import { useAlertStore } from '../../stores/alert-store.ts'
import { toast } from '../../stores/toast-store.ts'
import { Notice } from '../../components/notice.tsx'
import { AlertSettingsFields } from './alert-settings-fields.tsx'
import { FlexibleWindowField } from './flexible-window-field.tsx'
import { BagFields } from './bag-fields.tsx'
import { alertSettingsSchema, applyServerFieldErrors, type AlertSettings, type AlertSettingsInput } from './alert-settings-schema.ts'
import { premiumReasonsOf, quotaAllowsCreating, quotaQueryOptions } from './api.ts'
import { defaultNameForDraft, draftAlertType, draftItineraries, searchParametersForDraft, trackedFlightsOf } from './draft-payload.ts'
import { usePlan } from './plan-locks.ts'
import { searchContextFor } from './search-context.ts'
import { TrackedSearchSummary } from './tracked-search-summary.tsx'
import { UpgradePrompt } from './upgrade-prompt.tsx'
import { useCreateAlert } from './use-alert-mutations.ts'

/**
 * The creation modal's body for a draft: step "configure" (the form, with the tracked search
 * summarised) or "upgrade" (after a 403). The form lives above the step switch, so going back
 * from the upgrade prompt keeps what was typed.
 */
export function CreateAlertForm({ draft, onDone, onCreated = onDone }: { draft: AlertDraft; onDone: () => void; onCreated?: () => void }) {
  const plan = usePlan()
  const queryClient = useQueryClient()
  const quota = useQuery(quotaQueryOptions)
  const step = useAlertStore((state) => state.createStep)
  const upgradeReasons = useAlertStore((state) => state.upgradeReasons)
  const storedContext = useAlertStore((state) => state.searchContext)
  const create = useCreateAlert()
  const [failure, setFailure] = useState<{ message: string; details: string[] } | null>(null)

  const itineraries = draftItineraries(draft)
  const alertType = draftAlertType(draft)
  const trackedFlights = useMemo(() => trackedFlightsOf(draftItineraries(draft)), [draft])
  const built = useMemo(() => searchParametersForDraft(draft), [draft])
  const [context] = useState(() => storedContext ?? searchContextFor(queryClient, draft.search, itineraries))
  const currency = context.currency

  const form = useForm<AlertSettingsInput, unknown, AlertSettings>({
    resolver: zodResolver(alertSettingsSchema),
    defaultValues: {
      name: defaultNameForDraft(draft),
      target_price: suggestedTargetPrice(context.referencePrice) ?? '',
      notification_channels: { ...DEFAULT_NOTIFICATION_CHANNELS },
      check_frequency: DEFAULT_CHECK_FREQUENCY,
      trigger: 'below',
      drop_percent: '',
      // The price the traveller sees now: what a drop or a new low is measured from (decision 051).
      baseline_price: context.referencePrice,
      renotify_step: { ...DEFAULT_RENOTIFY_STEP },
      quiet_hours: null,
      digest: null,
      date_window: null,
      bags: { carry_on: 0, checked: 0 },
    },
  })

  // The window's cost line follows the chosen check frequency.
  const frequency = useWatch({ control: form.control, name: 'check_frequency' })

  const onSubmit = form.handleSubmit(async (values) => {
    if (!built.ok) return
    setFailure(null)
    try {
      const { client_id: clientId, drop_percent: dropPercent, baseline_price: baseline, quiet_hours: quiet, digest, date_window: dateWindow, bags, ...settings } = values
      await create.mutateAsync({
        ...settings,
        ...(values.trigger === 'drop' ? { drop_percent: dropPercent ?? null } : {}),
        ...(baseline ? { baseline_price: baseline } : {}),
        ...(quiet ? { quiet_hours: quiet } : {}),
        ...(digest ? { digest } : {}),
        ...(dateWindow ? { date_window: dateWindow } : {}),
        ...(bags && (bags.carry_on > 0 || bags.checked > 0) ? { bags } : {}),
        ...(clientId ? { client_id: clientId } : {}),
        alertType,
        search_parameters: built.params,
        filters: { ...draft.search.filters },
        ...(alertType === 'flight' ? { trackedFlights } : {}),
      })
      toast.success('Alert created', `We'll tell you about “${values.name}”: ${createdRuleText(values, currency)}.`)
      onCreated()
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        setFailure({ message: error.message, details: [] })
        useAlertStore.getState().showUpgrade(premiumReasonsOf(error))
        return
      }
      const elsewhere = error instanceof ApiError && error.fieldErrors ? applyServerFieldErrors(form.setError, error.fieldErrors, form.setFocus) : []
      if (error instanceof ApiError && error.fieldErrors && elsewhere.length === 0) return
      setFailure({ message: ALERT_MESSAGES.createFailed, details: elsewhere })
    }
  })

  const summary = <TrackedSearchSummary params={draft.search.params} filters={draft.search.filters} flights={trackedFlights} />

  if (step === 'upgrade') {
    return (
      <UpgradePrompt reasons={upgradeReasons} message={failure?.message}>
        <Button variant="outline" onClick={() => useAlertStore.getState().backToConfigure()}>
          Back to the alert
        </Button>
      </UpgradePrompt>
    )
  }
  if (!quotaAllowsCreating(quota)) {
    return (
      <div className="grid gap-4">
        {summary}
        <UpgradePrompt reasons={['quota_exceeded']}>
          <Button variant="outline" asChild>
            {/* From the search page too (issue 16), the button leads to the alerts it names. */}
            <Link to={PATHS.alerts} onClick={onDone}>
              Manage my alerts
            </Link>
          </Button>
        </UpgradePrompt>
      </div>
    )
  }

  // Flexible dates: a route alert's one-way or round trip (decision 055).
  const flexible = alertType === 'route' && draft.search.params.tripType !== 'multi-city'
  const hint = context.referencePrice !== null ? `Now ${formatPrice(context.referencePrice, currency)}; we suggest 5% below.` : undefined
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create alert" className="grid gap-5">
      {summary}
      {!built.ok && (
        <Notice tone="warning" icon={AlertTriangle}>
          <p className="font-medium">This search can't be tracked yet.</p>
          <ul className="list-disc pl-4">
            {built.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <Link to={PATHS.search} className="font-medium text-primary underline-offset-4 hover:underline">
            Back to the search
          </Link>
        </Notice>
      )}
      {failure && (
        <Notice tone="error" icon={AlertTriangle}>
          <p>{failure.message}</p>
          {failure.details.map((detail) => (
            <p key={detail}>{detail}</p>
          ))}
        </Notice>
      )}
      {flexible && (
        <FlexibleWindowField
          control={form.control}
          name="date_window"
          roundTrip={draft.search.params.tripType === 'round-trip'}
          frequency={frequency ?? DEFAULT_CHECK_FREQUENCY}
          initial={{ depart_from: draft.search.params.departureDate }}
        />
      )}
      {alertType === 'route' && <BagFields control={form.control} name="bags" />}
      <AlertSettingsFields form={form} plan={plan} currency={currency} targetHint={hint} />
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting} disabled={!built.ok}>
          Create alert
        </Button>
      </DialogFooter>
    </form>
  )
}

/** "when it drops 10 % from $639 ($575.10 or less)": the rule as the card will say it. */
function createdRuleText(values: AlertSettings, currency: string): string {
  const rule = {
    trigger: values.trigger,
    drop_percent: values.drop_percent ?? null,
    baseline_price: values.baseline_price ?? null,
    renotify_step: values.renotify_step,
  }
  const text = triggerText(rule, ruleTarget(rule, values.target_price), currency)
  return text.charAt(0).toLowerCase() + text.slice(1)
}

/** /alerts?create=1 without a hand-off (a reload, a bookmark): alerts start from a search. */
export function NoDraft() {
  return (
    <div className="grid justify-items-start gap-3 text-sm">
      <p className="text-muted-foreground">
        Alerts are created from a flight search: search for your trip, then press Track this route (to watch the cheapest fare) or Track this flight (to
        watch the flights you picked).
      </p>
      <Button asChild>
        <Link to={PATHS.search}>
          <Search aria-hidden="true" />
          Search flights
        </Link>
      </Button>
    </div>
  )
}
