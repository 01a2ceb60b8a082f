import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { Link } from 'react-router'
import type { QuotaStatus } from '#shared/alerts/alert-rules.ts'
import { getPlan } from '#shared/plans.ts'
import { PATHS } from '#shared/routes.ts'
import { PageHeader } from '../../components/page-header.tsx'
import { Button } from '../../components/ui/button.tsx'
import { InstallAppButton } from '../pwa/index.ts'
import { quotaQueryOptions } from './api.ts'
import { CsvActions } from './csv-actions.tsx'
import { UPGRADE_PATH } from './plan-locks.ts'

/** "2 of 3 alerts" (or "5 alerts · no limit") with a meter, and an upgrade link once the cap is reached. */
export function quotaText(quota: QuotaStatus): string {
  const noun = (count: number) => (count === 1 ? 'alert' : 'alerts')
  return quota.limit === null ? `${quota.used} ${noun(quota.used)} · no limit` : `${quota.used} of ${quota.limit} ${noun(quota.limit)}`
}

function QuotaSummary({ quota }: { quota: QuotaStatus }) {
  const plan = getPlan(quota.tier).name
  const full = !quota.canCreateFreeAlert
  return (
    <span className="grid gap-2">
      <span>
        <span className="font-medium text-foreground">{quotaText(quota)}</span>
        {` on the ${plan} plan.`}
        {full && (
          <>
            {' '}
            <Link to={UPGRADE_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
              Upgrade for more alerts
            </Link>
          </>
        )}
      </span>
      {quota.limit !== null && (
        <span
          role="meter"
          aria-label="Alerts used"
          aria-valuemin={0}
          aria-valuemax={quota.limit}
          aria-valuenow={quota.used}
          className="block h-1.5 w-48 max-w-full overflow-hidden rounded-full bg-muted"
        >
          <span className={`block h-full rounded-full ${full ? 'bg-warning' : 'bg-primary'}`} style={{ width: `${Math.min(100, (quota.used / Math.max(1, quota.limit)) * 100)}%` }} />
        </span>
      )}
    </span>
  )
}

/**
 * Page title, the quota, "Install app" while the browser offers it, Unlimited's CSV import and
 * export, and "New alert": alerts start from a search, so it goes to /search. Offline, no quota (it would be a guess) and no new alert.
 */
export function AlertsHeader({ offline = false }: { offline?: boolean }) {
  const quota = useQuery({ ...quotaQueryOptions, enabled: !offline })
  const description = offline ? (
    'The routes and flights you are watching, as last loaded on this device.'
  ) : quota.isPending ? (
    // A span: the page header puts the description inside a <p>.
    <span aria-hidden="true" className="mt-1 block h-5 w-48 animate-pulse rounded-md bg-muted" />
  ) : quota.data ? (
    <QuotaSummary quota={quota.data} />
  ) : (
    'Every route and flight you are watching, with its latest price.'
  )
  return (
    <PageHeader
      title="Your alerts"
      description={description}
      actions={
        // On a phone the buttons stack with "New alert" on top; side by side it is the last.
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <InstallAppButton />
          {!offline && quota.data?.tier === 'unlimited' && <CsvActions />}
          {offline ? (
            <Button disabled className="w-full sm:w-auto">
              <Plus aria-hidden="true" />
              New alert
            </Button>
          ) : (
            <Button asChild className="w-full sm:w-auto">
              <Link to={PATHS.search}>
                <Plus aria-hidden="true" />
                New alert
              </Link>
            </Button>
          )}
        </div>
      }
    />
  )
}
