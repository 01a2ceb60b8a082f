import { useQuery } from '@tanstack/react-query'
import { AlertTriangle } from 'lucide-react'
import { useState } from 'react'
import { billingEventText } from '#shared/billing.ts'
import { Button } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { Notice } from '../../components/notice.tsx'
import { formatDay } from '../../lib/format.ts'
import { billingHistoryQueryOptions } from './api.ts'

/** Enough to see the recent story; the rest one click away. */
const FIRST_ROWS = 6

/** Payments, plan changes and cancellations, newest first (the profile and the test portal). */
export function BillingHistory({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const history = useQuery(billingHistoryQueryOptions)
  const [showAll, setShowAll] = useState(false)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const events = history.data ?? []
  const shown = showAll ? events : events.slice(0, FIRST_ROWS)

  return (
    <div className="grid gap-3">
      <Heading id="billing-history-heading" className="text-base font-semibold">
        Billing history
      </Heading>
      {history.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading billing history">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : history.isError ? (
        <Notice tone="error" icon={AlertTriangle}>
          <p>Could not load your billing history. {errorMessage(history.error)}</p>
          <Button variant="link" className="h-auto justify-start p-0" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </Notice>
      ) : events.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          No billing activity yet. Payments, plan changes and cancellations will show here.
        </p>
      ) : (
        <>
          <ol className="divide-y rounded-lg border" aria-labelledby="billing-history-heading">
            {shown.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-0.5 px-4 py-3 text-sm sm:flex-row sm:items-baseline sm:gap-4">
                <time dateTime={entry.created_at} className="shrink-0 text-muted-foreground tabular-nums sm:w-28">
                  {formatDay(entry.created_at)}
                </time>
                <span className="min-w-0">{billingEventText(entry, formatDay)}</span>
              </li>
            ))}
          </ol>
          {events.length > FIRST_ROWS && (
            <Button variant="link" className="h-auto justify-self-start p-0" onClick={() => setShowAll((all) => !all)}>
              {showAll ? 'Show fewer' : `Show all ${events.length} entries`}
            </Button>
          )}
        </>
      )}
    </div>
  )
}
