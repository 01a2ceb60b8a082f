import { useMutation, useQueryClient } from '@tanstack/react-query'
import { formatRoute } from '#shared/format.ts'
import { Button } from '../../components/ui/button.tsx'
import { useNow } from '../../hooks/use-now.ts'
import { errorMessage } from '../../lib/api-client.ts'
import { formatDateTime, formatDay, formatRelative } from '../../lib/format.ts'
import { adminDebugKeys, clearShocks, type ActiveShock } from './api.ts'
import { formatFactor } from './debug-format.ts'

/** The price shocks in force, each with a button that clears every shock on its route. */
export function ShockList({ shocks }: { shocks: ActiveShock[] }) {
  const queryClient = useQueryClient()
  const now = useNow(true, 60_000)
  const clear = useMutation({
    mutationFn: clearShocks,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDebugKeys.info() }),
  })
  const clearing = clear.isPending ? clear.variables : null

  return (
    <div className="grid gap-2">
      {shocks.length === 0 ? (
        <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">No price shocks in force: fares follow the market.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Active price shocks">
          {shocks.map((shock) => {
            const route = formatRoute(shock.from, shock.to)
            return (
              <li key={shock.id} className="grid grid-cols-[1fr_auto] items-center gap-3 rounded-lg border p-3 text-sm">
                <div className="grid min-w-0 gap-0.5">
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-semibold">{route}</span>
                    <span className={shock.factor < 1 ? 'font-semibold text-success' : 'font-semibold text-destructive'}>{formatFactor(shock.factor)}</span>
                  </p>
                  <p className="text-muted-foreground">
                    {shock.departureDate ? `Departing ${formatDay(shock.departureDate)}` : 'Every departure date'} · until{' '}
                    <time dateTime={shock.until} title={formatDateTime(shock.until)}>
                      {formatDateTime(shock.until)} ({formatRelative(shock.until, new Date(now))})
                    </time>
                  </p>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Clear shocks on ${route}`}
                  loading={clearing?.from === shock.from && clearing.to === shock.to}
                  disabled={clear.isPending}
                  onClick={() => clear.mutate({ from: shock.from, to: shock.to })}
                >
                  Clear
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      <p role="status" className="text-sm empty:hidden">
        {clear.isSuccess &&
          `Cleared ${clear.data.cleared} ${clear.data.cleared === 1 ? 'shock' : 'shocks'} on ${formatRoute(clear.variables.from, clear.variables.to)}.`}
      </p>
      {clear.isError && (
        <p role="alert" className="text-sm text-destructive">
          Could not clear the shocks: {errorMessage(clear.error)}
        </p>
      )}
    </div>
  )
}
