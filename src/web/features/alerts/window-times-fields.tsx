import { useState } from 'react'
import { parseTimeWindow, timeWindowParam } from '#shared/flights/flight-query.ts'
import { TimeWindowFields } from '../../components/time-window-fields.tsx'

/**
 * A flexible window's times of day (decision 055): off by default; on, the outbound's (and a round
 * trip's return's) departure and arrival hours, as the search page's Times filter takes them. The
 * values are SerpApi's ("6,11" or "6,11,14,18"); "any time" leaves the key out. Limiting times means
 * every date pair is searched with them (the fare calendar can't price them), which the cost line
 * below says.
 */
export function WindowTimesFields({
  outbound,
  back,
  roundTrip,
  errors,
  onChange,
}: {
  outbound: string | undefined
  back: string | undefined
  roundTrip: boolean
  errors: { outbound?: string | undefined; back?: string | undefined }
  onChange: (times: { outbound_times: string | undefined; return_times: string | undefined }) => void
}) {
  const [open, setOpen] = useState(Boolean(outbound || back))
  return (
    <div className="grid gap-2">
      <label className="flex min-h-7 cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          checked={open}
          onChange={(event) => {
            setOpen(event.target.checked)
            if (!event.target.checked) onChange({ outbound_times: undefined, return_times: undefined })
          }}
          className="size-4 accent-primary"
        />
        Only at certain times of day
      </label>
      {open && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1">
            <TimeWindowFields legend="Outbound" value={parseTimeWindow(outbound)} onChange={(window) => onChange({ outbound_times: timeWindowParam(window), return_times: back })} />
            {errors.outbound && (
              <p role="alert" className="text-xs text-destructive">
                {errors.outbound}
              </p>
            )}
          </div>
          {roundTrip && (
            <div className="grid gap-1">
              <TimeWindowFields legend="Return" value={parseTimeWindow(back)} onChange={(window) => onChange({ outbound_times: outbound, return_times: timeWindowParam(window) })} />
              {errors.back && (
                <p role="alert" className="text-xs text-destructive">
                  {errors.back}
                </p>
              )}
            </div>
          )}
        </div>
      )}
    </div>
  )
}
