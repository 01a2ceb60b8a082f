import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { checkFrequencyMinutes } from '#shared/alerts/alert-rules.ts'
import { alertSearchesPerDay, type DateWindow } from '#shared/alerts/date-window.ts'
import { formatChecks, frequencyCostText, type ReasonableUse } from '#shared/alerts/reasonable-use.ts'
import { earliestTravelDate } from '#shared/flights/travel-date.ts'
import { CHECK_FREQUENCIES } from '#shared/plans.ts'
import { Input } from '../../components/ui/input.tsx'
import { NativeSelect } from '../../components/ui/native-select.tsx'
import { api } from '../../lib/api-client.ts'
import { cn } from '../../lib/cn.ts'
import { alertQueryKeys } from './quota.ts'

const UNITS = [
  { value: 'm', label: 'minutes' },
  { value: 'h', label: 'hours' },
  { value: 'd', label: 'days' },
] as const
type Unit = (typeof UNITS)[number]['value']

const isNamed = (frequency: string) => (CHECK_FREQUENCIES as readonly string[]).includes(frequency)

/** "45m" → { amount: "45", unit: "m" }; a named or unreadable one starts the fields at 45 minutes. */
function splitFrequency(frequency: string): { amount: string; unit: Unit } {
  const match = /^(\d+)(m|h|d)$/.exec(frequency)
  return match && !isNamed(frequency) ? { amount: match[1]!, unit: match[2] as Unit } : { amount: '45', unit: 'm' }
}

/**
 * Unlimited's custom interval (decision 040): a number and a unit, from 15 minutes to 30 days,
 * as a fifth option beside the named ones. Typing in it chooses it.
 */
export function CustomFrequency({ value, onChange }: { value: string; onChange: (frequency: string) => void }) {
  const id = useId()
  const [fields, setFields] = useState(() => splitFrequency(value))
  const chosen = !isNamed(value)
  const choose = (next: { amount: string; unit: Unit }) => {
    setFields(next)
    onChange(`${next.amount.trim()}${next.unit}`)
  }
  return (
    <div
      className={cn(
        'col-span-2 grid gap-2 rounded-lg border px-3 py-2 text-sm transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        chosen && 'border-primary bg-primary/5',
      )}
    >
      <label className="flex min-h-7 cursor-pointer items-center gap-2">
        <input type="radio" name={`${id}-custom`} checked={chosen} onChange={() => choose(fields)} className="size-4 accent-primary" />
        Custom interval
      </label>
      <div className="flex items-center gap-2 pl-6">
        <span className="text-muted-foreground">Every</span>
        <Input
          aria-label="Custom interval"
          inputMode="numeric"
          className="w-20"
          value={fields.amount}
          onChange={(event) => choose({ ...fields, amount: event.target.value.replace(/\D/g, '').slice(0, 5) })}
        />
        <NativeSelect aria-label="Unit" className="w-28" value={fields.unit} onChange={(event) => choose({ ...fields, unit: event.target.value as Unit })}>
          {UNITS.map((unit) => (
            <option key={unit.value} value={unit.value}>
              {unit.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <p className="pl-6 text-xs text-muted-foreground">From 15 minutes to 30 days.</p>
    </div>
  )
}

/**
 * What the chosen frequency costs, and where the account stands against reasonable use once it
 * is saved. `counted`: the frequency this alert already adds to the account's figure (editing a
 * live alert), replaced by the new one.
 */
export function FrequencyUsage({
  frequency,
  counted,
  window = null,
  countedWindow = null,
}: {
  frequency: string
  counted?: string
  /** The alert's flexible window as the form has it: reasonable use counts each of its searches (decision 055). */
  window?: DateWindow | null
  /** The window the alert being edited is counted with now. */
  countedWindow?: DateWindow | null
}) {
  const usage = useQuery({
    queryKey: [...alertQueryKeys.all, 'reasonable-use'],
    queryFn: ({ signal }): Promise<ReasonableUse> => api('GET /api/alerts/reasonable-use', { signal }),
  })
  if (checkFrequencyMinutes(frequency) === null) return null
  const today = earliestTravelDate(new Date())
  const total = usage.data ? usage.data.checksPerDay - (counted ? alertSearchesPerDay(counted, countedWindow, today) : 0) + alertSearchesPerDay(frequency, window, today) : null
  const over = usage.data && total !== null && total > usage.data.allowance + 1e-9
  return (
    <div className="grid gap-1 text-xs text-muted-foreground" aria-live="polite">
      <p>{frequencyCostText(frequency)}</p>
      {usage.data && total !== null && (
        <p className={cn(over && 'font-medium text-destructive')}>
          {over
            ? `Over reasonable use: ${formatChecks(total)} of ${formatChecks(usage.data.allowance)} price checks a day. Choose a slower frequency${window ? ', a narrower window' : ''} or pause an alert.`
            : `With this alert: ${formatChecks(total)} of ${formatChecks(usage.data.allowance)} price checks a day (reasonable use${window ? ', each search of the window counted' : ''}).`}
        </p>
      )}
    </div>
  )
}
