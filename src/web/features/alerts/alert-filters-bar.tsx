import { Search, X } from 'lucide-react'
import { useId } from 'react'
import { ALERT_STATUSES, ALERT_STATUS_LABEL } from '#shared/alert-status.ts'
import { ALERT_SORT_FIELDS } from '#shared/alerts/alert.ts'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Label } from '../../components/ui/label.tsx'
import { DEFAULT_ALERT_FILTERS, useAlertStore, type AlertListFilters } from '../../stores/alert-store.ts'
import { NativeSelect } from '../../components/ui/native-select.tsx'
import { ClientFilter } from '../clients/index.ts'
import { usePlan } from './plan-locks.ts'

const SORT_LABEL: Record<AlertListFilters['sortBy'], [asc: string, desc: string]> = {
  created_at: ['Oldest first', 'Newest first'],
  departure_date: ['Departure: soonest', 'Departure: latest'],
  target_price: ['Target: lowest', 'Target: highest'],
  lowest_price: ['Lowest price seen: cheapest', 'Lowest price seen: dearest'],
  name: ['Name: A–Z', 'Name: Z–A'],
}

/** Sort field and order as one choice, newest first at the top (the default). */
const SORT_OPTIONS = [
  { value: 'created_at:desc', label: SORT_LABEL.created_at[1] },
  ...ALERT_SORT_FIELDS.flatMap((field) =>
    (['asc', 'desc'] as const).map((order) => ({ value: `${field}:${order}`, label: SORT_LABEL[field][order === 'asc' ? 0 : 1] })),
  ).filter((option) => option.value !== 'created_at:desc'),
]

/**
 * Status (with All), type, sort and a text search; every change is kept in the alert store
 * (`alert-store`). `readOnly`: the filters a saved list was loaded with, shown and not changeable
 * (offline, the server can't be asked for another list).
 */
export function AlertFiltersBar({ readOnly }: { readOnly?: AlertListFilters }) {
  const id = useId()
  const stored = useAlertStore((state) => state.filters)
  const filters = readOnly ?? stored
  const setFilters = useAlertStore((state) => state.setFilters)
  const resetFilters = useAlertStore((state) => state.resetFilters)
  const advisor = usePlan() === 'unlimited'
  const changed = (Object.keys(DEFAULT_ALERT_FILTERS) as Array<keyof AlertListFilters>).some((key) => filters[key] !== DEFAULT_ALERT_FILTERS[key])

  return (
    <form role="search" aria-label="Filter alerts" onSubmit={(event) => event.preventDefault()}>
      <fieldset
        disabled={readOnly !== undefined}
        className={`grid min-w-0 grid-cols-2 gap-3 ${advisor ? 'lg:grid-cols-[minmax(0,1.4fr)_repeat(4,minmax(0,1fr))]' : 'lg:grid-cols-[minmax(0,1.6fr)_repeat(3,minmax(0,1fr))]'}`}
      >
      <div className="col-span-2 grid gap-1.5 lg:col-span-1">
        <Label htmlFor={`${id}-q`}>Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id={`${id}-q`}
            type="search"
            placeholder="Name or airport"
            maxLength={100}
            value={filters.searchQuery}
            onChange={(event) => setFilters({ searchQuery: event.target.value })}
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <NativeSelect id={`${id}-status`} value={filters.status} onChange={(event) => setFilters({ status: event.target.value as AlertListFilters['status'] })}>
          <option value="all">All statuses</option>
          {ALERT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ALERT_STATUS_LABEL[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-type`}>Type</Label>
        <NativeSelect id={`${id}-type`} value={filters.alertType} onChange={(event) => setFilters({ alertType: event.target.value as AlertListFilters['alertType'] })}>
          <option value="all">All types</option>
          <option value="route">Route alerts</option>
          <option value="flight">Flight alerts</option>
        </NativeSelect>
      </div>
      <div className="col-span-2 grid gap-1.5 lg:col-span-1">
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <NativeSelect
          id={`${id}-sort`}
          value={`${filters.sortBy}:${filters.sortOrder}`}
          onChange={(event) => {
            const [sortBy, sortOrder] = event.target.value.split(':') as [AlertListFilters['sortBy'], AlertListFilters['sortOrder']]
            setFilters({ sortBy, sortOrder })
          }}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {advisor && <ClientFilter className="col-span-2 lg:col-span-1" id={`${id}-client`} value={filters.client} onChange={(client) => setFilters({ client })} />}
      {changed && !readOnly && (
        <div className={`col-span-2 flex justify-end ${advisor ? 'lg:col-span-5' : 'lg:col-span-4'}`}>
          <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={resetFilters}>
            <X aria-hidden="true" />
            Reset filters
          </Button>
        </div>
      )}
      </fieldset>
    </form>
  )
}
